"use client";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { returnPathFrom } from "@/client/return-path";
import { createOrganisation, getOrganisation } from "@/client/organisation";
import { AuthCard } from "@/components/auth-card";
import { ProtectedRoute } from "@/components/guards";
import { OrganisationForm, useOrganisationForm } from "@/components/organisation/organisation-form";

/**
 * The first organisation (core §2: optional, can be skipped): name and CVR (organisationsnummer on
 * ta-planen), then on to where the login was going (`from`, else /app). A user who is in an
 * organisation already goes straight on.
 */
function CreateFirstOrganisation() {
  const t = useTranslations("organisationPage.createFirst");
  const router = useRouter();
  const form = useOrganisationForm();
  const next = () => returnPathFrom(window.location.search);

  useEffect(() => {
    getOrganisation({ toast: false })
      .then((organisation) => {
        if (organisation) router.replace(returnPathFrom(window.location.search));
      })
      .catch(() => undefined); // the form still works; its own submit says what goes wrong
  }, [router]);

  return (
    <AuthCard title={t("title")} intro={t("intro")} testId="create-first-organisation-page">
      <OrganisationForm
        form={form}
        testId="create-organisation-form"
        fallback={t("createError")}
        submitLabel={t("create")}
        action={async (body) => {
          await createOrganisation(body, { toast: false });
          router.replace(next());
          return "done";
        }}
        secondary={
          <Button variant="text" onClick={() => router.replace(next())} disabled={form.busy} data-testid="skip-organisation">
            {t("skip")}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t("later")}
      </Typography>
    </AuthCard>
  );
}

export function CreateFirstOrganisationPageClient() {
  return (
    <ProtectedRoute>
      <CreateFirstOrganisation />
    </ProtectedRoute>
  );
}
