"use client";
/**
 * The organisation's name and company number, as /create-first-organisation and the /organisation page
 * ask them: a CVR on the Danish sites, an organisationsnummer on ta-planen, checked with the schemas the
 * server uses (src/lib/schemas/organisation.ts). Above the fields, the look-up by number or name
 * (CompanyLookup) fills them through `fill`, as if the user had typed them; they stay editable.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useForm } from "@/client/use-form";
import { CompanyLookup } from "@/components/organisation/company-lookup";
import { useSite } from "@/components/site-context";
import { companyNumberKind, type CompanyNumberKind } from "@/lib/company-number";
import { createOrganisationBodySchema, ORGANISATION_NAME_MAX, type CreateOrganisationBody } from "@/lib/schemas/organisation";

export type OrganisationFormValues = { name: string; cvr_number: string };

/** The company number this site asks for. */
export function useCompanyNumberKind(): CompanyNumberKind {
  return companyNumberKind(useSite().companyIdLength);
}

/** The form's state; `fill` sets both fields at once (a look-up's result). */
export function useOrganisationForm(initial: OrganisationFormValues = { name: "", cvr_number: "" }, onEdit?: () => void) {
  const form = useForm<OrganisationFormValues>(initial, { onEdit });
  const fill = (values: Partial<OrganisationFormValues>) => {
    if (values.name !== undefined) form.set("name", values.name);
    if (values.cvr_number !== undefined) form.set("cvr_number", values.cvr_number);
    onEdit?.();
  };
  return { ...form, fill };
}

export type OrganisationFormState = ReturnType<typeof useOrganisationForm>;

export function OrganisationForm({
  form,
  action,
  fallback,
  submitLabel,
  notice,
  secondary,
  readOnly = false,
  submitDisabled = false,
  testId = "organisation-form",
}: {
  form: OrganisationFormState;
  action: (body: CreateOrganisationBody) => Promise<void | "done">;
  /** The form's own text for a failure the API did not explain. */
  fallback: string;
  submitLabel: string;
  /** A success shown above the fields. */
  notice?: ReactNode;
  /** Beside the submit button (e.g. Skip). */
  secondary?: ReactNode;
  /** Members see the organisation's details but do not change them. */
  readOnly?: boolean;
  submitDisabled?: boolean;
  testId?: string;
}) {
  const t = useTranslations("organisationPage.form");
  const kind = useCompanyNumberKind();
  const schema = createOrganisationBodySchema(kind);
  const submit = form.handleSubmit({ schema, fallback, action });
  const numberLabel = kind === "cvr" ? t("cvrLabel") : t("orgNumberLabel");
  const numberHint = kind === "cvr" ? t("cvrHint") : t("orgNumberHint");

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId}>
      <Stack spacing={2}>
        {form.formError ? <Alert severity="error">{form.formError}</Alert> : notice}
        {!readOnly && <CompanyLookup onFound={form.fill} disabled={form.busy} />}
        <TextField
          label={t("nameLabel")}
          autoComplete="organization"
          {...form.field("name")}
          disabled={form.busy || readOnly}
          slotProps={{ htmlInput: { maxLength: ORGANISATION_NAME_MAX, "data-testid": "organisation-name" } }}
          required
          fullWidth
        />
        <TextField
          label={numberLabel}
          {...form.field("cvr_number", readOnly ? undefined : numberHint)}
          disabled={form.busy || readOnly}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 20, "data-testid": "organisation-number" } }}
          required
          fullWidth
        />
        {!readOnly && (
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
            <Button type="submit" variant="contained" disableElevation disabled={form.busy || submitDisabled}>
              {submitLabel}
            </Button>
            {secondary}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
