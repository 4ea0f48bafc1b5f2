"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "react-toastify";
import { NameForm, PasswordForm, Section } from "./account-forms";
import { errorMessage } from "@/client/api";
import { createOrganisation, deleteOrganisation, updateOrganisation } from "@/client/organisation";
import type { TokenClaims } from "@/client/session";
import { DialogFrame } from "@/components/dialog-frame";
import { DangerButton } from "@/components/organisation/danger-button";
import { OrganisationForm, useOrganisationForm } from "@/components/organisation/organisation-form";
import { CompanyLogoField } from "@/editor/ui/export/company-logo-field";
import type { OrganisationDto } from "@/lib/schemas/organisation";
import { may } from "@/lib/organisation-roles";

export interface OrganisationTabProps {
  user: TokenClaims;
  organisation: OrganisationDto | null | undefined;
  failed: boolean;
  reload: () => Promise<void>;
}

function UserDetails({ user }: { user: TokenClaims }) {
  const tf = useTranslations("auth.fields");
  return (
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
  );
}

/** A user in no organisation: what one is for, and the form that creates it (as /create-first-organisation). */
function CreateOrganisation({ reload }: { reload: () => Promise<void> }) {
  const t = useTranslations("organisationPage.organisation");
  const form = useOrganisationForm();
  return (
    <Stack spacing={2} data-testid="no-organisation">
      <Typography color="text.secondary">{t("noneText")}</Typography>
      <OrganisationForm
        form={form}
        testId="create-organisation-form"
        fallback={t("createError")}
        submitLabel={t("create")}
        action={async (body) => {
          await createOrganisation(body, { toast: false });
          toast.success(t("created"));
          await reload();
        }}
      />
    </Stack>
  );
}

function EditOrganisation({ organisation, reload }: { organisation: OrganisationDto; reload: () => Promise<void> }) {
  const t = useTranslations("organisationPage.organisation");
  const canEdit = may(organisation.role, "editOrganisation");
  const [saved, setSaved] = useState(false);
  const form = useOrganisationForm({ name: organisation.name, cvr_number: organisation.cvr_number }, () => setSaved(false));
  const unchanged = form.values.name.trim() === organisation.name && form.values.cvr_number.trim() === organisation.cvr_number;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography color="text.secondary">{t("yourRole")}</Typography>
        <Chip size="small" label={t(`roles.${organisation.role}`)} data-testid="organisation-role" />
      </Box>
      {!canEdit && <Typography color="text.secondary">{t("readOnly")}</Typography>}
      <OrganisationForm
        form={form}
        readOnly={!canEdit}
        submitDisabled={unchanged}
        fallback={t("saveError")}
        submitLabel={t("save")}
        notice={saved && <Alert severity="success">{t("saved")}</Alert>}
        action={async (body) => {
          setSaved(false);
          await updateOrganisation({ id: organisation.id, ...body }, { toast: false });
          await reload();
          setSaved(true);
        }}
      />
    </Stack>
  );
}

/**
 * Deleting the organisation (the owner's alone): the dialog says what happens (as deleteOrganisation in
 * src/server/organisations/service.ts does it), and the owner types the organisation's name to confirm.
 */
function DeleteOrganisation({ organisation, reload }: { organisation: OrganisationDto; reload: () => Promise<void> }) {
  const t = useTranslations("organisationPage.deleteOrganisation");
  const tc = useTranslations("organisationPage");
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setTyped("");
    setError(null);
  };
  const matches = typed.trim() === organisation.name;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches || pending) return;
    setPending(true);
    setError(null);
    try {
      const { message } = await deleteOrganisation(organisation.id, { toast: false });
      toast.success(message);
      close();
      await reload();
    } catch (caught) {
      setError(errorMessage(caught, t("error")));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("intro")}
      </Typography>
      <DangerButton variant="outlined" onClick={() => setOpen(true)} data-testid="delete-organisation">
        {t("button")}
      </DangerButton>
      <DialogFrame
        testId="delete-organisation-dialog"
        open={open}
        onClose={close}
        maxWidth="sm"
        title={t("title", { name: organisation.name })}
        onSubmit={submit}
        pending={pending}
        error={error}
        cancelLabel={tc("cancel")}
        cancelAutoFocus
        confirmAction={
          <DangerButton type="submit" disabled={pending || !matches}>
            {t("confirm")}
          </DangerButton>
        }
      >
        <Typography sx={{ mb: 1 }}>{t("whatHappens")}</Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3, "& li": { mb: 0.5 } }}>
          <li>{t("members")}</li>
          <li>{t("projects")}</li>
          <li>{t("signsAndLogo")}</li>
          <li>{t("missingSigns")}</li>
        </Box>
        <TextField
          label={t("typeName", { name: organisation.name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={pending}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { "data-testid": "delete-organisation-name" } }}
          sx={{ mt: 1 }}
        />
      </DialogFrame>
    </>
  );
}

/** The first tab: the user's details and password, and the organisation's name, number and logo. */
export function DetailsTab({ user, organisation, failed, reload }: OrganisationTabProps) {
  const t = useTranslations("organisationPage");
  const ta = useTranslations("account");
  return (
    <Stack spacing={3}>
      <Section title={ta("detailsTitle")} testId="account-details">
        <UserDetails user={user} />
        <NameForm user={user} />
      </Section>
      <Section title={ta("passwordTitle")}>
        <PasswordForm />
      </Section>
      <Section title={t("organisation.title")} testId="organisation-details">
        {organisation === undefined ? (
          failed ? (
            <Alert severity="error">{t("loadError")}</Alert>
          ) : (
            <CircularProgress size={24} aria-label={t("loading")} />
          )
        ) : organisation === null ? (
          <CreateOrganisation reload={reload} />
        ) : (
          <EditOrganisation key={organisation.id} organisation={organisation} reload={reload} />
        )}
      </Section>
      {organisation && may(organisation.role, "manageLogo") && (
        <Section title={t("logo.title")} testId="organisation-logo">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("logo.text")}
          </Typography>
          <CompanyLogoField />
        </Section>
      )}
      {organisation && may(organisation.role, "deleteOrganisation") && (
        <Section title={t("deleteOrganisation.sectionTitle")} testId="organisation-danger-zone" danger>
          <DeleteOrganisation organisation={organisation} reload={reload} />
        </Section>
      )}
    </Stack>
  );
}
