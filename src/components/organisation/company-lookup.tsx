"use client";
/**
 * Finds a company in the register by number or name and hands it to the form (issue 30: "the form fills
 * name and address; when the service is down or over quota it says so and allows manual entry"). Not a
 * <form> of its own, because it sits inside the organisation's form: Enter in the field searches
 * instead of submitting that form. Messages appear under the field, announced to screen readers; the
 * form's own fields stay editable whatever the look-up answers.
 */
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { lookUpCompany } from "@/client/company-lookup";
import type { CompanyLookupDto } from "@/lib/schemas/organisation";

export function CompanyLookup({ onFound, disabled = false }: { onFound: (company: CompanyLookupDto) => void; disabled?: boolean }) {
  const t = useTranslations("companyLookup");
  const messageId = useId();
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<CompanyLookupDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setError(null);
    setFound(null);
    try {
      const result = await lookUpCompany(search, t("networkError"), controller.signal);
      if ("company" in result) {
        setFound(result.company);
        onFound(result.company);
      } else setError(result.error);
    } catch {
      return; // a newer search (or leaving the page) cancelled this one
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // not the surrounding form's submit
    if (!busy) void run();
  };

  return (
    <Box data-testid="company-lookup">
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          fullWidth
          size="small"
          label={t("label")}
          placeholder={t("placeholder")}
          value={search}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onKeyDown}
          error={!!error}
          slotProps={{
            htmlInput: { "data-testid": "company-lookup-search", type: "search", autoComplete: "off", "aria-describedby": messageId },
          }}
        />
        <Button
          variant="outlined"
          onClick={() => void run()}
          disabled={disabled || busy}
          startIcon={busy ? <CircularProgress size={16} /> : <SearchIcon />}
          data-testid="company-lookup-button"
          sx={{ flexShrink: 0, height: 40 }}
        >
          {busy ? t("searching") : t("search")}
        </Button>
      </Box>
      <Box id={messageId} role="status" aria-live="polite" sx={{ minHeight: 20, mt: 0.5 }}>
        {error && (
          <Typography
            variant="body2"
            // The theme's error red is below 4.5:1 on white for body text: its darker shade in light mode.
            sx={{ color: (theme) => (theme.palette.mode === "light" ? theme.palette.error.dark : theme.palette.error.light) }}
            data-testid="company-lookup-error"
          >
            {error}
          </Typography>
        )}
        {found && (
          <Typography variant="body2" color="text.secondary" data-testid="company-lookup-found">
            {t("found", { name: found.name })}
            {found.address || found.city ? ` · ${t("address", { address: found.address, zipcode: found.zipcode, city: found.city })}` : ""}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
