"use client";
import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSitePath } from "../use-site-path";
import { getBlockStatus, getFreeTrialTimeLeft } from "@/client/billing";
import { useSocket } from "@/client/realtime";
import { useCurrentUser } from "@/client/session";
import { WS_EVENTS } from "@/lib/realtime-names";
import type { BlockReason, BlockStatusDto, SubscriptionStatus } from "@/lib/schemas/billing";

// Shown only to a logged-in user the server says is blocked or due a reminder: loaded then (issue 34).
const BlockedAccountDialog = dynamic(() => import("./blocked-account-dialog").then((m) => m.BlockedAccountDialog));
const InvoiceReminder = dynamic(() => import("./invoice-reminder").then((m) => m.InvoiceReminder));

/** How often an open page asks again without an event or focus: a block reached by the daily job shows within this. */
export const BILLING_REFRESH_INTERVAL_MS = 5 * 60_000;

export interface BillingStatus {
  /** block-status has answered for the current user. */
  loaded: boolean;
  blocked: boolean;
  /** null until loaded. */
  status: SubscriptionStatus | null;
  reason: BlockReason | null;
  /** Days left of the trial, false once it has ended, null while unknown (the bar is hidden then). */
  trialDaysLeft: number | false | null;
  /** May reactivate (owner, administrator, or a user in no organisation). */
  canManage: boolean;
  /** The organisation's owner, for a member who must ask them. */
  ownerName: string | null;
  /** The overdue invoice that blocks (reason invoiceOverdue). */
  invoice: BlockStatusDto["invoice"];
  /** The reason staff gave (reason staff). */
  staffReason: string | null;
  /** Counts the answers of block-status: lets a caller wait for an answer newer than something it saw. */
  revision: number;
  /** Asks block-status and the trial again now. */
  refresh: () => Promise<void>;
  /** Shows the blocked-account dialog (the trial bar's and the editor banner's button). */
  showBlockedDialog: () => void;
}

const UNKNOWN: Omit<BillingStatus, "refresh" | "showBlockedDialog"> = {
  loaded: false,
  blocked: false,
  status: null,
  reason: null,
  trialDaysLeft: null,
  canManage: false,
  ownerName: null,
  invoice: null,
  staffReason: null,
  revision: 0,
};

const BillingStatusContext = createContext<BillingStatus>({ ...UNKNOWN, refresh: async () => {}, showBlockedDialog: () => {} });

/**
 * The logged-in user's billing state for the whole app (issue 31): block-status and the trial's days,
 * loaded when a user logs in and asked again when the server announces a change (billingStatusChanged:
 * payment accepted or recorded, a block reached), when the window regains focus and every
 * BILLING_REFRESH_INTERVAL_MS. The state is computed by the server at each request, so asking again is
 * all it takes to see a block begin or lift. Mounted once, in the app shell; it also shows the
 * blocked-account dialog (once per page load, and on request) and the trial or invoice reminder.
 */
export function BillingStatusProvider({ children }: { children: ReactNode }) {
  const userId = useCurrentUser()?.id ?? null;
  const socket = useSocket();
  // Kept with the user it belongs to, so another login in this tab never sees the last one's state.
  const [state, setState] = useState<{
    userId: number;
    block: BlockStatusDto | null;
    trial: number | false | null;
    revision: number;
  } | null>(null);
  // The dialog opens by itself once per page load (the user it was closed for is remembered), and on request.
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const [dialogRequested, setDialogRequested] = useState(false);
  const latestRequest = useRef(0);

  const refresh = useCallback(async () => {
    if (userId === null) return;
    const request = ++latestRequest.current;
    const [block, trial] = await Promise.all([
      getBlockStatus().catch((error: unknown) => {
        console.error("block-status failed", error);
        return null;
      }),
      // Core §8: a failed free-trial fetch is only logged; the bar stays as it was (hidden while unknown).
      getFreeTrialTimeLeft().catch((error: unknown) => {
        console.error("freeTrialTimeLeft failed", error);
        return undefined;
      }),
    ]);
    // An older request that answers last must not undo a newer one's answer.
    if (request !== latestRequest.current) return;
    setState((current) => {
      const mine = current?.userId === userId ? current : null;
      return {
        userId,
        block: block ?? mine?.block ?? null,
        trial: trial === undefined ? (mine?.trial ?? null) : trial,
        revision: (mine?.revision ?? 0) + (block ? 1 : 0),
      };
    });
  }, [userId]);

  useEffect(() => {
    if (userId === null) return;
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    const timer = setInterval(() => void refresh(), BILLING_REFRESH_INTERVAL_MS);
    return () => {
      window.removeEventListener("focus", onFocus);
      clearInterval(timer);
    };
  }, [userId, refresh]);

  useEffect(() => {
    if (!socket || userId === null) return;
    const onChanged = () => void refresh();
    socket.on(WS_EVENTS.billingStatusChanged, onChanged);
    // Changes made while the connection was down were not announced to us.
    socket.on("connect", onChanged);
    return () => {
      socket.off(WS_EVENTS.billingStatusChanged, onChanged);
      socket.off("connect", onChanged);
    };
  }, [socket, userId, refresh]);

  const mine = state !== null && state.userId === userId ? state : null;
  const block = mine?.block ?? null;
  const showBlockedDialog = useCallback(() => setDialogRequested(true), []);
  const value = useMemo<BillingStatus>(
    () =>
      block
        ? {
            loaded: true,
            blocked: block.blocked,
            status: block.status,
            reason: block.reason,
            trialDaysLeft: mine?.trial ?? null,
            canManage: block.canManage,
            ownerName: block.ownerName,
            invoice: block.invoice,
            staffReason: block.staffReason,
            revision: mine?.revision ?? 0,
            refresh,
            showBlockedDialog,
          }
        : { ...UNKNOWN, trialDaysLeft: mine?.trial ?? null, refresh, showBlockedDialog },
    [block, mine?.trial, mine?.revision, refresh, showBlockedDialog],
  );

  // Once per page load: the first time this page learns that the user is blocked (at load, or when a
  // block begins while it is open); after that only on request.
  // Not on the account page, where the user already is to reactivate: it opens on the next page instead.
  const onAccountPage = useSitePath().startsWith("/organisation");
  const isBlocked = block?.blocked === true;
  const dialogOpen = isBlocked && (dialogRequested || (closedFor !== userId && !onAccountPage));
  const closeDialog = () => {
    setClosedFor(userId);
    setDialogRequested(false);
  };

  return (
    <BillingStatusContext.Provider value={value}>
      {children}
      {userId !== null && isBlocked && <BlockedAccountDialog status={value} open={dialogOpen} onClose={closeDialog} />}
      {userId !== null && block !== null && !isBlocked && !onAccountPage && <InvoiceReminder userId={userId} status={value} />}
    </BillingStatusContext.Provider>
  );
}

/** The logged-in user's billing state; outside the provider or logged out, unknown and not blocked. */
export function useBillingStatus(): BillingStatus {
  return useContext(BillingStatusContext);
}
