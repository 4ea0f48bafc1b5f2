"use client";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import type { UploadEntry } from "./use-archive-uploads";

/** Content §9: the panel is 320 wide and at most 400 high. */
const PANEL_WIDTH = 320;
const PANEL_MAX_HEIGHT = 400;

/**
 * The floating panel at the bottom right (content §2): every upload with its bar and percent, a success
 * icon at 100, and "Upload failed" with a dismiss button on failure.
 */
export function UploadPanel({ entries, onDismiss }: { entries: UploadEntry[]; onDismiss: (id: string) => void }) {
  const t = useTranslations("archive");
  if (entries.length === 0) return null;
  return (
    <Paper
      elevation={8}
      role="region"
      aria-labelledby="archive-upload-panel-title"
      data-testid="archive-upload-panel"
      sx={{
        position: "fixed",
        right: 16,
        bottom: 16,
        width: PANEL_WIDTH,
        maxWidth: "calc(100vw - 32px)",
        maxHeight: PANEL_MAX_HEIGHT,
        overflowY: "auto",
        zIndex: (theme) => theme.zIndex.snackbar,
        p: 2,
        borderRadius: 1,
      }}
    >
      <Typography id="archive-upload-panel-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t("panel.title", { count: entries.length })}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
        {entries.map((entry) => (
          <Box component="li" key={entry.id} data-testid="archive-upload-entry" data-name={entry.name}>
            <Typography variant="body2" sx={{ wordBreak: "break-word", mb: 0.5 }}>
              {entry.name}
            </Typography>
            {entry.error ? (
              <Alert
                severity="error"
                onClose={() => onDismiss(entry.id)}
                slotProps={{ closeButton: { "aria-label": t("panel.dismiss", { name: entry.name }) } }}
                sx={{ py: 0 }}
                data-testid="archive-upload-failed"
              >
                {t("panel.failed")}
              </Alert>
            ) : (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <LinearProgress
                  variant="determinate"
                  value={entry.progress}
                  sx={{ flex: 1, height: 6, borderRadius: 3 }}
                  aria-label={entry.name}
                />
                {entry.progress >= 100 ? (
                  <CheckCircleIcon
                    color="success"
                    fontSize="small"
                    titleAccess={t("panel.done", { name: entry.name })}
                    data-testid="archive-upload-done"
                  />
                ) : (
                  <Typography variant="caption" sx={{ minWidth: 36, textAlign: "right" }} data-testid="archive-upload-percent">
                    {entry.progress}%
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
