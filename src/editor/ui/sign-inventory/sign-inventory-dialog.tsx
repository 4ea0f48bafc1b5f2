"use client";
/**
 * The sign inventory of the open plan (spec 2-content §3, "Sign inventory"): every sign used, with its
 * picture, code, name, size and count, and the total; printable on its own. The rows come from
 * src/editor/kinds/sign/sign-inventory.ts, which the plan export uses too.
 */
import PrintOutlinedIcon from "@mui/icons-material/PrintOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableFooter from "@mui/material/TableFooter";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { useInventoryTexts } from "./inventory";
import { loadSignInventory } from "../../kinds/sign/plan-inventory";
import { printTable, removePrintFrame } from "./print-table";
import { signInventoryTotal, type SignInventoryRow } from "../../kinds/sign/sign-inventory";
import { DialogFrame } from "@/components/dialog-frame";
import { useSite } from "@/components/site-context";
import type { PlanContent } from "@/lib/elements/plan-content";

/** The total in the table's own size and colour (a footer's cells are smaller and grey by default). */
const totalSx = { typography: "body2", fontWeight: 700, color: "text.primary" } as const;

export interface SignInventoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** The plan as it is now; read each time the dialog opens. */
  getContent: () => PlanContent;
  planName: string;
}

export function SignInventoryDialog({ open, onClose, getContent, planName }: SignInventoryDialogProps) {
  const t = useTranslations("editor.signInventory");
  const format = useFormatter();
  const locale = useLocale();
  const site = useSite();
  const [rows, setRows] = useState<SignInventoryRow[] | null>(null);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    void loadSignInventory(getContent(), locale).then((loaded) => {
      if (live) setRows(loaded);
    });
    return () => {
      live = false;
      setRows(null);
      removePrintFrame();
    };
  }, [open, getContent, locale]);

  const { sizeText, nameOf, detailsOf } = useInventoryTexts();
  const total = rows ? signInventoryTotal(rows) : 0;
  const columns = [
    { label: t("columns.picture") },
    { label: t("columns.code") },
    { label: t("columns.name") },
    { label: t("columns.size") },
    { label: t("columns.count"), numeric: true },
  ];

  const print = () => {
    if (!rows) return;
    setPrinting(true);
    printTable({
      title: t("printTitle", { plan: planName }),
      heading: planName,
      subheading: t("printSubheading", { product: site.productName, date: format.dateTime(new Date(), { dateStyle: "long" }) }),
      lang: locale,
      columns,
      rows: rows.map((row) => ({
        imageUrl: row.imageUrl,
        imageAlt: row.code || nameOf(row),
        cells: [row.code, [nameOf(row), ...detailsOf(row)], sizeText(row.size), String(row.count)],
      })),
      footer: ["", t("total"), "", String(total)],
    })
      .catch((error: unknown) => {
        console.error("sign inventory: printing failed", error);
        toast.error(t("printFailed"));
      })
      .finally(() => setPrinting(false));
  };

  return (
    <DialogFrame
      testId="sign-inventory-dialog"
      title={t("title")}
      open={open}
      onClose={onClose}
      maxWidth="md"
      cancelLabel={t("close")}
      confirmAction={
        <Button
          variant="contained"
          disableElevation
          startIcon={<PrintOutlinedIcon />}
          onClick={print}
          disabled={!rows || rows.length === 0 || printing}
          data-testid="sign-inventory-print"
        >
          {t("print")}
        </Button>
      }
    >
      {rows === null ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 2 }} data-testid="sign-inventory-loading">
          <CircularProgress size={20} />
          <Typography color="text.secondary">{t("loading")}</Typography>
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="sign-inventory-empty">
          {t("empty")}
        </Typography>
      ) : (
        <Table size="small" data-testid="sign-inventory-table">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.numeric ? "right" : "left"} sx={{ fontWeight: 700 }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} data-testid="sign-inventory-row" data-sign-id={row.signId} data-count={row.count}>
                <TableCell sx={{ width: 64 }}>
                  <Box
                    component="img"
                    src={row.imageUrl}
                    alt={row.code || nameOf(row)}
                    sx={{ display: "block", width: 44, height: 44, objectFit: "contain" }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }} data-testid="sign-inventory-code">
                  {row.code}
                </TableCell>
                <TableCell data-testid="sign-inventory-name">
                  {nameOf(row)}
                  {detailsOf(row).map((line) => (
                    <Typography key={line} variant="body2" color="text.secondary">
                      {line}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }} data-testid="sign-inventory-size">
                  {sizeText(row.size)}
                </TableCell>
                <TableCell align="right" data-testid="sign-inventory-count">
                  {row.count}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell />
              <TableCell />
              <TableCell sx={totalSx}>{t("total")}</TableCell>
              <TableCell />
              <TableCell align="right" sx={totalSx} data-testid="sign-inventory-total">
                {total}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </DialogFrame>
  );
}
