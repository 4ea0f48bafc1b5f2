"use client";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useCurrentUser } from "@/client/session";
import { ProtectedRoute } from "@/components/guards";
import { useSite } from "@/components/site-context";

function PlanTool() {
  const t = useTranslations("appPage");
  const user = useCurrentUser();
  const site = useSite();
  return (
    <Container maxWidth="md" sx={{ py: 6 }} data-testid="app-page">
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`heading.${site.planKind}`)}
      </Typography>
      <Typography color="text.secondary">{t("placeholder", { name: user?.name || user?.email || "" })}</Typography>
    </Container>
  );
}

/** /app: the plan tool (protected); the editor itself comes with its own issue. */
export function AppPageClient() {
  return (
    <ProtectedRoute>
      <PlanTool />
    </ProtectedRoute>
  );
}
