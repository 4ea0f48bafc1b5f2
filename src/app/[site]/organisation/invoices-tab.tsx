"use client";
import ReceiptLongOutlinedIcon from "@mui/icons-material/ReceiptLongOutlined";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";

/** Invoices (core §3): none exist until billing starts, and the tab says so rather than pretending. */
export function InvoicesTab() {
  const t = useTranslations("organisationPage.invoices");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center" }} data-testid="invoices-empty">
      <ReceiptLongOutlinedIcon sx={{ fontSize: 48, color: "text.secondary", mb: 1 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t("emptyTitle")}
      </Typography>
      <Typography color="text.secondary">{t("emptyText")}</Typography>
    </Paper>
  );
}
