"use client";
/**
 * The admin area's audit log (issue 32): every staff action, newest first, read-only. Filters by action,
 * record (type and id), staff member and date range; the next page is asked with the last row's id
 * (the API's nextCursor), so rows written meanwhile never shift or repeat a page. Action names are
 * translated (admin.audit.actions.*), an unknown one shown as it is stored; before and after are shown
 * per field, "before → after".
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
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
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { adminHref } from "../sections";
import { formatMoment } from "../customers/format";
import { errorMessage } from "@/client/api";
import { getAudit, type AuditFilters } from "@/client/admin/customers";
import { useSite } from "@/components/site-context";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntryDto } from "@/lib/schemas/admin";
import type { Locale } from "@/sites/registry";

const NO_FILTERS: AuditFilters = { action: "", targetType: "", targetId: "", adminId: "", from: "", to: "" };

type Translator = ReturnType<typeof useTranslations<"admin.audit">>;
/** A name stored in the log (an action, a field), in words where the messages have them, else as stored. */
function translatedOr(t: Translator, key: string, raw: string): string {
  const known = key as Parameters<Translator["has"]>[0];
  return t.has(known) ? t(known) : raw;
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function showValue(value: unknown, locale: Locale, none: string): string {
  if (value === null || value === undefined || value === "") return none;
  if (typeof value === "string") return ISO_MOMENT.test(value) ? formatMoment(value, locale) : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null
      ? {}
      : { value };

/** Each field that either side names: "field: before → after", or the one side there is. */
function Change({ entry }: { entry: AuditEntryDto }) {
  const t = useTranslations("admin.audit");
  const { locale } = useSite();
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <Typography color="text.secondary">–</Typography>;
  const none = t("none");
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="admin-audit-change">
      {keys.map((key) => {
        const field = translatedOr(t, `fields.${key}`, key);
        const [b, a] = [key in before, key in after];
        return (
          <Box component="li" key={key} sx={{ wordBreak: "break-word" }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {field}:{" "}
            </Typography>
            <Typography component="span" variant="body2">
              {b && a
                ? `${showValue(before[key], locale, none)} → ${showValue(after[key], locale, none)}`
                : showValue(b ? before[key] : after[key], locale, none)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function targetHref(entry: AuditEntryDto): string | null {
  return entry.targetType === "user" ? adminHref("customers", { customer: String(entry.targetId) }) : null;
}

export function AuditSection() {
  const t = useTranslations("admin.audit");
  const { locale } = useSite();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  /** The rows shown and the filters they answer: while they answer other filters, the first page is loading. */
  const [shown, setShown] = useState<{ for: AuditFilters; entries: AuditEntryDto[]; nextCursor: number | null } | null>(null);
  const [failed, setFailed] = useState<{ for: AuditFilters; message: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const loading = loadingMore || (shown?.for !== filters && failed?.for !== filters);
  const error = failed?.for === filters ? failed.message : null;
  const entries = shown?.for === filters ? shown.entries : [];
  const nextCursor = shown?.for === filters ? shown.nextCursor : null;

  const actionName = (action: string) => translatedOr(t, `actions.${action}`, action);
  const typeName = (type: string) => translatedOr(t, `targetTypes.${type}`, type);

  useEffect(() => {
    const controller = new AbortController();
    getAudit(filters, null, { signal: controller.signal })
      .then((page) => setShown({ for: filters, entries: page.entries, nextCursor: page.nextCursor }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setFailed({ for: filters, message: errorMessage(caught, t("loadError")) });
      });
    return () => controller.abort();
  }, [filters, t]);

  const loadMore = async () => {
    if (nextCursor === null) return;
    setLoadingMore(true);
    try {
      const page = await getAudit(filters, nextCursor);
      setShown((current) =>
        current?.for === filters ? { for: filters, entries: [...current.entries, ...page.entries], nextCursor: page.nextCursor } : current,
      );
    } catch (caught) {
      setFailed({ for: filters, message: errorMessage(caught, t("loadError")) });
    } finally {
      setLoadingMore(false);
    }
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
  };
  const filterByStaff = (adminId: number) => {
    const next = { ...draft, adminId: String(adminId) };
    setDraft(next);
    setFilters(next);
  };
  const field = (key: keyof AuditFilters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  return (
    <Box data-testid="admin-audit">
      <Paper
        component="form"
        variant="outlined"
        onSubmit={apply}
        aria-label={t("filters")}
        sx={{
          p: 2,
          mb: 2,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "2fr 1.2fr 1fr 1fr 1.2fr 1.2fr" },
        }}
      >
        <TextField
          select
          label={t("action")}
          size="small"
          {...field("action")}
          slotProps={{ htmlInput: { "data-testid": "admin-audit-action" } }}
        >
          <MenuItem value="">{t("all")}</MenuItem>
          {AUDIT_ACTIONS.map((action) => (
            <MenuItem key={action} value={action}>
              {actionName(action)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t("targetType")} size="small" {...field("targetType")}>
          <MenuItem value="">{t("all")}</MenuItem>
          {AUDIT_TARGET_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {typeName(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t("targetId")}
          size="small"
          {...field("targetId")}
          slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", "data-testid": "admin-audit-target-id" } }}
        />
        <TextField
          label={t("adminId")}
          size="small"
          {...field("adminId")}
          slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", "data-testid": "admin-audit-admin-id" } }}
        />
        <TextField label={t("from")} type="date" size="small" {...field("from")} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t("to")} type="date" size="small" {...field("to")} slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ display: "flex", gap: 1, gridColumn: "1 / -1" }}>
          <Button type="submit" variant="contained" disableElevation data-testid="admin-audit-apply">
            {t("apply")}
          </Button>
          <Button type="button" color="inherit" onClick={reset}>
            {t("reset")}
          </Button>
        </Box>
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="admin-audit-error">
          {error}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t("loading")} />}</Box>
        {/* Six columns do not fit a phone: the table keeps its width and scrolls sideways there (by keyboard too). */}
        <TableContainer tabIndex={0} role="region" aria-label={t("caption")}>
          <Table size="small" aria-label={t("caption")} data-testid="admin-audit-table" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("when")}</TableCell>
                <TableCell>{t("who")}</TableCell>
                <TableCell>{t("what")}</TableCell>
                <TableCell>{t("record")}</TableCell>
                <TableCell>{t("change")}</TableCell>
                <TableCell>{t("reason")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => {
                const href = targetHref(entry);
                const record = `${typeName(entry.targetType)} #${entry.targetId}`;
                return (
                  <TableRow key={entry.id} data-testid="admin-audit-row" data-action={entry.action} sx={{ verticalAlign: "top" }}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatMoment(entry.createdAt, locale)}</TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>
                      {/* The staff filter takes an id: a click on a name fills it in. */}
                      <Link
                        component="button"
                        type="button"
                        onClick={() => filterByStaff(entry.adminId)}
                        title={t("onlyStaff", { email: entry.adminEmail ?? `#${entry.adminId}` })}
                        sx={{ textAlign: "left", wordBreak: "break-all" }}
                      >
                        {entry.adminEmail ?? t("deletedStaff", { id: entry.adminId })}
                      </Link>
                    </TableCell>
                    <TableCell data-testid="admin-audit-action-name">{actionName(entry.action)}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {href ? (
                        <Link component={NextLink} href={href}>
                          {record}
                        </Link>
                      ) : (
                        record
                      )}
                    </TableCell>
                    <TableCell>
                      <Change entry={entry} />
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-word", minWidth: 120 }}>{entry.reason ?? "–"}</TableCell>
                  </TableRow>
                );
              })}
              {!loading && !error && entries.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }} data-testid="admin-audit-empty">
                      {t("empty")}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {nextCursor !== null && (
          <Box sx={{ display: "flex", justifyContent: "center", p: 1, borderTop: 1, borderColor: "divider" }}>
            <Button onClick={() => void loadMore()} disabled={loading} data-testid="admin-audit-more">
              {t("more")}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
