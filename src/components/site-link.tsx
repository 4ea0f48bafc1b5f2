"use client";
import Link, { type LinkProps } from "@mui/material/Link";
import NextLink from "next/link";

/**
 * A MUI text link that navigates with Next's client-side Link; usable from server components, which
 * cannot hand a component (NextLink) to a client component themselves.
 */
export function SiteLink(props: Omit<LinkProps<typeof NextLink>, "component"> & { href: string }) {
  return <Link component={NextLink} {...props} />;
}
