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
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { PhoneToolbar } from "./phone-toolbar";
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
  size,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  size: "small" | "medium";
}) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size={size} data-testid={testId}>
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

  const phone = useMediaQuery(useTheme().breakpoints.down("md"), { noSsr: true });
  // Larger targets for a finger on a phone.
  const buttonSize = phone ? "medium" : "small";

  const projects = onOpenProjects && (
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
          size={buttonSize}
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
  );

  const name = (
    <Typography
      variant="subtitle2"
      component="h1"
      noWrap
      // The name takes the room the tools leave (a wide window shows it whole), and gives it up before
      // any tool has to scroll: its shrink factor is far above the tool row's, down to its minimum width.
      // Doubled, like the tool row's, to win over the bar's "no child shrinks" rule.
      sx={{ minWidth: { xs: 80, md: 120 }, maxWidth: { xs: "none", md: 480 }, mx: 1, fontWeight: 700, "&&": { flex: "0 1000 auto" } }}
      title={planName}
      data-testid="editor-plan-name"
    >
      {planName}
    </Typography>
  );

  const tools = (
    <>
      {leadingTools}
      <ToolRow>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={tool}
          onChange={(_, value: Tool | null) => value && onTool(value)}
          aria-label={t("toolbar")}
          // A little narrower than MUI's small buttons, so more tools fit beside each other.
          sx={{ "& .MuiToggleButton-root": { px: phone ? 1 : 0.75 } }}
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
    </>
  );

  const history = (
    <>
      <ActionButton
        label={t("undo")}
        icon={<UndoIcon fontSize="small" />}
        onClick={onUndo}
        disabled={!canUndo}
        testId="undo"
        size={buttonSize}
      />
      <ActionButton
        label={t("redo")}
        icon={<RedoIcon fontSize="small" />}
        onClick={onRedo}
        disabled={!canRedo}
        testId="redo"
        size={buttonSize}
      />
    </>
  );

  const selectionActions = (
    <>
      <ActionButton
        label={t("style")}
        icon={<PaletteOutlinedIcon fontSize="small" />}
        onClick={() => onStyle?.()}
        disabled={!onStyle}
        testId="style"
        size={buttonSize}
      />
      {styleSample && (
        <Tooltip title={styleSample.label}>
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG sample, not a page image */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(styleSample.svg)}`}
            alt={styleSample.label}
            width={phone ? 40 : 60}
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
        size={buttonSize}
      />
      <ActionButton
        label={t("rotateRight")}
        icon={<RotateRightIcon fontSize="small" />}
        onClick={() => onRotate(5)}
        disabled={noChange}
        testId="rotate-right"
        size={buttonSize}
      />
      <ActionButton
        label={t("copy")}
        icon={<ContentCopyIcon fontSize="small" />}
        onClick={onCopy}
        disabled={none}
        testId="copy"
        size={buttonSize}
      />
      <ActionButton
        label={t("paste")}
        icon={<ContentPasteIcon fontSize="small" />}
        onClick={onPaste}
        disabled={!canPaste}
        testId="paste"
        size={buttonSize}
      />
      <ActionButton
        label={t("delete")}
        icon={<DeleteOutlineIcon fontSize="small" />}
        onClick={onDelete}
        disabled={noChange}
        testId="delete"
        size={buttonSize}
      />
    </>
  );

  // The word where there is room for it (a tablet and wider); on a phone the icon alone, named the same.
  const exportButton = onExport && (
    <>
      <Tooltip title={tExport("open")} describeChild>
        <Button
          size="small"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={onExport}
          sx={{ display: { xs: "none", sm: "inline-flex" }, flexShrink: 0, whiteSpace: "nowrap" }}
          data-testid="toolbar-export"
        >
          {tExport("button")}
        </Button>
      </Tooltip>
      <Tooltip title={tExport("open")}>
        <IconButton
          size={buttonSize}
          aria-label={tExport("button")}
          onClick={onExport}
          color="primary"
          sx={{ display: { xs: "inline-flex", sm: "none" } }}
          data-testid="toolbar-export-icon"
        >
          <FileDownloadOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  const menu = (
    <>
      <IconButton aria-label={t("more")} onClick={(e) => setMenuAnchor(e.currentTarget)} size={buttonSize} data-testid="editor-more">
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
    </>
  );

  if (phone)
    return (
      <PhoneToolbar
        projects={projects}
        name={name}
        tools={tools}
        history={history}
        selectionActions={selectionActions}
        exportButton={exportButton}
        saveState={saveState}
        menu={menu}
      />
    );

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
      {projects}
      {name}
      <Divider orientation="vertical" flexItem />
      {tools}
      <Divider orientation="vertical" flexItem />
      {history}
      <Divider orientation="vertical" flexItem />
      {selectionActions}
      <Box sx={{ flex: 1 }} />
      {exportButton}
      {saveState}
      {menu}
    </Paper>
  );
}
