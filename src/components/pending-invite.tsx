"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogContentText from "@mui/material/DialogContentText";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { DialogFrame } from "./dialog-frame";
import { api, errorMessage } from "@/client/api";
import { useSocket } from "@/client/realtime";
import { WS_EVENTS } from "@/lib/realtime-events";
import { checkPendingInviteSchema, inviteAnswerSchema, inviteDtoSchema, type InviteDto } from "@/lib/schemas/organisation";

/**
 * The logged-in user's pending organisation invitation (core §2, §4): asked for when the header loads,
 * and replaced at once by an organizationInvite arriving over the socket. A failed check is logged
 * and leaves the state empty (core §8), so a flaky network never shows a badge that is not there.
 */
export function usePendingInvite(userId: number | null) {
  const socket = useSocket();
  // Kept with the user it belongs to, so another login in this tab never sees the last one's.
  const [state, setState] = useState<{ userId: number; invite: InviteDto | null } | null>(null);
  const invite = state !== null && state.userId === userId ? state.invite : null;

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const onInvite = (payload: unknown) => {
      const parsed = inviteDtoSchema.safeParse(payload);
      if (parsed.success) setState({ userId, invite: parsed.data });
      else console.error("organizationInvite: unexpected payload", parsed.error);
    };
    socket?.on(WS_EVENTS.organizationInvite, onInvite);
    // Asked when the header loads and again once the socket has connected, after the listener is on: an
    // invitation made while the socket was still connecting sent its event to nobody, and this finds it.
    api
      // Outside the shared handling: a background check that fails (even a refused token) is only logged
      // (core §8); the session ends at the user's next own call, not under them while a page loads.
      .get("/users/checkPendingInvite", { schema: checkPendingInviteSchema, sharedHandling: false })
      .then(({ invite: found }) => {
        // One that arrived over the socket meanwhile is as new or newer.
        if (live) setState((current) => (current?.userId === userId && current.invite ? current : { userId, invite: found }));
      })
      .catch((error: unknown) => console.error("checkPendingInvite failed", error));
    return () => {
      live = false;
      socket?.off(WS_EVENTS.organizationInvite, onInvite);
    };
  }, [socket, userId]);

  return { invite, clear: () => setState(userId === null ? null : { userId, invite: null }) };
}

/**
 * The pending organisation invite dialog (core §2): the organisation's name and company number, and
 * Accept / Decline. Accepting goes to the organisation page (core §4). A failure shows the server's
 * message, else the product's own text for it (errorMessage gives the API's refusal or no connection,
 * and the fallback for the rest).
 */
export function PendingInviteDialog({
  invite,
  open,
  onClose,
  onAnswered,
}: {
  invite: InviteDto;
  open: boolean;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const t = useTranslations("invites");
  const format = useFormatter();
  const router = useRouter();
  const [pending, setPending] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (kind: "accept" | "decline") => {
    setPending(kind);
    setError(null);
    try {
      const path = kind === "accept" ? "/users/acceptInvite" : "/users/declineInvite";
      const result = await api.post(path, {}, { schema: inviteAnswerSchema, toast: false });
      onAnswered();
      if (result.hasInviteBeenAccepted) {
        toast.success(result.message);
        router.push("/organisation");
      } else {
        toast.info(result.message || t("dialog.declined"));
      }
    } catch (failure) {
      setError(errorMessage(failure, t(kind === "accept" ? "dialog.acceptError" : "dialog.declineError")));
    } finally {
      setPending(null);
    }
  };

  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <DialogFrame
      testId="pending-invite-dialog"
      title={t("dialog.title")}
      open={open}
      onClose={close}
      pending={pending !== null}
      error={error}
      maxWidth="sm"
      cancelLabel={t("dialog.later")}
      confirmAction={
        <>
          <Button
            onClick={() => void answer("decline")}
            disabled={pending !== null}
            color="inherit"
            variant="outlined"
            data-testid="decline-invite"
          >
            {t("dialog.decline")}
          </Button>
          <Button
            onClick={() => void answer("accept")}
            disabled={pending !== null}
            variant="contained"
            disableElevation
            data-testid="accept-invite"
          >
            {t("dialog.accept")}
          </Button>
        </>
      }
    >
      <DialogContentText>
        {invite.invitedBy ? t("dialog.text", { inviter: invite.invitedBy }) : t("dialog.textNoInviter")}
      </DialogContentText>
      <Box sx={{ my: 2, p: 2, borderRadius: 1, bgcolor: "action.hover" }} data-testid="pending-invite-organisation">
        <Typography sx={{ fontWeight: 700 }}>{invite.organization.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("companyNumber", { number: invite.organization.cvr_number })}
        </Typography>
      </Box>
      <DialogContentText variant="body2">
        {t("dialog.expires", { date: format.dateTime(new Date(invite.expiresAt), { dateStyle: "long" }) })}
      </DialogContentText>
    </DialogFrame>
  );
}
