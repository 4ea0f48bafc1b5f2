"use client";
/**
 * The admin area's invoices (issue 32): every customer's invoices, newest first, filtered by site,
 * status and overdue (kept in the address, so a filtered list can be linked and survives a reload),
 * paginated by the server. A row's actions: record a payment, credit it, and the documents (the
 * invoice's and its credit note's). The CSV export for the bookkeeper is a dialog with a date range.
 * A table where there is room; on a phone each invoice is a card with the same facts.
 */
import MoreVertIcon from "@mui/icons-material/MoreVert";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip, { type ChipProps } from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import InputLabel from "@mui/material/InputLabel";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { visuallyHidden } from "@mui/utils";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { CreditDialog, CsvDialog, PaymentDialog } from "./invoice-dialogs";
import { errorMessage } from "@/client/api";
import {
  adminCreditNoteDocumentPath,
  adminInvoiceDocumentPath,
  downloadAdminFile,
  getAdminInvoices,
  type AdminInvoiceFilters,
} from "@/client/admin/invoices";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import { formatShortDay } from "@/lib/billing/dates";
import { INVOICE_STATUSES, type AdminInvoicePageDto, type AdminInvoiceRowDto } from "@/lib/schemas/admin-invoices";
import { SITES, SITE_IDS, isSiteId } from "@/sites/registry";

// As the customer's invoices tab shows them; overdue in the error colour's darker shade (text on white).
const STATUS_CHIP: Record<AdminInvoiceRowDto["status"], ChipProps["sx"]> = {
  pending: { bgcolor: "action.selected" },
  paid: { bgcolor: "success.main", color: "success.contrastText" },
  overdue: { bgcolor: "error.dark", color: "common.white" },
  credited: { bgcolor: "action.selected" },
};

