"use client";
import { useEffect } from "react";
import { useSitePath } from "./use-site-path";

/** Scrolls to the top on every route change (core §2); a link to an anchor keeps its own scrolling. */
export function ScrollToTop() {
  const path = useSitePath();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [path]);
  return null;
}
