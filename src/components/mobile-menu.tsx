"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { useSite } from "./site-context";
import { navHref } from "@/sites/nav";
import type { NavEntry } from "@/sites/registry";

/**
 * The header's menu below the medium breakpoint: a drawer with the nav entries and, logged out, the
 * sign-up, login and demo buttons. Loaded with the first tap on the menu button (next/dynamic), so the
 * drawer's code stays out of every page's first load (issue 34).
 */
export default function MobileMenu({
  open,
  onClose,
  entries,
  loggedIn,
  demoUrl,
  onNavClick,
}: {
  open: boolean;
  onClose: () => void;
  entries: NavEntry[];
  loggedIn: boolean;
  demoUrl: string;
  onNavClick: (entry: NavEntry) => (event: MouseEvent) => void;
}) {
  const site = useSite();
  const t = useTranslations();
  return (
    // MUI gives the temporary drawer's paper role="dialog"; a dialog needs a name (axe: aria-dialog-name).
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { "aria-label": t("header.mainNav") } }}>
      <Box sx={{ width: 280 }} role="presentation">
        <List component="nav" aria-label={t("header.mainNav")}>
          {entries.map((entry) => (
            <ListItemButton key={entry} component={Link} href={navHref(site, entry)} onClick={onNavClick(entry)}>
              <ListItemText primary={t(`nav.${entry}`)} />
            </ListItemButton>
          ))}
        </List>
        {!loggedIn && (
          <>
            <Divider />
            <Box sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1 }}>
              <Button variant="contained" disableElevation component={Link} href="/register" onClick={onClose}>
                {t("header.signup")}
              </Button>
              <Button variant="outlined" component={Link} href="/login" onClick={onClose}>
                {t("header.login")}
              </Button>
              <Button href={demoUrl}>{t("header.demo")}</Button>
            </Box>
          </>
        )}
      </Box>
    </Drawer>
  );
}
