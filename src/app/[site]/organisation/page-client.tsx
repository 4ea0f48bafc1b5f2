"use client";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useCallback, useEffect, useState } from "react";
import { DeleteAccountTab } from "./delete-account-tab";
import { DetailsTab } from "./details-tab";
import { InvoicesTab } from "./invoices-tab";
import { MembersTab } from "./members-tab";
import { ACCOUNT_TABS, tabPanelId, tabId, type AccountTab } from "./tabs";
import { getOrganisation } from "@/client/organisation";
import { useCurrentUser } from "@/client/session";
import { ProtectedRoute } from "@/components/guards";
import { LoadingScreen } from "@/components/loading-screen";
import type { OrganisationDto } from "@/lib/schemas/organisation";

/** The caller's organisation: undefined while it loads, null when they are in none. */
export function useOrganisation() {
  const [organisation, setOrganisation] = useState<OrganisationDto | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(
    () =>
      getOrganisation().then(
        (found) => {
          setOrganisation(found);
          setFailed(false);
        },
        () => setFailed(true), // the shared handling has shown the server's message
      ),
    [],
  );
  useEffect(() => {
    reload().catch(() => undefined);
  }, [reload]);
  return { organisation, failed, reload };
}

function isTab(value: string | null): value is AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? "");
}

function AccountPage() {
  const t = useTranslations("organisationPage");
  const user = useCurrentUser();
  const router = useRouter();
  const pathname = usePathname();
  const query = useSearchParams();
  const asked = query.get("tab");
  const tab: AccountTab = isTab(asked) ? asked : "details";
  const { organisation, failed, reload } = useOrganisation();

  // The tab lives in the address (?tab=members), so it can be linked and survives a reload.
  const select = (next: AccountTab) => {
    const params = new URLSearchParams(query.toString());
    if (next === "details") params.delete("tab");
    else params.set("tab", next);
    const search = params.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };

  if (!user) return null; // the guard only renders this with a user
  const labels: Record<AccountTab, string> = {
    details: t("tabs.details"),
    members: t("tabs.members"),
    invoices: t("tabs.invoices"),
    delete: t("tabs.delete"),
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }} data-testid="account-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t("title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("intro")}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, next: AccountTab) => select(next)}
          aria-label={t("tabs.label")}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {ACCOUNT_TABS.map((key) => (
            <Tab key={key} value={key} label={labels[key]} id={tabId(key)} aria-controls={tabPanelId(key)} data-testid={`tab-${key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabId(tab)} data-testid={`tabpanel-${tab}`}>
        {tab === "details" && <DetailsTab user={user} organisation={organisation} failed={failed} reload={reload} />}
        {tab === "members" && (
          <MembersTab user={user} organisation={organisation} failed={failed} reload={reload} onCreate={() => select("details")} />
        )}
        {tab === "invoices" && <InvoicesTab user={user} organisation={organisation} />}
        {tab === "delete" && <DeleteAccountTab organisation={organisation} />}
      </Box>
    </Container>
  );
}

/**
 * /organisation, "Konto" in the user menu (protected; core §2): tabs for the user's and the
 * organisation's details, members and invitations, invoices, and deleting the account.
 */
export function OrganisationPageClient() {
  return (
    <ProtectedRoute>
      <Suspense fallback={<LoadingScreen />}>
        <AccountPage />
      </Suspense>
    </ProtectedRoute>
  );
}
