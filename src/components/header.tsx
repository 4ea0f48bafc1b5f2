"use client";
import AccountCircle from "@mui/icons-material/AccountCircle";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Toolbar from "@mui/material/Toolbar";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent } from "react";
import { TrialBar } from "./billing/trial-bar";
import { FeedbackDialog } from "./feedback-dialog";
import { Logo } from "./logo";
import { PendingInviteDialog, usePendingInvite } from "./pending-invite";
import { useSite } from "./site-context";
import { ThemeModeMenu } from "./theme-mode-menu";
import { useSitePath } from "./use-site-path";
import { endSessionHere, useCurrentUser } from "@/client/session";
import { useHydrated } from "@/client/use-hydrated";
import { navHref, scrollToFaq } from "@/sites/nav";
import type { NavEntry } from "@/sites/registry";

/** Where the demo button leads: an external booking service when configured, else the contact page. */
const DEMO_URL = process.env.NEXT_PUBLIC_DEMO_BOOKING_URL || "/contact";

export function Header() {
  const site = useSite();
  const t = useTranslations();
  const path = useSitePath();
  const router = useRouter();
  const user = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const pendingInvite = usePendingInvite(user?.id ?? null);
  const [inviteOpen, setInviteOpen] = useState(false);
  // The session is in browser storage, known only once hydrated: until then the links that depend on it
  // keep their place but stay out of sight, so a logged-in user never sees the logged-out ones flash.
  const pending = useHydrated() ? {} : { visibility: "hidden" };

  // In the plan tool the header's links are not prefetched: their requests would compete with the
  // plan's own while it opens, and from the tool the user rarely leaves for a marketing page.
  const prefetch = path === "/app" ? false : undefined;

  const entries: NavEntry[] = user ? [...site.nav.private] : site.nav.public.filter((e) => !site.nav.publicHidden.includes(e));

  const onNavClick = (entry: NavEntry) => (event: MouseEvent) => {
    setDrawerOpen(false);
    if (entry !== "faq") return;
    event.preventDefault();
    if (path !== "/") router.push("/#faq");
    else scrollToFaq();
  };

  const logout = () => {
    setUserMenu(null);
    endSessionHere();
    router.push("/login");
  };

  const navLinks = entries.map((entry) => (
    <Button
      key={entry}
      component={Link}
      href={navHref(site, entry)}
      prefetch={prefetch}
      onClick={onNavClick(entry)}
      color="inherit"
      aria-current={navHref(site, entry) === path ? "page" : undefined}
    >
      {t(`nav.${entry}`)}
    </Button>
  ));

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
      data-testid="site-header"
    >
      {/* Slimmer in the plan tool on a phone or tablet: every pixel of height there is map. */}
      <Toolbar sx={{ gap: 1, maxWidth: 1200, width: "100%", mx: "auto", ...(path === "/app" && { minHeight: { xs: 48, md: 64 } }) }}>
        <Box
          component={Link}
          href="/"
          prefetch={prefetch}
          aria-label={t("header.homeLink", { product: site.productName })}
          sx={{ display: "flex", mr: 2, textDecoration: "none" }}
        >
          <Logo site={site} />
        </Box>
        <Box component="nav" aria-label={t("header.mainNav")} sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ...pending }}>
          {navLinks}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeModeMenu />
        {user ? (
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
        ) : (
          <Box sx={{ display: { xs: "none", md: "flex" }, gap: 1, ...pending }}>
            <Button variant="outlined" href={DEMO_URL} target={DEMO_URL.startsWith("http") ? "_blank" : undefined} rel="noopener">
              {t("header.demo")}
            </Button>
            <Button component={Link} href="/login" color="inherit">
              {t("header.login")}
            </Button>
            <Button component={Link} href="/register" variant="contained" disableElevation>
              {t("header.signup")}
            </Button>
          </Box>
        )}
        <IconButton
          sx={{ display: { md: "none" } }}
          aria-label={t("header.openMenu")}
          data-testid="mobile-menu-button"
          onClick={() => setDrawerOpen(true)}
          color="inherit"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {/* Issue 31: the free-trial bar of the logged-in header, below the links so it never crowds them. */}
      {user && <TrialBar />}
      <Drawer anchor="right" open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 280 }} role="presentation">
          <List component="nav" aria-label={t("header.mainNav")}>
            {entries.map((entry) => (
              <ListItemButton key={entry} component={Link} href={navHref(site, entry)} onClick={onNavClick(entry)}>
                <ListItemText primary={t(`nav.${entry}`)} />
              </ListItemButton>
            ))}
          </List>
          {!user && (
            <>
              <Divider />
              <Box sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1 }}>
                <Button variant="contained" disableElevation component={Link} href="/register" onClick={() => setDrawerOpen(false)}>
                  {t("header.signup")}
                </Button>
                <Button variant="outlined" component={Link} href="/login" onClick={() => setDrawerOpen(false)}>
                  {t("header.login")}
                </Button>
                <Button href={DEMO_URL}>{t("header.demo")}</Button>
              </Box>
            </>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
