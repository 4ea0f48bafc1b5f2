"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { FormEvent, ReactNode } from "react";

/** Maximum width of the account pages' card, in px: one comfortable column for a form. */
export const AUTH_CARD_MAX_WIDTH = 440;

/** The centred card of the account pages (login, register, password reset, e-mail confirmation). */
export function AuthCard({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", px: 2, py: { xs: 3, sm: 8 } }}>
      <Paper
        variant="outlined"
        data-testid={testId}
        sx={{ width: "100%", maxWidth: AUTH_CARD_MAX_WIDTH, p: { xs: 2.5, sm: 4 }, borderRadius: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 1 : 3 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}

/** The form of an account page: the failure that belongs to no field above it, the fields, the submit button. */
export function AuthForm({
  onSubmit,
  error,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {children}
          <Button type="submit" variant="contained" size="large" disableElevation disabled={busy} fullWidth>
            {submitLabel}
          </Button>
        </Stack>
      </Box>
    </>
  );
}

/** The e-mail field of the account pages: the browser's keyboard and password manager know what it holds. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" autoComplete="email" inputMode="email" required fullWidth {...props} />;
}
