"use client";
/**
 * The plan's version history (issue 36): the saved versions newest first (who, when in the site's
 * locale, how many elements changed); choosing one previews it on the map, read-only, with what it
 * changed highlighted and a banner to restore it or leave; restoring asks first, makes the version's
 * content the plan's next version on the server and loads that into the editor, as the conflict
 * dialog's "Reload" does.
 */
import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogContentText from "@mui/material/DialogContentText";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type OlMap from "ol/Map";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "react-toastify";
import { CHANGED_COLOR, VersionPreview } from "./version-preview";
import { getVersion, listVersions, restoreVersion } from "./versions-api";
import { reloadFromServer, useAutosaveStatus } from "../sync/use-plan-sync";
import { ApiRequestError, errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import type { ElementLayer } from "@/editor/core/map/element-layer";
import type { Autosaver } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { parsePlanContent, type PlanContent } from "@/lib/elements/plan-content";
import type { SignplanVersionDto, SignplanVersionEntryDto } from "@/lib/schemas/signplan-versions";

/** The panel's width beside the map from the small breakpoint up (on a phone it is the map's lower half). */
export const HISTORY_PANEL_WIDTH = 360;

interface Previewed {
  entry: SignplanVersionDto;
}

export function VersionHistoryPanel({
  planId,
  map,
  layer,
  store,
  autosaver,
  onPreviewChange,
  onClose,
}: {
  planId: number;
  map: OlMap;
  /** The plan's own element layer, hidden while a version is shown. */
  layer: ElementLayer;
  store: PlanStore;
  autosaver: Autosaver;
  /** A version is shown (true) or no longer (false): the editor pauses editing meanwhile. */
  onPreviewChange: (previewing: boolean) => void;
  onClose: () => void;
}) {
  const t = useTranslations("editorHistory");
  const locale = useLocale();
  const when = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }), [locale]);
  const [versions, setVersions] = useState<SignplanVersionEntryDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [loadingVersion, setLoadingVersion] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const preview = useRef<VersionPreview | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      listVersions(planId, signal)
        .then((answer) => {
          setLoadError(null);
          setVersions(answer.versions);
        })
        .catch((error: unknown) => {
          if (!signal?.aborted) setLoadError(errorMessage(error, t("loadFailed")));
        });
    },
    [planId, t],
  );
  // Read again whenever the editor's plan has a new version (its own save, a colleague's, a restore).
  const planVersion = useAutosaveStatus(autosaver)?.version ?? 0;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, planVersion]);
  // Focus goes to the panel when it opens, so a keyboard user is where the list is.
  useEffect(() => heading.current?.focus(), []);

  const endPreview = useCallback(() => {
    preview.current?.dispose();
    preview.current = null;
    setPreviewed(null);
  }, []);
  useEffect(() => onPreviewChange(previewed !== null), [previewed, onPreviewChange]);
  // Closing the panel (or the editor) leaves the plan as it was.
  useEffect(
    () => () => {
      preview.current?.dispose();
      preview.current = null;
    },
    [],
  );

  const show = async (entry: SignplanVersionEntryDto) => {
    if (entry.current) return endPreview();
    setLoadingVersion(entry.version);
    try {
      const version = await getVersion(planId, entry.version);
      const parsed = parsePlanContent(version.content);
      if (!parsed.success) throw new Error(`version ${entry.version}: unreadable content`);
      // Removed elements are drawn from the version before, where the list still has it.
      let before: PlanContent | null = null;
      const older = versions?.find((v) => v.version < entry.version);
      if (version.changes?.removed.length && older) {
        const previous = await getVersion(planId, older.version).catch(() => null);
        const parsedBefore = previous ? parsePlanContent(previous.content) : null;
        if (parsedBefore?.success) before = parsedBefore.data;
      }
      preview.current?.dispose();
      preview.current = new VersionPreview(map, layer, parsed.data, version.changes, before);
      setPreviewed({ entry: version });
    } catch (error) {
      console.warn("version history: preview failed", error);
      toast.error(errorMessage(error, t("previewFailed")));
    } finally {
      setLoadingVersion(null);
    }
  };

  const restore = async () => {
    if (!previewed) return;
    setRestoring(true);
    setRestoreError(null);
    const version = previewed.entry.version;
    try {
      await restoreVersion(planId, version, autosaver.getVersion());
      endPreview();
      setConfirming(false);
      await reloadFromServer(planId, store, autosaver);
      toast.success(t("restored", { version }));
    } catch (error) {
      const stale = error instanceof ApiRequestError && error.status === 409;
      setRestoreError(stale ? t("stale") : errorMessage(error, t("restoreFailed")));
    } finally {
      setRestoring(false);
    }
  };

  const savedAt = (entry: SignplanVersionEntryDto) => when.format(new Date(entry.savedAt));

  return (
    <>
      {previewed && (
        <Alert
          severity="info"
          role="status"
          data-testid="history-banner"
          sx={{
            position: "absolute",
            top: 8,
            left: { xs: 8, sm: 56 },
            right: { xs: 8, sm: HISTORY_PANEL_WIDTH + 8 },
            zIndex: 6,
            boxShadow: 2,
            alignItems: "center",
            flexWrap: "wrap",
            "& .MuiAlert-message": { flex: "1 1 200px" },
            "& .MuiAlert-action": { pt: 0, mr: 0, ml: "auto" },
          }}
          action={
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button variant="contained" size="small" disableElevation onClick={() => setConfirming(true)} data-testid="history-restore">
                {t("restore")}
              </Button>
              <Button size="small" color="inherit" onClick={endPreview} data-testid="history-close-preview">
                {t("closePreview")}
              </Button>
            </Box>
          }
        >
          {t("banner", { version: previewed.entry.version, when: savedAt(previewed.entry) })}
          <Box component="span" sx={{ display: "flex", gap: 2, mt: 0.5, fontSize: 12, flexWrap: "wrap" }}>
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
              <Box component="span" sx={{ width: 14, height: 4, bgcolor: CHANGED_COLOR, borderRadius: 1 }} />
              {t("legendChanged")}
            </Box>
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
              <Box component="span" sx={{ width: 14, height: 0, borderTop: "3px dashed rgba(97,97,97,0.6)" }} />
              {t("legendRemoved")}
            </Box>
          </Box>
        </Alert>
      )}
      <Paper
        component="section"
        aria-labelledby="history-title"
        elevation={4}
        square
        data-testid="history-panel"
        sx={{
          position: "absolute",
          zIndex: 7,
          right: 0,
          bottom: 0,
          top: { xs: "50%", sm: 0 },
          left: { xs: 0, sm: "auto" },
          width: { sm: HISTORY_PANEL_WIDTH },
          display: "flex",
          flexDirection: "column",
          borderLeft: { sm: 1 },
          borderTop: { xs: 1, sm: 0 },
          borderColor: "divider",
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
          <Typography
            id="history-title"
            ref={heading}
            tabIndex={-1}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, flex: 1, outline: "none" }}
          >
            {t("title")}
          </Typography>
          <IconButton aria-label={t("close")} onClick={onClose} data-testid="history-close" size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Box sx={{ flex: 1, overflowY: "auto" }}>
          {loadError && (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => load()}>
                  {t("retry")}
                </Button>
              }
            >
              {loadError}
            </Alert>
          )}
          {!versions && !loadError && (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 2 }} role="status">
              <CircularProgress size={18} />
              <Typography variant="body2">{t("loading")}</Typography>
            </Box>
          )}
          {versions && (
            <List dense disablePadding data-testid="history-list">
              {versions.map((entry) => (
                <ListItem key={entry.version} disablePadding divider>
                  <ListItemButton
                    selected={previewed ? previewed.entry.version === entry.version : entry.current}
                    onClick={() => void show(entry)}
                    aria-current={previewed?.entry.version === entry.version ? "true" : undefined}
                    data-testid="history-entry"
                    data-version={entry.version}
                  >
                    <ListItemText
                      primary={
                        <Box component="span" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
                          <span>{t("version", { version: entry.version })}</span>
                          {entry.current && (
                            <Typography component="span" variant="caption" sx={{ color: "primary.dark", fontWeight: 700 }}>
                              {t("current")}
                            </Typography>
                          )}
                          {loadingVersion === entry.version && <CircularProgress size={14} aria-label={t("loading")} />}
                        </Box>
                      }
                      secondary={
                        <>
                          {savedAt(entry)} · {entry.savedBy?.name ?? t("unknownUser")}
                          {entry.changedCount !== null && (
                            <>
                              <br />
                              {t("changed", { count: entry.changedCount })}
                            </>
                          )}
                        </>
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Paper>
      <DialogFrame
        testId="history-restore-dialog"
        title={t("confirmTitle", { version: previewed?.entry.version ?? 0 })}
        open={confirming}
        onClose={() => setConfirming(false)}
        onSubmit={(event) => {
          event.preventDefault();
          void restore();
        }}
        pending={restoring}
        error={restoreError}
        cancelLabel={t("cancel")}
        confirmLabel={t("restore")}
      >
        <DialogContentText>{t("confirmText", { version: previewed?.entry.version ?? 0 })}</DialogContentText>
      </DialogFrame>
    </>
  );
}
