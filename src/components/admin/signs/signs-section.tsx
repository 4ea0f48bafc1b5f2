"use client";
import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { AddSignDialog } from "./add-sign-dialog";
import { SignHistory } from "./sign-history";
import { api, errorMessage } from "@/client/api";
import { useSite } from "@/components/site-context";
import type { AdminSignDto, AdminSignPageDto } from "@/lib/schemas/admin-signs";
import { SITE_IDS, SITES, type SiteId } from "@/sites/registry";

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * The admin area's sign catalogue (issue 32): per site, its built-in signs and the ones staff added,
 * searched by code or name on the server a page at a time; a built-in sign's artwork replaced
 * ("Udskift tegning") or reset; a missing sign added ("Tilføj skilt"); and the catalogue's history,
 * where any change can be undone.
 */
export function SignsSection() {
  const t = useTranslations("admin.signs");
  const tCategory = useTranslations("editorSigns.categories");
  const current = useSite();
  const [site, setSite] = useState<SiteId>(current.id);
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const [data, setData] = useState<AdminSignPageDto | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped after every change, so the grid and the history load again. */
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<AdminSignDto | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({ site, q: query, page: String(page) });
    api.get<AdminSignPageDto>(`/admin/signs?${params}`, { toast: false }).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [site, query, page, version]);

  const changed = () => setVersion((v) => v + 1);

  const replace = async (sign: AdminSignDto, file: File) => {
    const form = new FormData();
    form.set("file", file);
    setBusy(sign.id);
    try {
      await api.put(`/admin/sign-artwork/${encodeURIComponent(sign.id)}`, form, { toast: false });
      toast.success(t("replacedDone", { code: sign.code }));
      changed();
    } catch (error) {
      toast.error(errorMessage(error, t("actionFailed")));
    } finally {
      setBusy(null);
    }
  };

  const reset = async (sign: AdminSignDto) => {
    setBusy(sign.id);
    try {
      await api.delete(`/admin/sign-artwork/${encodeURIComponent(sign.id)}`, undefined, { toast: false });
      toast.success(t("resetDone", { code: sign.code }));
      changed();
    } catch (error) {
      toast.error(errorMessage(error, t("actionFailed")));
    } finally {
      setBusy(null);
    }
  };

  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const categoryLabel = (category: string) => (tCategory.has(category as never) ? tCategory(category as never) : category);

  return (
    <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 360px" }, alignItems: "start" }}>
      <Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2, alignItems: "center" }}>
          <TextField
            select
            size="small"
            label={t("site")}
            value={site}
            onChange={(e) => {
              setSite(e.target.value as SiteId);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "admin-signs-site" } as object } }}
          >
            {SITE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {SITES[id].productName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label={t("search")}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            sx={{ flex: "1 1 220px" }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { "data-testid": "admin-signs-search" },
            }}
          />
          <Button
            variant="contained"
            disableElevation
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid="admin-signs-add"
          >
            {t("add")}
          </Button>
        </Box>

        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t("loadFailed")}
          </Alert>
        )}
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status" data-testid="admin-signs-count">
            {t("count", { count: data.total })}
          </Typography>
        )}
        {data?.total === 0 && <Typography color="text.secondary">{t("none")}</Typography>}

        <input
          ref={fileInput}
          type="file"
          accept=".svg,.png,image/svg+xml,image/png"
          hidden
          data-testid="admin-signs-replace-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file && replacing.current) void replace(replacing.current, file);
          }}
        />
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5, gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))" }}
        >
          {data?.signs.map((sign) => (
            <Paper
              component="li"
              variant="outlined"
              key={sign.id}
              data-testid="admin-sign"
              data-sign-id={sign.id}
              sx={{ p: 1.5, display: "flex", flexDirection: "column", gap: 1 }}
            >
              <Box sx={{ height: 96, display: "flex", alignItems: "center", justifyContent: "center" }}>
                <Box
                  component="img"
                  src={sign.previewUrl}
                  alt={`${sign.code} ${sign.name}`}
                  loading="lazy"
                  sx={{ maxWidth: "100%", maxHeight: 96 }}
                />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
                  {sign.code}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {sign.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {categoryLabel(sign.category)} ·{" "}
                  {sign.heightInMeters && sign.widthInMeters
                    ? t("size", { height: sign.heightInMeters, width: sign.widthInMeters })
                    : t("noSize")}
                </Typography>
              </Box>
              <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                {sign.added && <Chip size="small" color="primary" label={t("added")} />}
                {sign.artworkUrl && <Chip size="small" label={t("replaced")} />}
              </Box>
              {!sign.added && (
                <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: "auto" }}>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy !== null}
                    aria-label={t("replaceLabel", { code: sign.code })}
                    onClick={() => {
                      replacing.current = sign;
                      fileInput.current?.click();
                    }}
                  >
                    {t("replace")}
                  </Button>
                  {sign.artworkUrl && (
                    <Button
                      size="small"
                      color="inherit"
                      disabled={busy !== null}
                      aria-label={t("resetLabel", { code: sign.code })}
                      onClick={() => void reset(sign)}
                    >
                      {t("reset")}
                    </Button>
                  )}
                </Box>
              )}
            </Paper>
          ))}
        </Box>
        {pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page + 1}
            onChange={(_, next) => setPage(next - 1)}
            aria-label={t("pages")}
            siblingCount={0}
          />
        )}
      </Box>

      <SignHistory site={site} version={version} onUndone={changed} />

      {adding && (
        <AddSignDialog
          site={site}
          onClose={() => setAdding(false)}
          onAdded={(sign) => {
            setAdding(false);
            toast.success(t("dialog.done", { code: sign.code }));
            setTyped("");
            setQuery("");
            setPage(0);
            changed();
          }}
        />
      )}
    </Box>
  );
}
