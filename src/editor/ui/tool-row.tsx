"use client";
/**
 * The toolbar's row of drawing tools: one line that scrolls sideways when the window is too narrow for
 * every tool, with a chevron at each end that has more tools behind it, so none is out of sight unnoticed.
 */
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

export function ToolRow({ children }: { children: ReactNode }) {
  const t = useTranslations("editor");
  const row = useRef<HTMLDivElement | null>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);

  // After every render: the tools in the row may have changed (one made unavailable, another added).
  useEffect(measure);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [measure]);

  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.6, behavior: "smooth" });

  // The chevrons lie over the row's ends rather than beside it: one appearing as the row scrolls must not
  // move the tools under the pointer.
  const chevron = (side: "before" | "after") => (
    <IconButton
      size="small"
      aria-label={t(side === "before" ? "moreToolsBefore" : "moreToolsAfter")}
      onClick={() => scroll(side === "before" ? -1 : 1)}
      sx={{
        position: "absolute",
        top: "50%",
        transform: "translateY(-50%)",
        [side === "before" ? "left" : "right"]: 0,
        px: 0,
        zIndex: 1,
        bgcolor: "background.paper",
        boxShadow: 2,
        "&:hover": { bgcolor: "background.paper" },
      }}
      data-testid={`tools-scroll-${side}`}
    >
      {side === "before" ? <ChevronLeftIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  );

  return (
    <Box sx={{ position: "relative", display: "flex", alignItems: "center", minWidth: 0, "&&": { flexShrink: 1 } }}>
      {more.before && chevron("before")}
      <Box
        ref={row}
        sx={{ display: "flex", alignItems: "center", gap: 0.5, overflowX: "auto", minWidth: 0, scrollbarWidth: "none" }}
        data-testid="editor-tools"
      >
        {children}
      </Box>
      {more.after && chevron("after")}
    </Box>
  );
}
