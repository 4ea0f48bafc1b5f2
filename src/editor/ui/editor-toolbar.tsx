"use client";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import ContentPasteIcon from "@mui/icons-material/ContentPaste";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlineOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FolderOpenOutlinedIcon from "@mui/icons-material/FolderOpenOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import NearMeOutlinedIcon from "@mui/icons-material/NearMeOutlined";
import PaletteOutlinedIcon from "@mui/icons-material/PaletteOutlined";
import RedoIcon from "@mui/icons-material/Redo";
import RotateLeftIcon from "@mui/icons-material/RotateLeft";
import RotateRightIcon from "@mui/icons-material/RotateRight";
import UndoIcon from "@mui/icons-material/Undo";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import SvgIcon from "@mui/material/SvgIcon";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { SELECT_SHORTCUT } from "./shortcuts";
import { ToolRow } from "./tool-row";
import { editorElement, unavailableReason } from "../kinds/registry";
import type { PlanContext } from "../kinds/types";
import type { ElementKind } from "@/lib/elements/registry";
import type { Tool } from "../core/interactions/editor-interactions";

export interface ToolbarAction {
  id: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

function ActionButton({
  label,
  icon,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small" data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The editor's toolbar: projects and plan name, the tools (select, then every drawable kind of the
 * registry, in registry order), undo/redo, actions on the selection, the save state and a menu of
 * plan actions (file, reset).
 */
export function EditorToolbar({
  planName,
  tool,
  onTool,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  selectionSize,
  onDelete,
  onCopy,
  onPaste,
  canPaste,
  onRotate,
  onStyle,
  styleSample,
  onOpenProjects,
  saveState,
  menuActions,
  onExport,
  leadingTools,
  kindTools,
  plan,
  kinds,
  locked = false,
}: {
  planName: string;
  tool: Tool;
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  selectionSize: number;
  onDelete: () => void;
  onCopy: () => void;
  onPaste: () => void;
  canPaste: boolean;
  onRotate: (degrees: number) => void;
  /** Opens the colour and width dialog for the selection or, while drawing, for the next drawing. */
  onStyle: (() => void) | null;
  /** The current choice of a style field drawn as samples (SVG markup and its name), shown beside the style button. */
  styleSample?: { svg: string; label: string } | null;
  onOpenProjects?: () => void;
  saveState?: ReactNode;
  menuActions: readonly ToolbarAction[];
  /** Opens the plan's export panel: a labelled button of its own, what a plan is drawn for (issue 33). */
  onExport?: () => void;
  /**
   * What a plan is mostly made of (the sign gallery), before the drawing tools and never scrolled out of
   * sight when the window is too narrow for every tool.
   */
  leadingTools?: ReactNode;
  /** Entries of kinds placed from their own dialogs rather than drawn, after the tools. */
  kindTools?: ReactNode;
  /** What can make a kind unavailable in this plan (a ruler on a background without scale). */
  plan: PlanContext;
  /** The drawing tools the site offers, in order. */
  kinds: readonly ElementKind[];
  /**
   * The account is blocked (issue 31): every tool that changes the plan is shown disabled, so the row
   * keeps its place and the user sees what comes back; selecting, the menu's export and the save state stay.
   */
  locked?: boolean;
}) {
  const t = useTranslations("editor");
  const tExport = useTranslations("editorExport");
  const withShortcut = (label: string, key: string | undefined) => (key ? t("shortcuts.hint", { label, key: key.toUpperCase() }) : label);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const chosen = useRef<(() => void) | null>(null);
  const none = selectionSize === 0;
  const noChange = none || locked;

  return (
    <Paper
      square
      elevation={0}
      role="toolbar"
      aria-label={t("toolbar")}
      data-testid="editor-toolbar"
      // One row whatever the width: a toolbar that wrapped moved the map whenever the save state's text
      // changed width. The tools scroll sideways when the window is too narrow for them; the rest stays.
      sx={{
        display: "flex",
        alignItems: "center",
        flexWrap: "nowrap",
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: "divider",
        "& > *": { flexShrink: 0 },
      }}
    >
      {onOpenProjects && (
        <>
          {/* The word where the window is wide; below that the folder alone, so the tools keep their room. */}
          <Button
            size="small"
            startIcon={<FolderOpenOutlinedIcon />}
            onClick={onOpenProjects}
            data-testid="open-projects"
            sx={{ display: { xs: "none", xl: "inline-flex" } }}
          >
            {t("projects")}
          </Button>
          <Tooltip title={t("projects")}>
            <IconButton
              size="small"
              aria-label={t("projects")}
              onClick={onOpenProjects}
              color="primary"
              data-testid="open-projects-icon"
              sx={{ display: { xs: "inline-flex", xl: "none" } }}
            >
              <FolderOpenOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
      <Typography
        variant="subtitle2"
        component="h1"
        noWrap
        sx={{ maxWidth: { xs: 140, md: 200, xl: 280 }, mx: 1, fontWeight: 700 }}
        title={planName}
        data-testid="editor-plan-name"
      >
        {planName}
      </Typography>
      <Divider orientation="vertical" flexItem />
      {leadingTools}
      <ToolRow>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={tool}
          onChange={(_, value: Tool | null) => value && onTool(value)}
          aria-label={t("toolbar")}
          // A little narrower than MUI's small buttons, so more tools fit beside each other.
          sx={{ "& .MuiToggleButton-root": { px: 0.75 } }}
        >
          <ToggleButton value="select" aria-label={t("tools.select")} data-testid="tool-select">
            <Tooltip title={t("shortcuts.hint", { label: t("tools.select"), key: SELECT_SHORTCUT.toUpperCase() })}>
              <NearMeOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          {kinds.map((kind) => {
            const reason = unavailableReason(kind, plan);
            const button = (
              <ToggleButton
                key={kind}
                value={kind}
                aria-label={t(`kinds.${kind}`)}
                data-testid={`tool-${kind}`}
                disabled={!!reason || locked}
              >
                <Tooltip title={withShortcut(t(`kinds.${kind}`), editorElement(kind)?.shortcut)}>
                  <SvgIcon>
                    <path d={editorElement(kind)?.icon} />
                  </SvgIcon>
                </Tooltip>
              </ToggleButton>
            );
            // A disabled button gets no pointer events: its span carries the tooltip that says why.
            return reason ? (
              <Tooltip key={kind} title={t(`unavailable.${reason}` as never)}>
                <span data-testid={`tool-${kind}-unavailable`}>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          })}
        </ToggleButtonGroup>
        {kindTools}
      </ToolRow>
      <Divider orientation="vertical" flexItem />
      <ActionButton label={t("undo")} icon={<UndoIcon fontSize="small" />} onClick={onUndo} disabled={!canUndo} testId="undo" />
      <ActionButton label={t("redo")} icon={<RedoIcon fontSize="small" />} onClick={onRedo} disabled={!canRedo} testId="redo" />
      <Divider orientation="vertical" flexItem />
      <ActionButton
        label={t("style")}
        icon={<PaletteOutlinedIcon fontSize="small" />}
        onClick={() => onStyle?.()}
        disabled={!onStyle}
        testId="style"
      />
      {styleSample && (
        <Tooltip title={styleSample.label}>
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG sample, not a page image */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(styleSample.svg)}`}
            alt={styleSample.label}
            width={60}
            height={12}
            onClick={() => onStyle?.()}
            style={{ cursor: onStyle ? "pointer" : undefined, borderRadius: 2 }}
            data-testid="style-sample"
          />
        </Tooltip>
      )}
      <ActionButton
        label={t("rotateLeft")}
        icon={<RotateLeftIcon fontSize="small" />}
        onClick={() => onRotate(-5)}
        disabled={noChange}
        testId="rotate-left"
      />
      <ActionButton
        label={t("rotateRight")}
        icon={<RotateRightIcon fontSize="small" />}
        onClick={() => onRotate(5)}
        disabled={noChange}
        testId="rotate-right"
      />
      <ActionButton label={t("copy")} icon={<ContentCopyIcon fontSize="small" />} onClick={onCopy} disabled={none} testId="copy" />
      <ActionButton label={t("paste")} icon={<ContentPasteIcon fontSize="small" />} onClick={onPaste} disabled={!canPaste} testId="paste" />
      <ActionButton
        label={t("delete")}
        icon={<DeleteOutlineIcon fontSize="small" />}
        onClick={onDelete}
        disabled={noChange}
        testId="delete"
      />
      <Box sx={{ flex: 1 }} />
      {onExport && (
        <Tooltip title={tExport("open")} describeChild>
          <Button
            size="small"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={onExport}
            sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
            data-testid="toolbar-export"
          >
            {tExport("button")}
          </Button>
        </Tooltip>
      )}
      {saveState}
      <IconButton aria-label={t("more")} onClick={(e) => setMenuAnchor(e.currentTarget)} size="small" data-testid="editor-more">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        // The chosen action runs once the menu has gone: a dialog it opens while the menu still fades
        // out left the menu's invisible layer over the map, taking the next click.
        slotProps={{ transition: { onExited: () => chosen.current?.() } }}
      >
        {menuActions.map((action) => (
          <MenuItem
            key={action.id}
            disabled={action.disabled}
            data-testid={`editor-action-${action.id}`}
            onClick={() => {
              chosen.current = () => {
                chosen.current = null;
                action.onClick();
              };
              setMenuAnchor(null);
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
