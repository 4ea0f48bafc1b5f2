"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";

/** What a list shows instead of rows: loading, a failure with a retry, or its empty text. */
export function ListState({
  loading,
  error,
  empty,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  empty: string | null;
  onRetry: () => void;
}) {
  const t = useTranslations("projects");
  if (error)
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t("retry")}
          </Button>
        }
      >
        {error}
      </Alert>
    );
  if (loading)
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", p: 2 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{t("loadingList")}</Typography>
      </Stack>
    );
  if (empty)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="list-empty">
        {empty}
      </Typography>
    );
  return null;
}
