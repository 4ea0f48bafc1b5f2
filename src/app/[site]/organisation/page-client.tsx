"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { ApiRequestError, api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { storeToken, useCurrentUser, type TokenClaims } from "@/client/session";
import { ProtectedRoute } from "@/components/guards";
import { PasswordField } from "@/components/password-field";
import { accessTokenResponseSchema, updateProfileAuthBodySchema, type UpdateProfileAuthBody } from "@/lib/schemas/auth";

type Outcome = { severity: "success" | "error"; text: string } | null;

/** PUT /auth/update-profile; the answer's token (new name, new session) replaces the stored one. */
async function updateProfile(body: UpdateProfileAuthBody): Promise<void> {
  const { access_token } = await api.put("/auth/update-profile", body, { schema: accessTokenResponseSchema, toast: false });
  storeToken(access_token);
}

/** The field a 400 names (`{ message, field }`), if any. */
function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = error.body as { field?: unknown } | null;
  return typeof body?.field === "string" ? body.field : null;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function NameForm({ user }: { user: TokenClaims }) {
  const t = useTranslations("account");
  const tf = useTranslations("auth.fields");
  const validationText = useValidationText();
  const [name, setName] = useState(user.name);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = updateProfileAuthBodySchema.safeParse({ name });
    if (!parsed.success) {
      setFieldError(fieldErrorsOf<"name">(parsed.error, validationText).name);
      return;
    }
    setFieldError(undefined);
    setOutcome(null);
    setSending(true);
    try {
      await updateProfile(parsed.data);
      setOutcome({ severity: "success", text: t("nameSaved") });
    } catch (error) {
      if (fieldOf(error) === "name") setFieldError(errorMessage(error, t("saveError")));
      else setOutcome({ severity: "error", text: errorMessage(error, t("saveError")) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="name-form">
      <Stack spacing={2}>
        {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
        <TextField
          label={tf("name")}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setFieldError(undefined);
            setOutcome(null);
          }}
          error={!!fieldError}
          helperText={fieldError}
          disabled={sending}
          required
          fullWidth
        />
        <Box>
          <Button type="submit" variant="contained" disableElevation disabled={sending || name.trim() === user.name}>
            {t("saveName")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

type PasswordFieldName = "currentPassword" | "newPassword" | "confirmPassword";
const EMPTY_PASSWORDS: Record<PasswordFieldName, string> = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordForm() {
  const t = useTranslations("account");
  const tf = useTranslations("auth.fields");
  const validationText = useValidationText();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors<PasswordFieldName>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  /** All three fields are required to change the password (core §5), and the new one twice alike. */
  const validate = (): FieldErrors<PasswordFieldName> => {
    const missing = (Object.keys(values) as PasswordFieldName[]).filter((f) => values[f] === "");
    if (missing.length > 0) return Object.fromEntries(missing.map((f) => [f, validationText("allPasswordFieldsRequired")]));
    const parsed = updateProfileAuthBodySchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!parsed.success) return fieldErrorsOf<PasswordFieldName>(parsed.error, validationText);
    if (values.newPassword !== values.confirmPassword) return { confirmPassword: validationText("passwordsDoNotMatch") };
    return {};
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setOutcome(null);
    setSending(true);
    try {
      await updateProfile({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY_PASSWORDS);
      setOutcome({ severity: "success", text: t("passwordSaved") });
    } catch (error) {
      const field = fieldOf(error);
      if (field === "currentPassword" || field === "newPassword") setErrors({ [field]: errorMessage(error, t("saveError")) });
      else setOutcome({ severity: "error", text: errorMessage(error, t("saveError")) });
    } finally {
      setSending(false);
    }
  };

  const bind = (field: PasswordFieldName) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [field]: e.target.value });
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
      setOutcome(null);
    },
    error: !!errors[field],
    helperText: errors[field],
    disabled: sending,
    required: true,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
      <Stack spacing={2}>
        {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
        <PasswordField label={tf("currentPassword")} autoComplete="current-password" {...bind("currentPassword")} />
        <PasswordField label={tf("newPassword")} autoComplete="new-password" {...bind("newPassword")} />
        <PasswordField label={tf("confirmPassword")} autoComplete="new-password" {...bind("confirmPassword")} />
        <Box>
          <Button type="submit" variant="contained" disableElevation disabled={sending}>
            {t("savePassword")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function AccountPage() {
  const t = useTranslations("account");
  const tf = useTranslations("auth.fields");
  const user = useCurrentUser();
  if (!user) return null; // the guard only renders this with a user
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }} data-testid="account-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t("title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t("intro")}
      </Typography>
      <Stack spacing={3}>
        <Section title={t("detailsTitle")} testId="account-details">
          <Box component="dl" sx={{ m: 0, mb: 3, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1 }}>
            <Typography component="dt" color="text.secondary">
              {tf("name")}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }} data-testid="account-name">
              {user.name}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {tf("email")}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }} data-testid="account-email">
              {user.email}
            </Typography>
          </Box>
          <NameForm user={user} />
        </Section>
        <Section title={t("passwordTitle")}>
          <PasswordForm />
        </Section>
        <Section title={t("organisationTitle")}>
          <Typography color="text.secondary">{t("organisationPlaceholder")}</Typography>
        </Section>
      </Stack>
    </Container>
  );
}

/** /organisation, the Account page of the user menu (protected). Organisation, invoices and account deletion follow. */
export function OrganisationPageClient() {
  return (
    <ProtectedRoute>
      <AccountPage />
    </ProtectedRoute>
  );
}
