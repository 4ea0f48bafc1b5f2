"use client";
import Button, { type ButtonProps } from "@mui/material/Button";
import Link from "next/link";

/** A MUI button that navigates with Next's client-side Link; usable from server components. */
export function LinkButton(props: Omit<ButtonProps<typeof Link>, "component"> & { href: string }) {
  return <Button component={Link} {...props} />;
}
