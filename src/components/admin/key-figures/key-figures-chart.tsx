"use client";
import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import { useTranslations } from "next-intl";
import { KEY_FIGURE_COUNTS, type KeyFiguresDto } from "@/lib/schemas/admin-key-figures";

/**
 * The counts over time, one line per figure. The chart is a picture for the eye: the table below holds
 * the same numbers for a screen reader or the keyboard, so the chart is one labelled image.
 */
export function KeyFiguresChart({ data }: { data: KeyFiguresDto }) {
  const t = useTranslations("admin.keyFigures");
  // A day's label without its year (the range shows it); a week's as it is ("2026-W49").
  const labels = data.periods.map((p) => (data.by === "day" ? p.key.slice(5) : p.key.replace(/^\d{4}-/, "")));
  return (
    <Box role="img" aria-label={t(`chartLabel.${data.by}`)} data-testid="key-figures-chart" sx={{ width: "100%" }}>
      <LineChart
        height={340}
        skipAnimation
        xAxis={[{ scaleType: "point", data: labels }]}
        yAxis={[{ tickMinStep: 1, min: 0 }]}
        series={KEY_FIGURE_COUNTS.map((figure) => ({
          id: figure,
          label: t(`figures.${figure}`),
          data: data.periods.map((p) => p[figure]),
          showMark: data.periods.length <= 31,
          // Straight lines between the counts: a smoothed curve would dip below zero between them.
          curve: "linear",
        }))}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 24 }}
      />
    </Box>
  );
}
