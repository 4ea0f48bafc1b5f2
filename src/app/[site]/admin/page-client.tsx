"use client";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { AdminGuard } from "@/components/guards";

/** /admin: behind the admin guard; its contents are not specified (core §1). */
export function AdminPageClient() {
  const t = useTranslations("admin");
  return (
    <AdminGuard>
      <Container maxWidth="md" sx={{ py: 6 }} data-testid="admin-page">
        <Typography variant="h4" component="h1" gutterBottom>
          {t("title")}
        </Typography>
        <Typography color="text.secondary">{t("placeholder")}</Typography>
      </Container>
    </AdminGuard>
  );
}
