"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api, errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import { ADDED_SIGN_CODE_MAX, ADDED_SIGN_NAME_MAX, type AdminSignDto } from "@/lib/schemas/admin-signs";
import { categoriesOf } from "@/lib/signs/site-catalogue";
import { SITES, type SiteId } from "@/sites/registry";

/**
 * "Tilføj skilt": a missing sign for `site`'s catalogue, with its code, name, category, default size
 * and artwork (SVG or PNG, previewed before it is sent). The server checks everything again and
 * answers a refusal in the staff member's language, shown at the top of the dialog.
 */
export function AddSignDialog({ site, onClose, onAdded }: { site: SiteId; onClose: () => void; onAdded: (sign: AdminSignDto) => void }) {
  const t = useTranslations("admin.signs");
  const tCategory = useTranslations("editorSigns.categories");
  const categories = categoriesOf(site);
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [category, setCategory] = useState<string>(categories[0] ?? "");
  const [height, setHeight] = useState("");
  const [width, setWidth] = useState("");
  /** The chosen artwork and its object URL for the preview (released when replaced or the dialog closes). */
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const file = chosen?.file ?? null;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const previewUrl = chosen?.url;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t("dialog.fileRequired"));
      return;
    }
    const form = new FormData();
    form.set("site", site);
    form.set("code", code);
    form.set("name", name);
    form.set("category", category);
    form.set("height", height);
    form.set("width", width);
    form.set("file", file);
    setPending(true);
    setError(null);
    try {
      onAdded(await api.post<AdminSignDto>("/admin/signs", form, { toast: false }));
    } catch (failure) {
      setError(errorMessage(failure, t("actionFailed")));
      setPending(false);
    }
  };

  return (
    <DialogFrame
      testId="admin-add-sign"
      title={t("dialog.title", { site: SITES[site].productName })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      error={error}
      maxWidth="sm"
      cancelLabel={t("dialog.cancel")}
      confirmLabel={t("dialog.confirm")}
    >
      <Box sx={{ display: "grid", gap: 2, pt: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <TextField
          label={t("dialog.code")}
          helperText={t("dialog.codeHelp")}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: ADDED_SIGN_CODE_MAX, "data-testid": "admin-add-sign-code" } }}
        />
        <TextField
          select
          label={t("dialog.category")}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          required
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "admin-add-sign-category" } as object } }}
        >
          {categories.map((c) => (
            <MenuItem key={c} value={c}>
              {tCategory(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t("dialog.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          sx={{ gridColumn: { sm: "1 / -1" } }}
          slotProps={{ htmlInput: { maxLength: ADDED_SIGN_NAME_MAX, "data-testid": "admin-add-sign-name" } }}
        />
        <TextField
          label={t("dialog.height")}
          value={height}
          onChange={(e) => setHeight(e.target.value)}
          helperText={t("dialog.sizeHelp")}
          slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "admin-add-sign-height" } }}
        />
        <TextField
          label={t("dialog.width")}
          value={width}
          onChange={(e) => setWidth(e.target.value)}
          slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "admin-add-sign-width" } }}
        />
        <Box sx={{ gridColumn: "1 / -1", display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <input
            ref={fileInput}
            type="file"
            accept=".svg,.png,image/svg+xml,image/png"
            hidden
            data-testid="admin-add-sign-file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              if (picked) setChosen({ file: picked, url: URL.createObjectURL(picked) });
              e.target.value = "";
            }}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={pending}>
            {t("dialog.file")}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {file?.name ?? t("dialog.noFile")}
          </Typography>
          {chosen && (
            <Box
              component="img"
              src={chosen.url}
              alt={t("dialog.preview")}
              data-testid="admin-add-sign-preview"
              sx={{ width: 96, height: 96, objectFit: "contain", border: 1, borderColor: "divider", borderRadius: 1, p: 0.5 }}
            />
          )}
        </Box>
      </Box>
    </DialogFrame>
  );
}
