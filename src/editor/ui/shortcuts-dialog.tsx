"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { ACTION_SHORTCUTS, toolShortcuts } from "./shortcuts";
import type { Tool } from "../core/interactions/editor-interactions";

/** A key as a keycap. */
function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        px: 0.75,
        py: 0.25,
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        fontFamily: "inherit",
        fontSize: "0.85em",
        bgcolor: "action.hover",
      }}
    >
      {children}
    </Box>
  );
}

/** Every key of the editor: the tools' letters (from their kinds) and the editor's own keys. */
export function ShortcutsDialog({ open, tools, onClose }: { open: boolean; tools: readonly Tool[]; onClose: () => void }) {
  const t = useTranslations("editor");
  const toolName = (tool: Tool) => (tool === "select" ? t("tools.select") : t(`kinds.${tool}`));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="shortcuts-dialog">
      <DialogTitle>{t("shortcuts.title")}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t("shortcuts.tools")}
        </Typography>
        <Table size="small">
          <TableBody>
            {toolShortcuts(tools).map(({ tool, key }) => (
              <TableRow key={tool} data-testid={`shortcut-tool-${tool}`}>
                <TableCell>{toolName(tool)}</TableCell>
                <TableCell align="right">
                  <Key>{key.toUpperCase()}</Key>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t("shortcuts.editing")}
        </Typography>
        <Table size="small">
          <TableBody>
            {ACTION_SHORTCUTS.map(({ action, keys }) => (
              <TableRow key={action}>
                <TableCell>{t(`shortcuts.actions.${action}` as never)}</TableCell>
                <TableCell align="right">
                  {keys.map((entry, index) => (
                    <Fragment key={index}>
                      {index > 0 && ` ${t("shortcuts.or")} `}
                      {entry.key && <Key>{entry.key}</Key>}
                      {entry.key && entry.gesture && " + "}
                      {entry.gesture && t(`shortcuts.gestures.${entry.gesture}` as never)}
                    </Fragment>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("shortcuts.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
