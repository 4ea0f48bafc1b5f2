"use client";
/**
 * The editor's toolbar below the `md` breakpoint (a phone, a tablet held upright): one toolbar row did not
 * fit there, and the tools got no width at all. Above the map a slim bar with the projects, the plan's
 * name, the export, the save state and the ⋮ menu (file, plan info); below the map, where a thumb reaches,
 * the drawing tools (a row that scrolls sideways) and under them undo/redo and the actions on the
 * selection. The parts are EditorToolbar's own, so both layouts offer the same controls.
 */
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export function PhoneToolbar({
  projects,
  name,
  tools,
  history,
  selectionActions,
  exportButton,
  saveState,
  menu,
}: {
  projects: ReactNode;
  name: ReactNode;
  tools: ReactNode;
  history: ReactNode;
  selectionActions: ReactNode;
  exportButton: ReactNode;
  saveState: ReactNode;
  menu: ReactNode;
}) {
  const t = useTranslations("editor");
  return (
    <>
      <Paper
        square
        elevation={0}
        role="toolbar"
        aria-label={t("planBar")}
        data-testid="editor-plan-bar"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 0.5,
          px: 0.5,
          borderBottom: 1,
          borderColor: "divider",
          "& > *": { flexShrink: 0 },
          // The save state says its word short here; its tooltip and live region keep the whole of it.
          "& [data-testid=save-state-label]": { maxWidth: 96 },
        }}
      >
        {projects}
        {name}
        <Box sx={{ flex: 1 }} />
        {exportButton}
        {saveState}
        {menu}
      </Paper>
      <Paper
        square
        elevation={0}
        role="toolbar"
        aria-label={t("toolbar")}
        data-testid="editor-toolbar"
        sx={{
          // The editor is a column of toolbar, map and notices; a later order puts this bar below the map
          // without the editor's layout knowing about phones.
          order: 1,
          display: "flex",
          flexDirection: "column",
          borderTop: 1,
          borderColor: "divider",
          // Clear of an iPhone's home indicator.
          pb: "env(safe-area-inset-bottom)",
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, px: 0.5, pt: 0.5, minWidth: 0, "& > *": { flexShrink: 0 } }}>
          {tools}
        </Box>
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "space-around",
            px: 0.5,
            overflowX: "auto",
            scrollbarWidth: "none",
            "& > *": { flexShrink: 0 },
          }}
          data-testid="editor-selection-actions"
        >
          {history}
          <Divider orientation="vertical" flexItem sx={{ my: 1 }} />
          {selectionActions}
        </Box>
      </Paper>
    </>
  );
}
