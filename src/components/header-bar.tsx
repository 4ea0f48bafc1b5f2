"use client";
import MenuIcon from "@mui/icons-material/Menu";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent, type ReactNode } from "react";
import { useSite } from "./site-context";
import { ThemeModeMenu } from "./theme-mode-menu";
import { useSitePath } from "./use-site-path";
import { useCurrentUser } from "@/client/session";
import { useHydrated } from "@/client/use-hydrated";
import { navHref, scrollToFaq } from "@/sites/nav";
import type { NavEntry } from "@/sites/registry";

// Loaded only when they show (a user is known, the phone menu is opened): their menus, dialogs, forms
// and schemas are most of the header's code, and a logged-out visitor needs none of it (issue 34).
const UserMenu = dynamic(() => import("./user-menu"));
const MobileMenu = dynamic(() => import("./mobile-menu"));
const TrialBar = dynamic(() => import("./billing/trial-bar").then((m) => m.TrialBar));

/** Where the demo button leads: an external booking service when configured, else the contact page. */
const DEMO_URL = process.env.NEXT_PUBLIC_DEMO_BOOKING_URL || "/contact";

/**
 * The header's interactive island: what depends on the path (the current page, the plan tool's slimmer
 * bar) or on the session in browser storage (the public or private nav, login buttons or the user
 * menu). The bar around it and the logo are rendered on the server (header.tsx).
 */
export function HeaderBar({ logo }: { logo: ReactNode }) {
  const site = useSite();
  const t = useTranslations();
  const path = useSitePath();
  const router = useRouter();
  const user = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
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

  return (
    <>
      {/* Slimmer in the plan tool on a phone or tablet: every pixel of height there is map. */}
      <Toolbar sx={{ gap: 1, maxWidth: 1200, width: "100%", mx: "auto", ...(path === "/app" && { minHeight: { xs: 48, md: 64 } }) }}>
        <Box
          component={Link}
          href="/"
          prefetch={prefetch}
          aria-label={t("header.homeLink", { product: site.productName })}
          sx={{ display: "flex", mr: 2, textDecoration: "none" }}
        >
          {logo}
        </Box>
        <Box component="nav" aria-label={t("header.mainNav")} sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ...pending }}>
          {entries.map((entry) => (
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
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeModeMenu />
        {user ? (
          <UserMenu user={user} />
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
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          color="inherit"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {/* Issue 31: the free-trial bar of the logged-in header, below the links so it never crowds them. */}
      {user && <TrialBar />}
      {drawerUsed && (
        <MobileMenu
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          entries={entries}
          loggedIn={user !== null}
          demoUrl={DEMO_URL}
          onNavClick={onNavClick}
        />
      )}
    </>
  );
}
