"use client";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { Section } from "./account-forms";
import type { OrganisationTabProps } from "./details-tab";
import { errorMessage } from "@/client/api";
import {
  getOrganisationUsers,
  getPendingInvites,
  inviteByEmail,
  leaveOrganisation,
  makeAdmin,
  removeUser,
  revokeInvite,
  transferOwnership,
  unmakeAdmin,
} from "@/client/organisation";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import { DangerButton } from "@/components/organisation/danger-button";
import { may, mayActOn, type OrganisationRole } from "@/lib/organisation-roles";
import { inviteBodySchema, type OrganisationDto, type OrganisationUserDto, type PendingInviteDto } from "@/lib/schemas/organisation";

const roleOfMember = (member: OrganisationUserDto): OrganisationRole => (member.isOwner ? "owner" : member.isAdmin ? "admin" : "member");

/** Runs a call, toasts its answer's message (or the failure's) and reloads; `true` when it worked. */
function useAction(reload: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (call: () => Promise<{ message: string }>, fallback: string): Promise<boolean> => {
      setPending(true);
      try {
        const { message } = await call();
        toast.success(message);
        await reload();
        return true;
      } catch (error) {
        toast.error(errorMessage(error, fallback));
        return false;
      } finally {
        setPending(false);
      }
    },
    [reload],
  );
  return { pending, run };
}

/** A yes-or-no question before something that cannot simply be taken back. */
function ConfirmDialog({
  testId,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  danger = true,
}: {
  testId: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  danger?: boolean;
}) {
  const tc = useTranslations("organisationPage");
  return (
    <DialogFrame
      testId={testId}
      title={title}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      pending={pending}
      cancelLabel={tc("cancel")}
      cancelAutoFocus
      confirmLabel={danger ? undefined : confirmLabel}
      confirmAction={
        danger ? (
          <DangerButton type="submit" disabled={pending}>
            {confirmLabel}
          </DangerButton>
        ) : undefined
      }
    >
      <Typography>{children}</Typography>
    </DialogFrame>
  );
}

