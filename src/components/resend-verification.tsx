"use client";
import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api";
import { useForm } from "@/client/use-form";
import { resendVerificationAuthBodySchema } from "@/lib/schemas/auth";

/**
 * "Send the link again" (core §4): POST /auth/resend-verification, then a success or error line. With
 * a known e-mail it is one button; otherwise the user types the address first.
 */
export function ResendVerification({ email, variant = "contained" }: { email?: string | null; variant?: ButtonProps["variant"] }) {
  const t = useTranslations("auth.resend");
  const tf = useTranslations("auth.fields");
  const form = useForm({ email: "" });
  /** The address the link went to last. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.handleSubmit({
    schema: resendVerificationAuthBodySchema,
    input: (values) => ({ email: email ?? values.email }),
    fallback: t("error"),
    action: async (body) => {
      setSentTo(null);
      await api.post("/auth/resend-verification", body, { toast: false });
      setSentTo(body.email);
    },
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="resend-verification">
      <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
        {!email && <TextField label={tf("email")} type="email" autoComplete="email" {...form.field("email")} size="small" fullWidth />}
        <Button type="submit" variant={variant} disableElevation disabled={form.pending} size="small">
          {form.pending ? t("sending") : t("button")}
        </Button>
        {sentTo && (
          <Typography role="status" variant="body2" sx={{ color: "success.dark", ".dark &": { color: "success.light" }, fontWeight: 600 }}>
            {t("success", { email: sentTo })}
          </Typography>
        )}
        {form.formError && (
          <Typography role="alert" variant="body2" sx={{ color: "error.dark", ".dark &": { color: "error.light" }, fontWeight: 600 }}>
            {form.formError}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
