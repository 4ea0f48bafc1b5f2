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

  useEffect(() => {
    const element = row.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [measure]);

  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.6, behavior: "smooth" });

  return (
    <Box sx={{ display: "flex", alignItems: "center", minWidth: 0, "&&": { flexShrink: 1 } }}>
      {more.before && (
        <IconButton
          size="small"
          aria-label={t("moreToolsBefore")}
          onClick={() => scroll(-1)}
          sx={{ px: 0 }}
          data-testid="tools-scroll-before"
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
      )}
      <Box
        ref={row}
        sx={{ display: "flex", alignItems: "center", gap: 0.5, overflowX: "auto", minWidth: 0, scrollbarWidth: "none" }}
        data-testid="editor-tools"
      >
        {children}
      </Box>
      {more.after && (
        <IconButton size="small" aria-label={t("moreToolsAfter")} onClick={() => scroll(1)} sx={{ px: 0 }} data-testid="tools-scroll-after">
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
