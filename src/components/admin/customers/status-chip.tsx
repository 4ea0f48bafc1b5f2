"use client";
import Chip from "@mui/material/Chip";
import { useTranslations } from "next-intl";
import type { BlockReason, SubscriptionStatus } from "@/lib/schemas/billing";

/** A customer's billing status in words (the colour only repeats it); a block names its cause. */
export function BillingStatusChip({ status, blockReason }: { status: SubscriptionStatus; blockReason: BlockReason | null }) {
  const t = useTranslations("admin.customers");
  const label = status === "blocked" && blockReason ? t(`blockReasons.${blockReason}`) : t(`statuses.${status}`);
  return (
    <Chip
      size="small"
      label={label}
      data-testid="admin-billing-status"
      data-status={status}
      sx={
        status === "blocked"
          ? { bgcolor: "error.dark", color: "common.white" }
          : status === "active"
            ? { bgcolor: "success.dark", color: "common.white" }
            : { bgcolor: "action.selected" }
      }
    />
  );
}
