"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import * as z from "zod";
import { api } from "@/client/api";
import { storeToken, type TokenClaims } from "@/client/session";
import { useForm } from "@/client/use-form";
import { PasswordField } from "@/components/password-field";
import { accessTokenResponseSchema, updateProfileAuthBodySchema, type UpdateProfileAuthBody } from "@/lib/schemas/auth";

/** PUT /auth/update-profile; the answer's token (new name, new session) replaces the stored one. */
async function updateProfile(body: UpdateProfileAuthBody): Promise<void> {
  const { access_token } = await api.put("/auth/update-profile", body, { schema: accessTokenResponseSchema, toast: false });
  storeToken(access_token);
}

/** One section of the account page; `danger` marks one whose actions cannot be undone. */
export function Section({ title, children, testId, danger }: { title: string; children: ReactNode; testId?: string; danger?: boolean }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2.5, sm: 3 }, ...(danger ? { borderColor: "error.main" } : {}) }}
      data-testid={testId}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A form of this page: its outcome above the fields (the failure, or `saved` after a success), cleared
 * as soon as the user edits again, and the submit button below them.
 */
export function useAccountForm<V extends Record<string, string>>(initial: V) {
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm(initial, {
    onEdit: () => {
      setSaved(null);
      form.setFormError(null);
    },
  });
  const outcome = form.formError ? <Alert severity="error">{form.formError}</Alert> : saved && <Alert severity="success">{saved}</Alert>;
  return { form, outcome, setSaved };
}

export function NameForm({ user }: { user: TokenClaims }) {
  const t = useTranslations("account");
  const tf = useTranslations("auth.fields");
  const { form, outcome, setSaved } = useAccountForm({ name: user.name });
  const submit = form.handleSubmit({
    schema: updateProfileAuthBodySchema,
    fallback: t("saveError"),
    action: async (body) => {
      setSaved(null);
      await updateProfile(body);
      setSaved(t("nameSaved"));
    },
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="name-form">
      <Stack spacing={2}>
        {outcome}
        <TextField label={tf("name")} autoComplete="name" {...form.field("name")} required fullWidth />
        <Box>
          <Button type="submit" variant="contained" disableElevation disabled={form.busy || form.values.name.trim() === user.name}>
            {t("saveName")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** All three fields are required to change the password (core §5), and the new one twice alike. */
const passwordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    const missing = (Object.keys(values) as (keyof typeof values)[]).filter((field) => values[field] === "");
    for (const field of missing) ctx.addIssue({ code: "custom", message: "allPasswordFieldsRequired", path: [field] });
    if (missing.length > 0) return;
    const parsed = updateProfileAuthBodySchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    for (const { message, path } of parsed.error?.issues ?? []) ctx.addIssue({ code: "custom", message, path });
    if (parsed.success && values.newPassword !== values.confirmPassword)
      ctx.addIssue({ code: "custom", message: "passwordsDoNotMatch", path: ["confirmPassword"] });
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }));

const EMPTY_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function PasswordForm() {
  const t = useTranslations("account");
  const tf = useTranslations("auth.fields");
  const { form, outcome, setSaved } = useAccountForm(EMPTY_PASSWORDS);
  const submit = form.handleSubmit({
    schema: passwordFormSchema,
    fallback: t("saveError"),
    action: async (body) => {
      setSaved(null);
      await updateProfile(body);
      form.reset();
      setSaved(t("passwordSaved"));
    },
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
      <Stack spacing={2}>
        {outcome}
        <PasswordField
          label={tf("currentPassword")}
          autoComplete="current-password"
          {...form.field("currentPassword")}
          required
          fullWidth
        />
        <PasswordField label={tf("newPassword")} autoComplete="new-password" {...form.field("newPassword")} required fullWidth />
        <PasswordField label={tf("confirmPassword")} autoComplete="new-password" {...form.field("confirmPassword")} required fullWidth />
        <Box>
          <Button type="submit" variant="contained" disableElevation disabled={form.busy}>
            {t("savePassword")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
