"use client";
import AccountCircle from "@mui/icons-material/AccountCircle";
import Badge from "@mui/material/Badge";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FeedbackDialog } from "./feedback-dialog";
import { PendingInviteDialog, usePendingInvite } from "./pending-invite";
import { endSessionHere, type TokenClaims } from "@/client/session";

/**
 * The logged-in user's part of the header: the account button with the invitation badge, its menu, the
 * feedback dialog and the invitation dialog. The header loads this module only once a user is known
 * (next/dynamic), so a logged-out visitor downloads none of it (issue 34).
 */
export default function UserMenu({ user }: { user: TokenClaims }) {
  const t = useTranslations();
  const router = useRouter();
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const pendingInvite = usePendingInvite(user.id);
  const [inviteOpen, setInviteOpen] = useState(false);

  const logout = () => {
    setUserMenu(null);
    endSessionHere();
    router.push("/login");
  };

  return (
    <>
      <IconButton
        aria-label={pendingInvite.invite ? t("invites.userMenuWithInvite") : t("header.userMenu")}
        aria-haspopup="menu"
        data-testid="user-menu-button"
        onClick={(e) => setUserMenu(e.currentTarget)}
        color="inherit"
      >
        {/* Core §2: a dot badge while an organisation invitation is pending; the menu's first item opens it. */}
        <Badge variant="dot" color="error" invisible={!pendingInvite.invite} data-testid="pending-invite-badge">
          <AccountCircle />
        </Badge>
      </IconButton>
      <Menu anchorEl={userMenu} open={userMenu !== null} onClose={() => setUserMenu(null)}>
        <MenuItem disabled>{user.name || user.email}</MenuItem>
        <Divider />
        {pendingInvite.invite && (
          <MenuItem
            data-testid="pending-invite-menu-item"
            onClick={() => {
              setUserMenu(null);
              setInviteOpen(true);
            }}
          >
            <Badge variant="dot" color="error" sx={{ mr: 1.5 }} aria-hidden>
              <span />
            </Badge>
            {t("invites.menuItem", { organisation: pendingInvite.invite.organization.name })}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setUserMenu(null);
            setFeedbackOpen(true);
          }}
        >
          {t("header.feedback")}
        </MenuItem>
        <MenuItem component={Link} href="/order-control" onClick={() => setUserMenu(null)} data-testid="user-menu-archive">
          {t("nav.orderControl")}
        </MenuItem>
        <MenuItem component={Link} href="/organisation" onClick={() => setUserMenu(null)}>
          {t("header.account")}
        </MenuItem>
        <MenuItem onClick={logout}>{t("header.logout")}</MenuItem>
      </Menu>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      {pendingInvite.invite && (
        <PendingInviteDialog
          invite={pendingInvite.invite}
          open={inviteOpen}
          onClose={() => setInviteOpen(false)}
          onAnswered={() => {
            setInviteOpen(false);
            pendingInvite.clear();
          }}
        />
      )}
    </>
  );
}