function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const t = useTranslations("organisationPage.members");
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ email: "" }, { onEdit: () => setSent(null) });
  const submit = form.handleSubmit({
    schema: inviteBodySchema,
    fallback: t("inviteError"),
    action: async ({ email }) => {
      const { message } = await inviteByEmail(email, { toast: false });
      form.reset();
      setSent(message);
      await onInvited();
    },
  });
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="invite-form">
      <Stack spacing={2}>
        {form.formError ? <Alert severity="error">{form.formError}</Alert> : sent && <Alert severity="success">{sent}</Alert>}
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexDirection: { xs: "column", sm: "row" } }}>
          <TextField label={t("inviteEmail")} type="email" autoComplete="off" {...form.field("email")} required fullWidth />
          <Button type="submit" variant="contained" disableElevation disabled={form.busy} sx={{ flexShrink: 0, minHeight: { sm: 56 } }}>
            {t("invite")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

type Pending = { kind: "remove" | "transfer"; member: OrganisationUserDto } | { kind: "leave" } | null;

function MemberRow({
  member,
  organisation,
  self,
  onAsk,
  onAdmin,
  busy,
}: {
  member: OrganisationUserDto;
  organisation: OrganisationDto;
  self: boolean;
  onAsk: (pending: Pending) => void;
  onAdmin: (member: OrganisationUserDto, make: boolean) => void;
  busy: boolean;
}) {
  const t = useTranslations("organisationPage.members");
  const format = useFormatter();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const target = roleOfMember(member);
  const role = organisation.role;
  // The same table the server enforces (src/lib/organisation-roles.ts); nobody acts on themselves here.
  const actions = self
    ? []
    : [
        !member.isAdmin &&
          mayActOn(role, "makeAdmin", target) && { key: "makeAdmin", label: t("makeAdmin"), run: () => onAdmin(member, true) },
        member.isAdmin &&
          !member.isOwner &&
          mayActOn(role, "unmakeAdmin", target) && { key: "unmakeAdmin", label: t("unmakeAdmin"), run: () => onAdmin(member, false) },
        !member.isOwner &&
          may(role, "transferOwnership") && { key: "transfer", label: t("transfer"), run: () => onAsk({ kind: "transfer", member }) },
        mayActOn(role, "removeMember", target) && { key: "remove", label: t("remove"), run: () => onAsk({ kind: "remove", member }) },
      ].filter((action): action is { key: string; label: string; run: () => void } => !!action);
  const joined = format.dateTime(new Date(member.joinedAt), { dateStyle: "medium" });

  return (
    <ListItem
      divider
      data-testid="member-row"
      data-member-id={member.id}
      sx={{ px: 0, alignItems: "flex-start", gap: 1 }}
      secondaryAction={
        actions.length > 0 && (
          <>
            <IconButton
              edge="end"
              aria-label={t("actionsFor", { name: member.name })}
              aria-haspopup="menu"
              onClick={(event) => setAnchor(event.currentTarget)}
              disabled={busy}
              data-testid="member-actions"
            >
              <MoreVertIcon />
            </IconButton>
            <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
              {actions.map((action) => (
                <MenuItem
                  key={action.key}
                  onClick={() => {
                    setAnchor(null);
                    action.run();
                  }}
                  sx={action.key === "remove" ? { color: "error.dark" } : undefined}
                >
                  {action.label}
                </MenuItem>
              ))}
            </Menu>
          </>
        )
      }
    >
      <Box sx={{ minWidth: 0, pr: actions.length > 0 ? 5 : 0, width: "100%" }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }} data-testid="member-name">
            {member.name}
            {self && ` ${t("you")}`}
          </Typography>
          {member.isOwner && <Chip size="small" color="primary" label={t("owner")} data-testid="member-owner" />}
          {member.isAdmin && !member.isOwner && <Chip size="small" variant="outlined" label={t("admin")} data-testid="member-admin" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }} data-testid="member-email">
          {member.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("joined", { date: joined })}
        </Typography>
      </Box>
    </ListItem>
  );
}

