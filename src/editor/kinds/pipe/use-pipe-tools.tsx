"use client";
/**
 * The pipe kind's UI slot (src/editor/ui/kind-tools.ts), its tools around the map: the pipe-type picker on the map (while the pipe tool is on or pipes
 * are selected), the manager of pipe types, and the in-place editing of a pipe's texts
 * (a double-click on a pipe, or the toolbar's button with one pipe selected).
 */
import EditNoteOutlinedIcon from "@mui/icons-material/EditNoteOutlined";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import Paper from "@mui/material/Paper";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { pipeSample } from ".";
import { offeredPipeTypes, type PipeType } from "./common-types";
import { listPipePresets } from "./pipe-preset-api";
import { PipePresetsDialog, Sample } from "./pipe-presets-dialog";
import { PipeTextEditor } from "./pipe-text-editor";
import { errorMessage } from "@/client/api";
import type { KindTools, KindToolsContext } from "@/editor/ui/kind-tools";
import type { PipeElement } from "@/lib/elements/pipe";
import type { PipePresetDto } from "@/lib/schemas/pipe-presets";

/** A stored preset's bookkeeping, which is no part of a pipe's look. */
const BOOKKEEPING = new Set(["createdAt", "updatedAt"]);

/** A type as the style of the next pipe: all of it, so a field the last type had and this one lacks is gone. */
export function presetStyle(preset: PipeType): Record<string, string | number> {
  const { id, name, ...look } = preset;
  const style: Record<string, string | number> = { presetId: id, presetName: name };
  for (const [key, value] of Object.entries(look)) if (value !== undefined && !BOOKKEEPING.has(key)) style[key] = value;
  return style;
}

export function usePipeTools({ map, store, interactions, settings, editable, selection, tool, offered }: KindToolsContext): KindTools {
  const t = useTranslations("editorPipes");
  const [presets, setPresets] = useState<PipePresetDto[] | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [managing, setManaging] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [, rerender] = useState(0);

  const selectedPipes = [...selection].map((id) => store.find(id)).flatMap((ref) => (ref?.kind === "pipe" ? [ref] : []));
  const onlyPipes = selectedPipes.length > 0 && selectedPipes.length === selection.size;
  const active = editable && offered && (tool === "pipe" || onlyPipes);

  // The types are fetched once, when first needed; a failed fetch is tried again the next time.
  useEffect(() => {
    if (!active || presets !== null) return;
    let alive = true;
    listPipePresets()
      .then((list) => alive && setPresets(list))
      .catch((error: unknown) => toast.error(errorMessage(error, t("errors.fetch"))));
    return () => {
      alive = false;
    };
  }, [active, presets, t]);

  const closeEditor = useCallback(() => setEditing(null), []);

  if (!editable) return {};

  const drawing = interactions?.getDrawingStyle("pipe") ?? {};
  const current = onlyPipes ? selectedPipes[0]!.element : drawing;
  const label = current.presetName ?? t("presets.none");
  // Until the user has types of their own, the common ones.
  const pipeTypes = presets === null ? { types: [], common: false } : offeredPipeTypes(presets, (kind) => t(`waterKinds.${kind}`));

  const choose = (preset: PipeType) => {
    setMenuAnchor(null);
    const style = presetStyle(preset);
    if (onlyPipes) {
      // A type chosen for selected pipes restyles them in one step; their texts stay their own.
      store.transact({
        note: "pipe type",
        put: selectedPipes.map((ref) => {
          const pipe = ref.element;
          // The type's data replaces the pipe's: a field the type lacks is gone.
          const { dimension: _dimension, material: _material, fallPerMille: _fall, waterKind: _water, ...rest } = pipe;
          return {
            kind: "pipe" as const,
            element: { ...rest, ...style, textAbove: pipe.textAbove, textBelow: pipe.textBelow } as PipeElement,
          };
        }),
      });
    }
    interactions
      ?.setDrawingStyle("pipe", style, { replace: true })
      .catch((error: unknown) => console.error("pipe type: drawing style not saved", error));
    rerender((n) => n + 1);
  };

  const single = selectedPipes.length === 1 && selection.size === 1 ? selectedPipes[0]!.element.id : null;
  const toolbar =
    offered && onlyPipes ? (
      <Tooltip title={t("texts.edit")}>
        <span>
          <IconButton
            size="small"
            aria-label={t("texts.edit")}
            disabled={!single}
            onClick={() => single && setEditing(single)}
            data-testid="pipe-edit-texts"
          >
            <EditNoteOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    ) : null;

  // The pipe type stands on the map's top left (the editor's map controls) while pipes are drawn or
  // selected: in the toolbar's scrolling row it pushed the drawing tools out of sight.
  const picker = active ? (
    <Paper elevation={2} sx={{ maxWidth: "100%", alignSelf: "flex-start" }}>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setMenuAnchor(e.currentTarget)}
        data-testid="pipe-preset-picker"
        sx={{ textTransform: "none", maxWidth: "100%", px: 1.5 }}
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{t("presets.picker", { name: label })}</span>
      </Button>
      <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)} data-testid="pipe-preset-menu">
        {pipeTypes.types.map((preset) => (
          <MenuItem
            key={preset.id}
            selected={preset.id === current.presetId}
            onClick={() => choose(preset)}
            data-testid="pipe-preset-option"
          >
            <ListItemIcon sx={{ mr: 1 }}>
              <Sample svg={pipeSample(preset.dashPattern, { colour: preset.colour })} width={60} />
            </ListItemIcon>
            <ListItemText primary={preset.name} />
          </MenuItem>
        ))}
        {pipeTypes.common && (
          <MenuItem disabled>
            <ListItemText secondary={t("presets.common")} />
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setManaging(true);
          }}
          data-testid="pipe-presets-manage"
        >
          {t("presets.manage")}
        </MenuItem>
      </Menu>
    </Paper>
  ) : null;

  const overlay = editing && map ? <PipeTextEditor key={editing} map={map} store={store} pipeId={editing} onClose={closeEditor} /> : null;
  const dialog = managing ? (
    <PipePresetsDialog presets={presets ?? []} settings={settings} onChanged={setPresets} onClose={() => setManaging(false)} />
  ) : null;
  return {
    toolbar,
    overlay,
    mapControl: picker,
    dialog,
    // A double-click on a pipe edits its texts in place instead of zooming the map.
    onDoubleClick: (ref) => {
      if (ref.kind !== "pipe") return false;
      setEditing(ref.element.id);
      return true;
    },
  };
}
