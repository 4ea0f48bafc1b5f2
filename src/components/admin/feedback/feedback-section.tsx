"use client";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";

/** The admin area's feedback section (issue 32). */
export function FeedbackSection() {
  const t = useTranslations("admin");
  return <Typography color="text.secondary">{t("placeholder")}</Typography>;
}
