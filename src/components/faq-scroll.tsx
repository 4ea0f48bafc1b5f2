"use client";
import { useEffect } from "react";
import { FAQ_ANCHOR, scrollToFaq } from "@/sites/nav";

/** On arrival at /#faq from another page, scrolls smoothly to the FAQ after the specified delay. */
export function FaqScroll() {
  useEffect(() => {
    if (window.location.hash === `#${FAQ_ANCHOR}`) scrollToFaq();
  }, []);
  return null;
}
