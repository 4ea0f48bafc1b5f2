"use client";
/**
 * The company logo in the export settings (spec 2-content §3, "include company logo"): shows the logo the
 * export will print, or that there is none, and lets the user upload, replace or remove it when they may
 * (a member of an organisation sees the organisation's logo, which its owner and administrators change).
 *
 * Self-contained: without `state` it loads the logo itself; the export dialog that also needs the image
 * for rendering calls `useCompanyLogo()` once and passes its state here, or listens with `onChange`.
 */
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { useCompanyLogo, type CompanyLogo, type CompanyLogoState } from "./use-company-logo";
import { COMPANY_LOGO_ACCEPT } from "@/lib/schemas/company-logo";

export function CompanyLogoField({
  state,
  onChange,
}: {
  /** The state of the dialog's own useCompanyLogo(); without it the field loads the logo itself. */
  state?: CompanyLogoState;
  /** Told the logo whenever it is loaded or changed (null: none). */
  onChange?: (logo: CompanyLogo | null) => void;
}) {
  const t = useTranslations("editorCompanyLogo");
  const own = useCompanyLogo({ enabled: !state });
  const current = state ?? own;
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const { logo, status, canManage, pending, error, scope } = current;

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (status === "ready") onChangeRef.current?.(logo);
  }, [logo, status]);

  const hint = scope === "organisation" ? (canManage ? t("organisationHint") : t("readOnlyHint")) : t("hint");

  return (
    <Box role="group" aria-labelledby={labelId} data-testid="company-logo-field" data-status={status}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {t("label")}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Box
          sx={{
            width: 160,
            height: 64,
            p: 0.5,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            // Logos are printed on white paper: show them on white in the dark theme too.
            bgcolor: logo ? "#fff" : "transparent",
          }}
        >
          {status === "loading" ? (
            <CircularProgress size={20} aria-label={t("loading")} />
          ) : logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- an object URL of the user's logo, not a page image
            <img
              src={logo.objectUrl}
              alt={t("alt")}
              style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
              data-testid="company-logo-image"
            />
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="company-logo-none">
              {t("none")}
            </Typography>
          )}
        </Box>
        {canManage && status !== "loading" && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={pending ? <CircularProgress size={16} /> : <UploadFileOutlinedIcon />}
              disabled={pending}
              onClick={() => input.current?.click()}
              data-testid="company-logo-upload"
            >
              {logo ? t("replace") : t("upload")}
            </Button>
            {logo && (
              <Button size="small" color="error" disabled={pending} onClick={() => void current.remove()} data-testid="company-logo-remove">
                {t("remove")}
              </Button>
            )}
            <input
              ref={input}
              type="file"
              hidden
              accept={COMPANY_LOGO_ACCEPT}
              data-testid="company-logo-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = ""; // picking the same file again still fires change
                if (file) void current.upload(file);
              }}
            />
          </Stack>
        )}
      </Box>
      <FormHelperText error={!!error} data-testid={error ? "company-logo-error" : undefined} role={error ? "alert" : undefined}>
        {error ?? hint}
      </FormHelperText>
    </Box>
  );
}