/** The filters as the address holds them (tab=invoices&site=…&status=…&overdue=true&q=…&page=…). */
function filtersOf(params: URLSearchParams): AdminInvoiceFilters {
  const site = params.get("site") ?? "";
  const status = params.get("status") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    site: isSiteId(site) ? site : undefined,
    status: (INVOICE_STATUSES as readonly string[]).includes(status) ? status : undefined,
    overdue: params.get("overdue") === "true",
    q: params.get("q")?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

type Dialog = { kind: "payment" | "credit"; invoice: AdminInvoiceRowDto } | { kind: "csv" } | null;

export function InvoicesSection() {
  const t = useTranslations("admin.invoices");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = useMemo(() => filtersOf(new URLSearchParams(params.toString())), [params]);
  // The answer with the request it answers: an answer to other filters than the address's is a load under way.
  const [answer, setAnswer] = useState<{ key: string; result: { page: AdminInvoicePageDto } | { error: string } }>();
  const [search, setSearch] = useState(filters.q ?? "");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reloads, setReloads] = useState(0);
  const { locale } = useSite();

  /** Changes filters in the address (a new filter starts at page 1); the list follows the address. */
  const setFilters = useCallback(
    (change: Partial<AdminInvoiceFilters>) => {
      const next = { ...filters, page: 1, ...change };
      const query = new URLSearchParams(params.toString());
      const set = (name: string, value: string | undefined) => (value ? query.set(name, value) : query.delete(name));
      set("site", next.site);
      set("status", next.status);
      set("overdue", next.overdue ? "true" : undefined);
      set("q", next.q);
      set("page", next.page && next.page > 1 ? String(next.page) : undefined);
      router.replace(`${pathname}?${query.toString()}`, { scroll: false });
    },
    [filters, params, pathname, router],
  );

  const requestKey = `${JSON.stringify(filters)}#${reloads}`;
  const loaded = answer?.key === requestKey ? answer.result : undefined;
  useEffect(() => {
    const controller = new AbortController();
    getAdminInvoices(filters, { signal: controller.signal }).then(
      (page) => setAnswer({ key: requestKey, result: { page } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key: requestKey, result: { error: errorMessage(error, t("loadError")) } });
      },
    );
    return () => controller.abort();
  }, [filters, requestKey, t]);

  // The search box asks once typing pauses, not at every key.
  useEffect(() => {
    const text = search.trim();
    if (text === (filters.q ?? "")) return;
    const timer = setTimeout(() => setFilters({ q: text || undefined }), 400);
    return () => clearTimeout(timer);
  }, [search, filters.q, setFilters]);

  const reload = () => setReloads((n) => n + 1);

  return (
    <Stack spacing={2} data-testid="admin-invoices">
      <Box
        component="form"
        role="search"
        aria-label={t("filters")}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ q: search.trim() || undefined });
        }}
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
      >
        <TextField
          label={t("search")}
          placeholder={t("searchHelp")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          type="search"
          sx={{ flex: "1 1 16rem", maxWidth: { sm: 360 } }}
          slotProps={{ htmlInput: { "data-testid": "invoices-search" } }}
        />
        <FormControl size="small" sx={{ minWidth: 160, flex: { xs: "1 1 40%", sm: "0 0 auto" } }}>
          <InputLabel id="invoices-site-label">{t("site")}</InputLabel>
          <Select
            labelId="invoices-site-label"
            label={t("site")}
            value={filters.site ?? ""}
            onChange={(event) => setFilters({ site: event.target.value || undefined })}
            data-testid="invoices-site"
          >
            <MenuItem value="">{t("allSites")}</MenuItem>
            {SITE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {SITES[id].productName}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <StatusFilter value={filters.status ?? ""} onChange={(status) => setFilters({ status: status || undefined })} />
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.overdue ?? false}
              onChange={(event) => setFilters({ overdue: event.target.checked })}
              slotProps={{ input: { "data-testid": "invoices-overdue" } as object }}
            />
          }
          label={t("overdueOnly")}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setDialog({ kind: "csv" })} data-testid="invoices-csv">
          {t("csv.button")}
        </Button>
      </Box>

      {loaded === undefined ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress size={28} aria-label={t("loading")} />
        </Box>
      ) : "error" in loaded ? (
        <Alert
          severity="error"
          data-testid="invoices-error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t("retry")}
            </Button>
          }
        >
          {loaded.error}
        </Alert>
      ) : (
        <InvoiceTable
          page={loaded.page}
          onPage={(page) => setFilters({ ...filters, page })}
          onAction={(kind, invoice) => setDialog({ kind, invoice })}
        />
      )}

      {dialog?.kind === "payment" && (
        <PaymentDialog
          invoice={dialog.invoice}
          onClose={() => setDialog(null)}
          onRecorded={(result) => {
            setDialog(null);
            toast.success(
              result.outcome === "paid"
                ? t("payment.paid", { number: result.invoice.number })
                : t("payment.partial", {
                    number: result.invoice.number,
                    remaining: formatPrice(result.invoice.remaining, result.invoice.currency, locale),
                  }),
            );
            reload();
          }}
        />
      )}
      {dialog?.kind === "credit" && (
        <CreditDialog
          invoice={dialog.invoice}
          onClose={() => setDialog(null)}
          onCredited={(row) => {
            setDialog(null);
            toast.success(t("creditDialog.done", { number: row.number, creditNote: row.creditNote?.number ?? "" }));
            reload();
          }}
        />
      )}
      {dialog?.kind === "csv" && <CsvDialog site={filters.site ?? ""} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const t = useTranslations("admin.invoices");
  const ts = useTranslations("billingAccount.invoices.statuses");
  return (
    <FormControl size="small" sx={{ minWidth: 180, flex: { xs: "1 1 40%", sm: "0 0 auto" } }}>
      <InputLabel id="invoices-status-label">{t("status")}</InputLabel>
      <Select
        labelId="invoices-status-label"
        label={t("status")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="invoices-status"
      >
        <MenuItem value="">{t("allStatuses")}</MenuItem>
        {INVOICE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {ts(status)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function StatusCell({ invoice }: { invoice: AdminInvoiceRowDto }) {
  const t = useTranslations("admin.invoices");
  const ts = useTranslations("billingAccount.invoices.statuses");
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
      <Chip
        size="small"
        label={ts(invoice.status)}
        sx={STATUS_CHIP[invoice.status]}
        data-testid="invoice-status"
        data-status={invoice.status}
      />
      {invoice.overdue && invoice.status !== "overdue" && (
        <Chip size="small" label={t("overdue")} sx={STATUS_CHIP.overdue} data-testid="invoice-overdue" />
      )}
    </Box>
  );
}

type Action = "payment" | "credit";

/** The row's actions in a menu: record a payment, credit, and the documents. */
function RowActions({ invoice, onAction }: { invoice: AdminInvoiceRowDto; onAction: (kind: Action, invoice: AdminInvoiceRowDto) => void }) {
  const t = useTranslations("admin.invoices");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owed = invoice.status === "pending" || invoice.status === "overdue";
  const menuId = `invoice-actions-${invoice.id}`;
  const close = () => setAnchor(null);
  const download = async (path: string, fileName: string) => {
    close();
    setError(null);
    try {
      await downloadAdminFile(path, fileName);
    } catch (caught) {
      setError(errorMessage(caught, t("downloadError")));
    }
  };
  const note = invoice.creditNote;
  const noteName = note ? (invoice.site === "ta-planen" ? `kreditfaktura-${note.number}` : `kreditnota-${note.number}`) : "";
  return (
    <>
      <IconButton
        aria-label={t("actionsFor", { number: invoice.number })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="invoice-actions"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          disabled={!owed}
          onClick={() => {
            close();
            onAction("payment", invoice);
          }}
          data-testid="action-payment"
        >
          {t("recordPayment")}
        </MenuItem>
        <MenuItem
          disabled={invoice.status === "credited"}
          onClick={() => {
            close();
            onAction("credit", invoice);
          }}
          data-testid="action-credit"
        >
          {t("credit")}
        </MenuItem>
        <MenuItem
          onClick={() => void download(adminInvoiceDocumentPath(invoice.id, "pdf"), `faktura-${invoice.number}.pdf`)}
          data-testid="action-pdf"
        >
          {t("invoicePdf")}
        </MenuItem>
        {invoice.eInvoice && (
          <MenuItem
            onClick={() => void download(adminInvoiceDocumentPath(invoice.id, "ubl"), `faktura-${invoice.number}.xml`)}
            data-testid="action-ubl"
          >
            {t("invoiceUbl")}
          </MenuItem>
        )}
        {note && (
          <MenuItem
            onClick={() => void download(adminCreditNoteDocumentPath(note.id, "pdf"), `${noteName}.pdf`)}
            data-testid="action-credit-pdf"
          >
            {t("creditPdf")}
          </MenuItem>
        )}
        {note && invoice.eInvoice && (
          <MenuItem
            onClick={() => void download(adminCreditNoteDocumentPath(note.id, "ubl"), `${noteName}.xml`)}
            data-testid="action-credit-ubl"
          >
            {t("creditUbl")}
          </MenuItem>
        )}
      </Menu>
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: "error.dark" }} data-testid="invoice-download-error">
          {error}
        </Typography>
      )}
    </>
  );
}

function InvoiceTable({
  page,
  onPage,
  onAction,
}: {
  page: AdminInvoicePageDto;
  onPage: (page: number) => void;
  onAction: (kind: Action, invoice: AdminInvoiceRowDto) => void;
}) {
  const t = useTranslations("admin.invoices");
  const { locale } = useSite();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const day = (iso: string) => formatShortDay(iso, locale);
  const money = (minor: number, invoice: AdminInvoiceRowDto) => formatPrice(minor, invoice.currency, locale);

  const pagination = (
    <TablePagination
      component="div"
      count={page.total}
      page={page.page - 1}
      rowsPerPage={page.pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPage(next + 1)}
      labelDisplayedRows={({ from, to, count }) => t("rowsOf", { from, to, count })}
      data-testid="invoices-pagination"
    />
  );

  if (page.invoices.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }} data-testid="invoices-empty">
        {t("empty")}
      </Typography>
    );
  }

  const customer = (invoice: AdminInvoiceRowDto) => (
    <>
      <Typography component="span" sx={{ display: "block", fontWeight: 500, overflowWrap: "anywhere" }}>
        {invoice.payerName}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {isSiteId(invoice.site) ? SITES[invoice.site].productName : invoice.site}
      </Typography>
    </>
  );
  const paid = (invoice: AdminInvoiceRowDto) => (
    <>
      {money(invoice.paid, invoice)}
      {invoice.remaining > 0 && invoice.paid > 0 && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
          {t("remaining", { amount: money(invoice.remaining, invoice) })}
        </Typography>
      )}
    </>
  );
  const creditNote = (invoice: AdminInvoiceRowDto) =>
    invoice.creditNote ? (
      <span data-testid="invoice-credit-note" data-number={invoice.creditNote.number}>
        {t("creditNoteNumber", { number: invoice.creditNote.number })}
      </span>
    ) : (
      "–"
    );

  if (narrow) {
    return (
      <>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("caption")} data-testid="invoices-table">
          {page.invoices.map((invoice) => (
            <Paper
              component="li"
              variant="outlined"
              key={invoice.id}
              sx={{ p: 2 }}
              data-testid="admin-invoice-row"
              data-number={invoice.number}
            >
              <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 700 }} data-testid="invoice-number">
                    {t("number")} {invoice.number}
                  </Typography>
                  {customer(invoice)}
                </Box>
                <RowActions invoice={invoice} onAction={onAction} />
              </Box>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  mt: 1,
                  display: "grid",
                  gridTemplateColumns: "auto 1fr",
                  columnGap: 2,
                  rowGap: 0.5,
                  "& dt": { color: "text.secondary", typography: "body2" },
                  "& dd": { m: 0, textAlign: "right" },
                }}
              >
                <Fact label={t("date")}>{day(invoice.date)}</Fact>
                <Fact label={t("due")}>{day(invoice.dueAt)}</Fact>
                <Fact label={t("total")}>{money(invoice.total, invoice)}</Fact>
                <Fact label={t("paid")}>{paid(invoice)}</Fact>
                <Fact label={t("statusColumn")}>
                  <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
                    <StatusCell invoice={invoice} />
                  </Box>
                </Fact>
                {invoice.creditNote && <Fact label={t("creditNote")}>{creditNote(invoice)}</Fact>}
              </Box>
            </Paper>
          ))}
        </Stack>
        {pagination}
      </>
    );
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t("caption")} data-testid="invoices-table">
          <TableHead>
            <TableRow>
              <TableCell>{t("number")}</TableCell>
              <TableCell>{t("customer")}</TableCell>
              <TableCell>{t("date")}</TableCell>
              <TableCell>{t("due")}</TableCell>
              <TableCell align="right">{t("total")}</TableCell>
              <TableCell align="right">{t("paid")}</TableCell>
              <TableCell>{t("statusColumn")}</TableCell>
              <TableCell>{t("creditNote")}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t("actions")}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.invoices.map((invoice) => (
              <TableRow key={invoice.id} hover data-testid="admin-invoice-row" data-number={invoice.number}>
                <TableCell data-testid="invoice-number">{invoice.number}</TableCell>
                <TableCell sx={{ maxWidth: 280 }}>{customer(invoice)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{day(invoice.date)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{day(invoice.dueAt)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {money(invoice.total, invoice)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }} data-testid="invoice-paid">
                  {paid(invoice)}
                </TableCell>
                <TableCell>
                  <StatusCell invoice={invoice} />
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{creditNote(invoice)}</TableCell>
                <TableCell align="right" padding="checkbox">
                  <RowActions invoice={invoice} onAction={onAction} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <Typography component="dd" variant="body2">
        {children}
      </Typography>
    </>
  );
}
