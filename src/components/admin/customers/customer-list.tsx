"use client";
/**
 * The admin's customer list (issue 32): a search by name, e-mail, CVR or organisationsnummer kept in the
 * address (?q=, so a search survives a reload and can be shared), and a page of 50 from the server at a
 * time (?page=). The search waits for a pause in typing before it asks, and an older answer arriving
 * late never replaces a newer one. A row opens the customer's page; its name is the link, so the
 * keyboard reaches it too.
 */
import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { adminHref } from "../sections";
import { formatMoment } from "./format";
import { BillingStatusChip } from "./status-chip";
import { errorMessage } from "@/client/api";
import { searchCustomers } from "@/client/admin/customers";
import { useSite } from "@/components/site-context";
import type { CustomerPageDto } from "@/lib/schemas/admin";

/** Long enough to let a name be typed, short enough to feel immediate. */
const SEARCH_DELAY_MS = 300;

export function CustomerList() {
  const t = useTranslations("admin.customers");
  const { locale } = useSite();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [text, setText] = useState(q);
  /** The last answer and the search it answers: while it is for another search, the next is loading. */
  const [answer, setAnswer] = useState<{ key: string; result: CustomerPageDto | null; error: string | null } | null>(null);
  const key = `${q}\n${page}`;
  const loading = answer?.key !== key;
  const result = answer?.result ?? null;
  const error = loading ? null : (answer?.error ?? null);

  /** The address with other parameters kept (the tab): replace, so typing does not fill the history. */
  const setQuery = (next: { q?: string; page?: number }) => {
    const query = new URLSearchParams(params.toString());
    const nextQ = next.q ?? q;
    if (nextQ) query.set("q", nextQ);
    else query.delete("q");
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set("page", String(nextPage));
    else query.delete("page");
    const search = query.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setQuery({ q: text.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // setQuery reads the current address; only the typed text starts a new wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  useEffect(() => {
    const controller = new AbortController();
    const asked = `${q}\n${page}`;
    searchCustomers(q, page, { signal: controller.signal })
      .then((next) => setAnswer({ key: asked, result: next, error: null }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key: asked, result: null, error: errorMessage(caught, t("loadError")) });
      });
    return () => controller.abort();
  }, [q, page, t]);

  const rows = result?.customers ?? [];
  const listParams: Record<string, string> = { ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) };
  return (
    <Box data-testid="admin-customers">
      <TextField
        label={t("search")}
        helperText={t("searchHelp")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        sx={{ maxWidth: 560, mb: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { "data-testid": "admin-customer-search", type: "search" },
        }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="admin-customers-error">
          {error}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t("loading")} />}</Box>
        {/* Seven columns do not fit a phone: the table keeps its width and scrolls sideways there (by keyboard too). */}
        <TableContainer tabIndex={0} role="region" aria-label={t("caption")}>
          <Table size="small" aria-label={t("caption")} data-testid="admin-customer-table" aria-busy={loading} sx={{ minWidth: 960 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("columns.name")}</TableCell>
                <TableCell>{t("columns.email")}</TableCell>
                <TableCell>{t("columns.organisation")}</TableCell>
                <TableCell>{t("columns.role")}</TableCell>
                <TableCell>{t("columns.site")}</TableCell>
                <TableCell>{t("columns.billing")}</TableCell>
                <TableCell>{t("columns.lastLogin")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((customer) => {
                // The search rides along, so that the customer's page leads back to the same list.
                const href = adminHref("customers", { customer: String(customer.id), ...listParams });
                return (
                  <TableRow
                    key={customer.id}
                    hover
                    onClick={() => router.push(href)}
                    sx={{ cursor: "pointer" }}
                    data-testid="admin-customer-row"
                    data-id={customer.id}
                  >
                    <TableCell>
                      <Link component={NextLink} href={href} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 600 }}>
                        {customer.name}
                      </Link>
                    </TableCell>
                    <TableCell>{customer.email}</TableCell>
                    <TableCell>{customer.organisation?.name ?? "–"}</TableCell>
                    <TableCell>{customer.role ? t(`roles.${customer.role}`) : "–"}</TableCell>
                    <TableCell>{customer.site}</TableCell>
                    <TableCell>
                      <BillingStatusChip status={customer.billingStatus} blockReason={customer.blockReason} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {customer.lastLoginAt ? formatMoment(customer.lastLoginAt, locale) : t("never")}
                    </TableCell>
                  </TableRow>
                );
              })}
              {!loading && !error && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }} data-testid="admin-customers-empty">
                      {q ? t("noMatch", { q }) : t("none")}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1, p: 1, borderTop: 1, borderColor: "divider" }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite" data-testid="admin-customers-page">
            {t("page", { page })}
          </Typography>
          <Button
            size="small"
            disabled={page <= 1 || loading}
            onClick={() => setQuery({ page: page - 1 })}
            data-testid="admin-customers-prev"
          >
            {t("previous")}
          </Button>
          <Button
            size="small"
            disabled={!result?.hasMore || loading}
            onClick={() => setQuery({ page: page + 1 })}
            data-testid="admin-customers-next"
          >
            {t("next")}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
