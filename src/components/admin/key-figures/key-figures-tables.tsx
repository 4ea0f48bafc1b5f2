"use client";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useSite } from "@/components/site-context";
import { formatPrice } from "@/components/prices/format-price";
import { formatShortDay } from "@/lib/billing/dates";
import { KEY_FIGURE_COUNTS, type KeyFiguresDto } from "@/lib/schemas/admin-key-figures";
import type { Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };

/** A day as the site writes it; a calendar day, so formatted at noon UTC to be the same day in any zone. */
const day = (isoDay: string, locale: Locale) => formatShortDay(`${isoDay}T12:00:00Z`, locale);

/** The figures of the chart as a table: a row per day or week, the range's totals last. */
export function KeyFiguresTable({ data }: { data: KeyFiguresDto }) {
  const t = useTranslations("admin.keyFigures");
  const { locale } = useSite();
  const number = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const periodLabel = (p: KeyFiguresDto["periods"][number]) =>
    data.by === "day" ? day(p.key, locale) : `${p.key} (${day(p.firstDay, locale)} – ${day(p.lastDay, locale)})`;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxHeight: data.periods.length > 20 ? 600 : undefined }}
      tabIndex={0}
      aria-labelledby="key-figures-table"
    >
      <Table size="small" stickyHeader data-testid="key-figures-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t("period")}
            </TableCell>
            {KEY_FIGURE_COUNTS.map((figure) => (
              <TableCell key={figure} component="th" scope="col" align="right">
                {t(`figures.${figure}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.periods.map((p) => (
            <TableRow key={p.key} data-testid="key-figures-row" data-key={p.key}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                {periodLabel(p)}
              </TableCell>
              {KEY_FIGURE_COUNTS.map((figure) => (
                <TableCell key={figure} align="right" data-figure={figure}>
                  {number.format(p[figure])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-testid="key-figures-total-row" sx={{ "& > *": { fontWeight: 700 } }}>
            <TableCell component="th" scope="row">
              {t("total")}
            </TableCell>
            {KEY_FIGURE_COUNTS.map((figure) => (
              <TableCell key={figure} align="right" data-figure={figure}>
                {number.format(data.totals[figure])}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Revenue per month and currency: invoiced excluding VAT, credited, and the difference. */
export function RevenueTable({ data }: { data: KeyFiguresDto }) {
  const t = useTranslations("admin.keyFigures");
  const { locale } = useSite();
  const month = (key: string) =>
    new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${key}-15T12:00:00Z`),
    );
  if (data.revenue.every((r) => r.invoiced === 0 && r.credited === 0)) {
    return <Typography color="text.secondary">{t("noRevenue")}</Typography>;
  }
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-labelledby="key-figures-revenue">
      <Table size="small" data-testid="key-figures-revenue-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t("month")}
            </TableCell>
            <TableCell component="th" scope="col">
              {t("currency")}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t("invoiced")}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t("credited")}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t("net")}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.revenue.map((r) => (
            <TableRow key={`${r.month} ${r.currency}`}>
              <TableCell component="th" scope="row">
                {month(r.month)}
              </TableCell>
              <TableCell>{r.currency}</TableCell>
              <TableCell align="right">{formatPrice(r.invoiced, r.currency, locale)}</TableCell>
              <TableCell align="right">{formatPrice(r.credited, r.currency, locale)}</TableCell>
              <TableCell align="right">{formatPrice(r.net, r.currency, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
