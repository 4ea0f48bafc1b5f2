"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "react-toastify";
import { Section } from "./account-forms";
import { tabHref } from "./tabs";
import { ApiRequestError } from "@/client/api";
import { deleteAccount, OWNER_HAS_MEMBERS } from "@/client/organisation";
import { endSessionHere } from "@/client/session";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import { DangerButton } from "@/components/organisation/danger-button";
import { PasswordField } from "@/components/password-field";
import { deleteAccountBodySchema } from "@/lib/schemas/auth";
import type { OrganisationDto } from "@/lib/schemas/organisation";

/** What deleting the account does, for this user (deleteAccount in src/server/accounts/delete-account.ts). */
function Consequences({ organisation }: { organisation: OrganisationDto | null | undefined }) {
  const t = useTranslations("organisationPage.deleteAccount");
  return (
    <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3, "& li": { mb: 0.5 } }} data-testid="delete-account-consequences">
      {organisation?.role === "owner" && <li>{t("ownerAlone", { organisation: organisation.name })}</li>}
      {organisation && organisation.role !== "owner" && <li>{t("memberLeaves", { organisation: organisation.name })}</li>}
      {organisation && <li>{t("sharedPass")}</li>}
      <li>{t("privateGo")}</li>
      <li>{t("sessionsEnd")}</li>
    </Box>
  );
}

function DeleteAccountDialog({ organisation, onClose }: { organisation: OrganisationDto | null | undefined; onClose: () => void }) {
  const t = useTranslations("organisationPage.deleteAccount");
  const tc = useTranslations("organisationPage");
  const tf = useTranslations("auth.fields");
  const router = useRouter();
  const [ownerBlocked, setOwnerBlocked] = useState<string | null>(null);
  const form = useForm({ password: "" }, { onEdit: () => setOwnerBlocked(null) });
  const submit = form.handleSubmit({
    schema: deleteAccountBodySchema,
    fallback: t("error"),
    onError: (error) => {
      // The owner of an organisation with members: the way on is the members tab, said beside the form.
      if (error instanceof ApiRequestError && error.code === OWNER_HAS_MEMBERS) {
        setOwnerBlocked(error.message);
        return null;
      }
      return undefined;
    },
    action: async ({ password }) => {
      const { message } = await deleteAccount(password, { toast: false });
      endSessionHere();
      toast.success(message);
      router.replace("/");
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="delete-account-dialog"
      title={t("dialogTitle")}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
      pending={form.busy}
      error={form.formError}
      cancelLabel={tc("cancel")}
      cancelAutoFocus
      confirmAction={
        <DangerButton type="submit" disabled={form.busy || !!ownerBlocked}>
          {t("confirm")}
        </DangerButton>
      }
    >
      {ownerBlocked && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="owner-has-members">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {ownerBlocked}
          </Typography>
          <Link component={NextLink} href={tabHref("members")} onClick={onClose} data-testid="to-members-tab">
            {t("toMembers")}
          </Link>
        </Alert>
      )}
      <Typography sx={{ mb: 1 }}>{t("whatHappens")}</Typography>
      <Consequences organisation={organisation} />
      <PasswordField
        label={tf("password")}
        autoComplete="current-password"
        {...form.field("password", t("passwordHint"))}
        required
        fullWidth
        slotProps={{ htmlInput: { "data-testid": "delete-account-password" } }}
      />
    </DialogFrame>
  );
}

/** The last tab: deleting the account, after saying what happens to what it holds. */
export function DeleteAccountTab({ organisation }: { organisation: OrganisationDto | null | undefined }) {
  const t = useTranslations("organisationPage.deleteAccount");
  const [open, setOpen] = useState(false);
  return (
    <Section title={t("title")} testId="delete-account-section" danger>
      <Typography sx={{ mb: 1 }}>{t("intro")}</Typography>
      <Consequences organisation={organisation} />
      {organisation?.role === "owner" && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("ownerNote")}{" "}
          <Link component={NextLink} href={tabHref("members")}>
            {t("toMembers")}
          </Link>
        </Alert>
      )}
      <DangerButton onClick={() => setOpen(true)} data-testid="delete-account">
        {t("button")}
      </DangerButton>
      {open && <DeleteAccountDialog organisation={organisation} onClose={() => setOpen(false)} />}
    </Section>
  );
}
