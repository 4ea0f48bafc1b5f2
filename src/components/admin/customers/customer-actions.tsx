"use client";
/**
 * Staff's actions on one customer (issue 32), each behind a dialog that says what will happen: resend the
 * verification mail, end all sessions, block (the reason is shown to the customer) and unblock, extend
 * the trial, and make a member their organisation's owner (on the company's written request). Success
 * is a toast and the page shows the answer; a refusal stays in the dialog in the server's words.
 */
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "@/client/api";
import {
  blockCustomer,
  changeOrganisationOwner,
  endSessions,
  extendTrial,
  resendVerification,
  unblockCustomer,
} from "@/client/admin/customers";
import { DialogFrame } from "@/components/dialog-frame";
import { DangerButton } from "@/components/organisation/danger-button";
import type { CustomerDetailDto } from "@/lib/schemas/admin";

export type CustomerAction = "resend" | "endSessions" | "block" | "unblock" | "extendTrial" | "makeOwner";

const BLOCK_REASON_MAX = 500;
const REFERENCE_MAX = 200;

/** The dialog of one action; `onDone` is told when the change is made, so the page fetches it again. */
export function CustomerActionDialog({
  action,
  customer,
  onClose,
  onDone,
}: {
  action: CustomerAction;
  customer: CustomerDetailDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("admin.customers.actions");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("14");
  const [reference, setReference] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setPending(true);
    setError(null);
    try {
      await call();
      toast.success(done);
      onDone();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, t("failed")));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    switch (action) {
      case "resend":
        return void run(() => resendVerification(customer.id), t("resend.done", { email: customer.email }));
      case "endSessions":
        return void run(() => endSessions(customer.id), t("endSessions.done"));
      case "unblock":
        return void run(() => unblockCustomer(customer.id), t("unblock.done"));
      case "block": {
        const text = reason.trim();
        if (!text || text.length > BLOCK_REASON_MAX) return setFieldError(t("block.reasonInvalid", { max: BLOCK_REASON_MAX }));
        return void run(() => blockCustomer(customer.id, text), t("block.done"));
      }
      case "extendTrial": {
        const n = Number(days);
        if (!/^\d+$/.test(days.trim()) || n < 1 || n > 90) return setFieldError(t("extendTrial.daysInvalid"));
        return void run(() => extendTrial(customer.id, n), t("extendTrial.done", { days: n }));
      }
      case "makeOwner": {
        const text = reference.trim();
        if (!text || text.length > REFERENCE_MAX || !customer.organisation)
          return setFieldError(t("makeOwner.referenceInvalid", { max: REFERENCE_MAX }));
        return void run(
          () => changeOrganisationOwner(customer.organisation!.id, customer.id, text),
          t("makeOwner.done", { name: customer.name, organisation: customer.organisation.name }),
        );
      }
    }
  };

  let body: ReactNode = <Typography>{t(`${action}.text`, { name: customer.name, email: customer.email })}</Typography>;
  if (action === "block")
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t("block.text", { name: customer.name })}</Typography>
        <TextField
          label={t("block.reason")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          helperText={t("block.reasonHelp")}
          slotProps={{
            htmlInput: { maxLength: BLOCK_REASON_MAX, "data-testid": "admin-block-reason", "aria-invalid": fieldError !== null },
          }}
        />
      </>
    );
  if (action === "extendTrial")
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t("extendTrial.text", { name: customer.name })}</Typography>
        <TextField
          label={t("extendTrial.days")}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          required
          autoFocus
          type="number"
          helperText={t("extendTrial.daysHelp")}
          slotProps={{
            htmlInput: {
              min: 1,
              max: 90,
              step: 1,
              inputMode: "numeric",
              "data-testid": "admin-trial-days",
              "aria-invalid": fieldError !== null,
            },
          }}
        />
      </>
    );
  if (action === "makeOwner")
    body = (
      <>
        <Typography sx={{ mb: 2 }}>
          {t("makeOwner.text", { name: customer.name, organisation: customer.organisation?.name ?? "" })}
        </Typography>
        <TextField
          label={t("makeOwner.reference")}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          required
          fullWidth
          autoFocus
          helperText={t("makeOwner.referenceHelp")}
          slotProps={{
            htmlInput: { maxLength: REFERENCE_MAX, "data-testid": "admin-owner-reference", "aria-invalid": fieldError !== null },
          }}
        />
      </>
    );

  const danger = action === "block" || action === "endSessions";
  // A field's problem stands at the dialog's top, as other dialogs show theirs: the theme's red is too faint for a field's text.
  return (
    <DialogFrame
      testId={`admin-action-${action}`}
      title={t(`${action}.title`)}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      error={fieldError ?? error}
      cancelLabel={t("cancel")}
      cancelAutoFocus={action === "endSessions" || action === "unblock" || action === "resend"}
      confirmLabel={t(`${action}.confirm`)}
      confirmAction={
        danger ? (
          <DangerButton type="submit" disabled={pending}>
            {t(`${action}.confirm`)}
          </DangerButton>
        ) : undefined
      }
    >
      {body}
    </DialogFrame>
  );
}
