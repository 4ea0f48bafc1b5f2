"use client";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useAutosaveStatus } from "./use-plan-sync";
import { useBillingStatus, type BillingStatus } from "@/components/billing/billing-status";
import { invoicesLinkProps } from "@/components/billing/invoices-link";
import { LinkButton } from "@/components/link-button";
import type { Autosaver } from "@/editor/core/store/autosave";

/**
 * Keeps the autosaver and the account's block in step (issue 31). A save refused with 402
 * ACCOUNT_BLOCKED (a block that began while the user edited) makes the app ask block-status now, so the
 * editor turns read-only and the dialog says why; the refused edits wait in the autosaver. They are sent
 * when an answer of block-status newer than the refusal says the account is no longer blocked (the
 * server's billingStatusChanged after a payment, the window's focus, the periodic check).
 */
export function useBlockedSaves(autosaver: Autosaver | null, billing: Pick<BillingStatus, "blocked" | "revision" | "refresh">): void {
  const state = useAutosaveStatus(autosaver)?.state;
  const { blocked, revision, refresh } = billing;
  // The revision of block-status when the refusal came: only a newer answer can lift it.
  const refusedAt = useRef<number | null>(null);
  useEffect(() => {
    if (state !== "blocked") {
      refusedAt.current = null;
      return;
    }
    if (refusedAt.current !== null) return;
    refusedAt.current = revision;
    void refresh();
  }, [state, revision, refresh]);
  useEffect(() => {
    if (state === "blocked" && !blocked && refusedAt.current !== null && revision > refusedAt.current) autosaver?.unblock();
  }, [state, blocked, revision, autosaver]);
}

/**
 * The banner above the map while the account is blocked: the plan can be looked at and exported, not
 * changed, and how to reactivate: the invoices tab for the owner or an administrator, the owner's name
 * for a member. "Why?" opens the blocked-account dialog again; not at phone width, where the header's
 * bar above has the same button ("Read more") and the banner must stay short over a small map.
 */
export function BlockedBanner() {
  const t = useTranslations("billingStatus.editor");
  const billing = useBillingStatus();
  const text = billing.canManage
    ? t("banner")
    : billing.ownerName
      ? t("bannerMember", { owner: billing.ownerName })
      : t("bannerMemberUnnamed");
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0, alignItems: "center", "& .MuiAlert-action": { pt: 0 } }}
      data-testid="blocked-banner"
      action={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "flex-end" }}>
          <Button
            size="small"
            color="inherit"
            onClick={billing.showBlockedDialog}
            sx={{ display: { xs: "none", sm: "inline-flex" } }}
            data-testid="blocked-banner-why"
          >
            {t("why")}
          </Button>
          {billing.canManage && (
            <LinkButton
              {...invoicesLinkProps(true)}
              endIcon={<OpenInNewIcon titleAccess={t("newTab")} />}
              size="small"
              variant="contained"
              color="primary"
              disableElevation
              data-testid="blocked-banner-reactivate"
            >
              {t("reactivate")}
            </LinkButton>
          )}
        </Box>
      }
    >
      {text}
    </Alert>
  );
}
