"use client";
import { usePathname } from "next/navigation";
import { useSite } from "./site-context";

/**
 * The path as the visitor sees it. While a static page is prerendered the pathname still carries the
 * internal /<site> prefix that the proxy adds; strip it so server and browser render the same.
 */
export function useSitePath(): string {
  const pathname = usePathname() ?? "/";
  const prefix = `/${useSite().id}`;
  if (pathname === prefix) return "/";
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}