function PendingInvites({
  invites,
  organisation,
  reload,
}: {
  invites: PendingInviteDto[];
  organisation: OrganisationDto;
  reload: () => Promise<void>;
}) {
  const t = useTranslations("organisationPage.members");
  const format = useFormatter();
  const { pending, run } = useAction(reload);
  if (invites.length === 0) return <Typography color="text.secondary">{t("noInvites")}</Typography>;
  return (
    <List disablePadding data-testid="pending-invites">
      {invites.map((invite) => (
        <ListItem key={invite.email} divider sx={{ px: 0, flexWrap: "wrap", gap: 1 }} data-testid="pending-invite">
          <Box sx={{ minWidth: 0, flex: "1 1 240px" }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{invite.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("invitedBy", { name: invite.invitedBy })} ·{" "}
              {t("expires", { date: format.dateTime(new Date(invite.expiresAt), { dateStyle: "medium" }) })}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", gap: 1 }}>
            {may(organisation.role, "resendInvite") && (
              <Button
                size="small"
                disabled={pending}
                onClick={() => void run(() => inviteByEmail(invite.email, { toast: false }), t("inviteError"))}
              >
                {t("resend")}
              </Button>
            )}
            {may(organisation.role, "revokeInvite") && (
              <DangerButton
                size="small"
                variant="text"
                disabled={pending}
                onClick={() => void run(() => revokeInvite(invite.email, { toast: false }), t("revokeError"))}
              >
                {t("revoke")}
              </DangerButton>
            )}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

/** The second tab: the members with their roles and actions, the invitations, and leaving. */
export function MembersTab({ user, organisation, failed, reload, onCreate }: OrganisationTabProps & { onCreate: () => void }) {
  const t = useTranslations("organisationPage.members");
  const [members, setMembers] = useState<OrganisationUserDto[] | null>(null);
  const [invites, setInvites] = useState<PendingInviteDto[] | null>(null);
  const [asking, setAsking] = useState<Pending>(null);

  const load = useCallback(
    () =>
      organisation
        ? Promise.allSettled([getOrganisationUsers(), getPendingInvites({ toast: false })]).then(([users, pending]) => {
            if (users.status === "fulfilled") setMembers(users.value);
            // Pending invitations are shown where the server lists them; a refusal simply hides the list.
            setInvites(pending.status === "fulfilled" ? pending.value : null);
          })
        : Promise.resolve(),
    [organisation],
  );
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);
  const reloadAll = useCallback(async () => {
    await Promise.all([load(), reload()]);
  }, [load, reload]);
  const { pending, run } = useAction(reloadAll);

  if (organisation === undefined) {
    return failed ? <Alert severity="error">{t("loadError")}</Alert> : <CircularProgress size={24} aria-label={t("loading")} />;
  }
  if (organisation === null) {
    return (
      <Section title={t("title")} testId="members-no-organisation">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t("noOrganisation")}
        </Typography>
        <Button variant="contained" disableElevation onClick={onCreate}>
          {t("createOrganisation")}
        </Button>
      </Section>
    );
  }

  const close = () => setAsking(null);
  const confirm = async () => {
    if (!asking) return;
    const done =
      asking.kind === "remove"
        ? await run(() => removeUser(asking.member.id, { toast: false }), t("removeError"))
        : asking.kind === "transfer"
          ? await run(() => transferOwnership(asking.member.id, { toast: false }), t("transferError"))
          : await run(() => leaveOrganisation({ toast: false }), t("leaveError"));
    if (done) close();
  };
  const onAdmin = (member: OrganisationUserDto, make: boolean) =>
    void run(() => (make ? makeAdmin(member.id, { toast: false }) : unmakeAdmin(member.id, { toast: false })), t("adminError"));

  return (
    <Stack spacing={3}>
      {may(organisation.role, "invite") && (
        <Section title={t("inviteTitle")} testId="invite-section">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("inviteText", { organisation: organisation.name })}
          </Typography>
          <InviteForm onInvited={load} />
        </Section>
      )}
      <Section title={t("title")} testId="members-section">
        {members === null ? (
          <CircularProgress size={24} aria-label={t("loading")} />
        ) : (
          <List disablePadding data-testid="members-list">
            {members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                organisation={organisation}
                self={member.id === user.id}
                onAsk={setAsking}
                onAdmin={onAdmin}
                busy={pending}
              />
            ))}
          </List>
        )}
      </Section>
      {invites && (
        <Section title={t("invitesTitle")} testId="invites-section">
          <PendingInvites invites={invites} organisation={organisation} reload={load} />
        </Section>
      )}
      {organisation.role !== "owner" && (
        <Section title={t("leaveTitle")} testId="leave-section">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("leaveText")}
          </Typography>
          <DangerButton variant="outlined" onClick={() => setAsking({ kind: "leave" })} data-testid="leave-organisation">
            {t("leave")}
          </DangerButton>
        </Section>
      )}
      {asking?.kind === "remove" && (
        <ConfirmDialog
          testId="remove-member-dialog"
          title={t("removeTitle", { name: asking.member.name })}
          confirmLabel={t("remove")}
          onConfirm={() => void confirm()}
          onClose={close}
          pending={pending}
        >
          {t("removeText", { name: asking.member.name, organisation: organisation.name })}
        </ConfirmDialog>
      )}
      {asking?.kind === "transfer" && (
        <ConfirmDialog
          testId="transfer-dialog"
          title={t("transferTitle", { name: asking.member.name })}
          confirmLabel={t("transferConfirm")}
          onConfirm={() => void confirm()}
          onClose={close}
          pending={pending}
          danger={false}
        >
          {t("transferText", { name: asking.member.name, email: asking.member.email })}
        </ConfirmDialog>
      )}
      {asking?.kind === "leave" && (
        <ConfirmDialog
          testId="leave-dialog"
          title={t("leaveTitle")}
          confirmLabel={t("leave")}
          onConfirm={() => void confirm()}
          onClose={close}
          pending={pending}
        >
          {t("leaveConfirmText", { organisation: organisation.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
