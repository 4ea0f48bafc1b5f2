"use client";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";

/** Spinner with a message; the default message is the common loading text (core §2). */
export function LoadingScreen({ message }: { message?: string }) {
  const t = useTranslations("loading");
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      sx={{ minHeight: "50vh", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 2 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{message ?? t("default")}</Typography>
    </Box>
  );
}
