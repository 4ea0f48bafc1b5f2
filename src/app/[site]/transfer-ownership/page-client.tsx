"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouter, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { toast } from "react-toastify";
import * as z from "zod";
import { api, errorMessage } from "@/client/api";
import { ProtectedRoute } from "@/components/guards";
import { LinkButton } from "@/components/link-button";
import { useSite } from "@/components/site-context";
import type { TransferPreviewDto } from "@/lib/schemas/organisation";

const messageSchema = z.object({ message: z.string() });

type Load = { kind: "loading" } | { kind: "ready"; preview: TransferPreviewDto } | { kind: "failed"; message: string };

function Frame({ children }: { children: React.ReactNode }) {
  const t = useTranslations("transfer");
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }} data-testid="transfer-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t("title")}
      </Typography>
      {children}
    </Container>
  );
}

function Failed({ message }: { message: string }) {
  const t = useTranslations("transfer");
  return (
    <Stack spacing={3} sx={{ alignItems: "flex-start" }}>
      <Alert severity="error" sx={{ alignSelf: "stretch" }} data-testid="transfer-error">
        {message}
      </Alert>
      <LinkButton href="/organisation" variant="outlined">
        {t("toOrganisation")}
      </LinkButton>
    </Stack>
  );
}

/** What moves with the ownership (the preview's counts), then the confirmation. */
function Preview({ preview, token }: { preview: TransferPreviewDto; token: string }) {
  const t = useTranslations("transfer");
  const format = useFormatter();
  const router = useRouter();
  const { productName } = useSite();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { organization, from, moves } = preview;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { message } = await api.post("/users/confirmTransferOwnership", { token }, { schema: messageSchema, toast: false });
      toast.success(message);
      router.push("/organisation");
    } catch (failure) {
      setError(errorMessage(failure, t("confirmFailed")));
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="transfer-preview">
      <Stack spacing={2}>
        <Typography>{t("intro", { from: from.name, organisation: organization.name })}</Typography>
        <Typography color="text.secondary">{t("companyNumber", { number: organization.cvr_number })}</Typography>
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t("movesTitle")}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, "& li": { mb: 0.5 } }} data-testid="transfer-moves">
            <li>{t("movesLogo", { hasLogo: String(moves.hasLogo) })}</li>
            <li>{t("movesSigns", { count: moves.signs })}</li>
            <li>{t("movesProjects", { count: moves.sharedProjects })}</li>
          </Box>
        </Box>
        <Typography color="text.secondary">{t("movesBilling", { product: productName })}</Typography>
        <Typography>{t("afterwards", { from: from.name })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("expires", { time: format.dateTime(new Date(preview.expiresAt), { dateStyle: "long", timeStyle: "short" }) })}
        </Typography>
        {error && (
          <Alert severity="error" data-testid="transfer-error">
            {error}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            disableElevation
            size="large"
            onClick={() => void confirm()}
            disabled={busy}
            data-testid="transfer-confirm"
          >
            {busy ? t("confirming") : t("confirm")}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function TransferWithToken({ token }: { token: string }) {
  const t = useTranslations("transfer");
  const [load, setLoad] = useState<Load>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    api
      .get<TransferPreviewDto>(`/users/transferOwnership?${new URLSearchParams({ token })}`, { toast: false })
      .then((preview) => current && setLoad({ kind: "ready", preview }))
      .catch((error: unknown) => current && setLoad({ kind: "failed", message: errorMessage(error, t("loadFailed")) }));
    return () => {
      current = false;
    };
  }, [token, t]);

  if (load.kind === "loading") {
    return (
      <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{t("loading")}</Typography>
      </Box>
    );
  }
  if (load.kind === "failed") return <Failed message={load.message} />;
  return <Preview preview={load.preview} token={token} />;
}

function TransferFromLink() {
  const t = useTranslations("transfer");
  const token = useSearchParams().get("token");
  return <Frame>{token ? <TransferWithToken token={token} /> : <Failed message={t("missingToken")} />}</Frame>;
}

/** /transfer-ownership?token=…: the new owner reads what moves with the ownership and confirms (protected: log in first). */
export function TransferOwnershipPageClient() {
  return (
    <ProtectedRoute>
      <Suspense>
        <TransferFromLink />
      </Suspense>
    </ProtectedRoute>
  );
}
