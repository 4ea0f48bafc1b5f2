"use client";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ADMIN_SECTIONS, adminHref, type AdminSection } from "./sections";
import { AdminGuard } from "@/components/guards";

/**
 * The frame of every admin screen: the admin guard ('Loading...' while it asks, core §2), the heading
 * and the sections as navigation links (each a real address, so the browser's back and a new tab work).
 */
export function AdminShell({ current, children }: { current: AdminSection; children: ReactNode }) {
  const t = useTranslations("admin");
  return (
    <AdminGuard>
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 4 } }} data-testid="admin-page">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {t("title")}
        </Typography>
        <Box component="nav" aria-label={t("nav.label")} sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
          <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile role="navigation">
            {ADMIN_SECTIONS.map((section) => (
              <Tab
                key={section}
                value={section}
                label={t(`nav.${section}`)}
                component={Link}
                href={adminHref(section)}
                aria-current={section === current ? "page" : undefined}
                data-testid={`admin-nav-${section}`}
              />
            ))}
          </Tabs>
        </Box>
        <Box component="section" aria-label={t(`nav.${current}`)} data-testid={`admin-section-${current}`}>
          {children}
        </Box>
      </Container>
    </AdminGuard>
  );
}
