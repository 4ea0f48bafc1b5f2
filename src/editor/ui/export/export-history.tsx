"use client";
/**
 * The plan's earlier exports (GET /api/exports/signplan/{id}), newest first: when, by whom, with which
 * settings; each can be downloaded again or its settings used for a new export.
 */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "@/client/api";
import { downloadExport, listExports } from "@/client/exports";
import type { ExportDto, ExportSettings } from "@/lib/schemas/export";

export function ExportHistory({
  planId,
  version,
  onCount,
  onUse,
}: {
  planId: number;
  /** Bumped after a new export was kept: the list is fetched again. */
  version: number;
  onCount: (count: number) => void;
  onUse: (settings: ExportSettings) => void;
}) {
  const t = useTranslations("editorExport");
  const format = useFormatter();
  const [exports, setExports] = useState<ExportDto[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    listExports(planId)
      .then((list) => {
        if (!live) return;
        setExports(list);
        setFailed(false);
        onCount(list.length);
      })
      .catch((cause: unknown) => {
        console.error("export history: not loaded", cause);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [planId, version, onCount]);

  const downloadAgain = async (exported: ExportDto) => {
    try {
      await downloadExport(exported);
    } catch (cause) {
      toast.error(errorMessage(cause, t(exported.settings.format === "pdf" ? "errors.generatingPdf" : "errors.downloadingJpg")));
    }
  };

  if (failed) return <Alert severity="error">{t("history.loadFailed")}</Alert>;
  if (!exports) return null;
  if (!exports.length)
    return (
      <Typography color="text.secondary" data-testid="export-history-empty">
        {t("history.empty")}
      </Typography>
    );
  return (
    <List disablePadding data-testid="export-history">
      {exports.map((exported) => {
        const s = exported.settings;
        const summary = t("history.summary", {
          format: s.format.toUpperCase(),
          paper: s.paperSize,
          orientation: s.landscape ? t("paper.landscape").toLowerCase() : t("paper.portrait").toLowerCase(),
          scale: s.type === "screenshot" ? `${t("history.screenshot")} 1:${s.scale}` : `1:${s.scale}`,
        });
        return (
          <ListItem key={exported.id} divider disableGutters data-testid="export-history-item" sx={{ display: "block" }}>
            <ListItemText
              primary={format.dateTime(new Date(exported.createdAt), { dateStyle: "medium", timeStyle: "short" })}
              secondary={
                <>
                  {summary}
                  {exported.createdBy ? ` · ${t("history.by", { name: exported.createdBy })}` : ""}
                  {` · ${t("history.size", { size: format.number(exported.fileSize / 1e6, { maximumFractionDigits: 1 }) })}`}
                </>
              }
            />
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => void downloadAgain(exported)} data-testid="export-history-download">
                {t("history.download")}
              </Button>
              <Button size="small" onClick={() => onUse(s)} data-testid="export-history-use">
                {t("history.again")}
              </Button>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
