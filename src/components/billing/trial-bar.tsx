"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useBillingStatus } from "./billing-status";
import { INVOICES_TAB_HREF } from "./invoices-link";

/**
 * The free-trial bar of the logged-in header (core §2, §4; content §4): hidden while the days are
 * unknown; "N days left", "one day left" at 1, the expired text for false. Not shown to a paying user
 * (block-status says active or cancelled), which also covers staff, whom the server never blocks. A
 * user blocked for another reason than the trial (an overdue invoice, an ended subscription) sees that
 * instead, since "the trial has ended" would not tell them what is wrong.
 */
export function TrialBar() {
  const t = useTranslations("billingStatus.trialBar");
  const billing = useBillingStatus();
  const { trialDaysLeft, status } = billing;
  if (!billing.loaded || trialDaysLeft === null || status === "active" || status === "cancelled") return null;

  const otherBlock = billing.blocked && billing.reason !== "trialEnded";
  const expired = trialDaysLeft === false;
  const text = otherBlock ? t("blocked") : expired ? t("expired") : t("daysLeft", { days: trialDaysLeft });
  // Blocked: the dialog says why and how; in the trial the owner goes straight to the subscription.
  const action = billing.blocked ? (
    <Button size="small" color="inherit" onClick={billing.showBlockedDialog} sx={actionSx} data-testid="trial-bar-action">
      {t("readMore")}
    </Button>
  ) : billing.canManage ? (
    <Button size="small" color="inherit" component={Link} href={INVOICES_TAB_HREF} sx={actionSx} data-testid="trial-bar-action">
      {t("choose")}
    </Button>
  ) : null;

  return (
    <Box
      data-testid="trial-bar"
      data-state={otherBlock ? "blocked" : expired ? "expired" : "days"}
      sx={[
        {
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          flexWrap: "wrap",
          columnGap: 1.5,
          rowGap: 0,
          px: 2,
          py: 0.25,
          minHeight: 32,
          bgcolor: "primary.main",
          color: "primary.contrastText",
        },
        // Ended or blocked: a warning's amber, with text dark enough to read on it (MUI's Alert colours).
        (expired || billing.blocked) &&
          ((theme) => ({
            bgcolor: "#fff4e5",
            color: "#663c00",
            borderTop: `1px solid ${theme.palette.divider}`,
            ...theme.applyStyles("dark", { bgcolor: "#191207", color: "#ffe2b7" }),
          })),
      ]}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: "center" }} data-testid="trial-bar-text">
        {text}
      </Typography>
      {action}
    </Box>
  );
}

const actionSx = { py: 0, px: 1, minHeight: 28, textDecoration: "underline", textUnderlineOffset: 3, fontWeight: 700 } as const;
