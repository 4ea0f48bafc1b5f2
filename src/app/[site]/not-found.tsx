"use client";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useSite } from "@/components/site-context";

export default function NotFound() {
  const t = useTranslations("notFound");
  const site = useSite();
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: "center" }} data-testid="not-found">
      <title>{t("title")}</title>
      <Typography variant="h3" component="h1" gutterBottom>
        {t("title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t("text", { product: site.productName })}
      </Typography>
      <Button component={Link} href="/" variant="contained" disableElevation>
        {t("home")}
      </Button>
    </Container>
  );
}
