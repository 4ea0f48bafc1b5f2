"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useMemo, useState } from "react";
import { KeyFiguresChart } from "./key-figures-chart";
import { KeyFiguresTable, RevenueTable } from "./key-figures-tables";
import { getKeyFigures } from "@/client/admin-key-figures";
import { errorMessage } from "@/client/api";
import { useSite } from "@/components/site-context";
import { formatPrice } from "@/components/prices/format-price";
import {
  KEY_FIGURE_COUNTS,
  KEY_FIGURES_BY,
  KEY_FIGURES_MAX_DAYS,
  KEY_FIGURES_SITES,
  type KeyFiguresBy,
  type KeyFiguresDto,
  type KeyFiguresQuery,
  type KeyFiguresSite,
} from "@/lib/schemas/admin-key-figures";
import { SITES } from "@/sites/registry";

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The query the address asks for; what it does not name is left to the server's defaults (the last 30 days, all sites, per day). */
function queryOf(params: URLSearchParams): KeyFiguresQuery {
  const site = params.get("site");
  const by = params.get("by");
  const from = params.get("from");
  const to = params.get("to");
  return {
    site: (KEY_FIGURES_SITES as readonly string[]).includes(site ?? "") ? (site as KeyFiguresSite) : "all",
    by: (KEY_FIGURES_BY as readonly string[]).includes(by ?? "") ? (by as KeyFiguresBy) : "day",
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
  };
}

function FigureCard({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="li" data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.3 }} data-testid={`${testId}-value`}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function Figures({ data }: { data: KeyFiguresDto }) {
  const t = useTranslations("admin.keyFigures");
  const { locale } = useSite();
  const number = new Intl.NumberFormat(locale === "sv" ? "sv-SE" : "da-DK");
  const revenue = new Map<"DKK" | "SEK", number>();
  for (const row of data.revenue) revenue.set(row.currency, (revenue.get(row.currency) ?? 0) + row.net);
  return (
    <Stack spacing={3}>
      <section aria-labelledby="key-figures-totals">
        <Typography variant="h6" component="h2" id="key-figures-totals" sx={{ mb: 1 }}>
          {t("totals")}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {KEY_FIGURE_COUNTS.map((figure) => (
            <FigureCard
              key={figure}
              label={t(`figures.${figure}`)}
              value={number.format(data.totals[figure])}
              testId={`key-figure-${figure}`}
            />
          ))}
          <FigureCard
            label={t("payingSeats")}
            value={number.format(data.paying.seats)}
            detail={t("payingAccounts", { count: data.paying.accounts })}
            testId="key-figure-payingSeats"
          />
          <FigureCard
            label={t("revenue")}
            value={
              revenue.size
                ? [...revenue].map(([currency, net]) => formatPrice(net, currency, locale)).join(" · ")
                : formatPrice(0, "DKK", locale)
            }
            detail={t("revenueNote")}
            testId="key-figure-revenue"
          />
        </Box>
      </section>
      <section aria-labelledby="key-figures-chart">
        <Typography variant="h6" component="h2" id="key-figures-chart" sx={{ mb: 1 }}>
          {t(`chart.${data.by}`)}
        </Typography>
        <KeyFiguresChart data={data} />
      </section>
      <section aria-labelledby="key-figures-table">
        <Typography variant="h6" component="h2" id="key-figures-table" sx={{ mb: 1 }}>
          {t(`table.${data.by}`)}
        </Typography>
        <KeyFiguresTable data={data} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("notes")}
        </Typography>
      </section>
      <section aria-labelledby="key-figures-revenue">
        <Typography variant="h6" component="h2" id="key-figures-revenue" sx={{ mb: 1 }}>
          {t("revenue")}
        </Typography>
        <RevenueTable data={data} />
      </section>
    </Stack>
  );
}

function KeyFigures() {
  const t = useTranslations("admin.keyFigures");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => queryOf(new URLSearchParams(search)), [search]);
  const [data, setData] = useState<KeyFiguresDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getKeyFigures(query, controller.signal)
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((caught) => {
        if (!controller.signal.aborted) setError(errorMessage(caught, t("loadError")));
      });
    return () => controller.abort();
  }, [query, t]);

  const go = (changes: Partial<Record<keyof KeyFiguresQuery, string>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const address = next.toString();
    router.replace(address ? `${pathname}?${address}` : pathname, { scroll: false });
  };

  // The shown range: the address's, or the server's default once it has answered.
  const from = query.from ?? data?.from ?? "";
  const to = query.to ?? data?.to ?? "";

  return (
    <Stack spacing={3}>
      <Box
        component="form"
        role="search"
        aria-label={t("filters")}
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        <TextField
          select
          size="small"
          label={t("site")}
          value={query.site}
          onChange={(event) => go({ site: event.target.value === "all" ? "" : event.target.value })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "key-figures-site" } as object } }}
        >
          {KEY_FIGURES_SITES.map((site) => (
            <MenuItem key={site} value={site} data-testid={`key-figures-site-${site}`}>
              {site === "all" ? t("allSites") : SITES[site].productName}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={query.by}
          onChange={(_, value: KeyFiguresBy | null) => value && go({ by: value === "day" ? "" : value })}
          aria-label={t("by")}
          sx={{ height: 40 }}
        >
          {KEY_FIGURES_BY.map((by) => (
            <ToggleButton key={by} value={by} data-testid={`key-figures-by-${by}`} sx={{ px: 2 }}>
              {t(by)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          type="date"
          size="small"
          label={t("from")}
          value={from}
          onChange={(event) => isDay(event.target.value) && go({ from: event.target.value, to })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "key-figures-from" } }}
        />
        <TextField
          type="date"
          size="small"
          label={t("to")}
          value={to}
          onChange={(event) => isDay(event.target.value) && go({ from, to: event.target.value })}
          helperText={t("rangeHelp", { max: KEY_FIGURES_MAX_DAYS })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "key-figures-to" } }}
        />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("totals")} />
        </Box>
      )}
      {data && (
        <Box data-testid="key-figures" data-site={data.site} data-by={data.by} data-from={data.from} data-to={data.to}>
          <Figures data={data} />
        </Box>
      )}
    </Stack>
  );
}

/** The admin area's key figures at /admin/dashboard (issue 32): site, day or week and range are kept in the address. */
export function KeyFiguresSection() {
  return (
    <Suspense fallback={<CircularProgress />}>
      <KeyFigures />
    </Suspense>
  );
}
