"use client";
/**
 * The pipe's texts edited in place on the map (spec 2-content §3, "Pipe style": start, cancel, save both
 * texts). A double-click on a pipe, or the toolbar's button with one pipe selected, opens two fields
 * where the texts stand: the text above over the pipe, the text below under it. Enter or the tick saves
 * both as one undoable step; Escape or the cross leaves the pipe as it was. The fields follow the map
 * when it moves.
 */
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import type OlMap from "ol/Map";
import { useTranslations } from "next-intl";
import { useEffect, useState, type KeyboardEvent } from "react";
import { toMapCoordinate } from "../geometry";
import { longestSegment } from "./look";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { PIPE_PRESET_TEXT_MAX } from "@/lib/schemas/pipe-presets";
import type { PipeElement } from "@/lib/elements/pipe";

/** The screen pixel of the middle of the pipe's longest stretch: where its texts stand. */
function anchorPixel(map: OlMap, pipe: PipeElement): [number, number] | null {
  const points = pipe.coordinates.map(toMapCoordinate);
  const i = longestSegment(points);
  const [a, b] = [points[i]!, points[i + 1] ?? points[i]!];
  const pixel = map.getPixelFromCoordinate([(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2]);
  return pixel ? [pixel[0]!, pixel[1]!] : null;
}

export function PipeTextEditor({ map, store, pipeId, onClose }: { map: OlMap; store: PlanStore; pipeId: string; onClose: () => void }) {
  const t = useTranslations("editorPipes.texts");
  const [initial] = useState(() => {
    const ref = store.find(pipeId);
    return ref?.kind === "pipe" ? ref.element : undefined;
  });
  const [above, setAbove] = useState(initial?.textAbove ?? "");
  const [below, setBelow] = useState(initial?.textBelow ?? "");
  const [pixel, setPixel] = useState(() => (initial ? anchorPixel(map, initial) : null));

  useEffect(() => {
    if (!initial) return;
    const follow = () => setPixel(anchorPixel(map, initial));
    map.on("postrender", follow);
    return () => void map.un("postrender", follow);
  }, [map, initial]);

  // The pipe removed meanwhile (by another user, an undo): nothing to edit.
  useEffect(() => store.subscribe(() => void (!store.find(pipeId) && onClose())), [store, pipeId, onClose]);

  if (!initial || !pixel) return null;

  const save = () => {
    // The texts go onto the pipe as it is now: another user may have moved it meanwhile.
    const current = store.find(pipeId);
    if (current?.kind === "pipe") {
      const pipe = current.element;
      if (pipe.textAbove !== above || pipe.textBelow !== below)
        store.transact({ note: "pipe texts", put: [{ kind: "pipe", element: { ...pipe, textAbove: above, textBelow: below } }] });
    }
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // The editor's own keys (Delete removes the selection) must not act while the user types here.
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
  const field = (value: string, set: (v: string) => void, label: string, testId: string, autoFocus = false) => (
    <TextField
      size="small"
      value={value}
      placeholder={label}
      autoFocus={autoFocus}
      onChange={(e) => set(e.target.value)}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: { "aria-label": label, maxLength: PIPE_PRESET_TEXT_MAX, "data-testid": testId } }}
      sx={{ width: 220, "& input": { textAlign: "center", fontWeight: 600, py: 0.5 } }}
    />
  );

  return (
    <Paper
      elevation={4}
      data-testid="pipe-text-editor"
      sx={{ position: "absolute", left: pixel[0], top: pixel[1], transform: "translate(-50%, -50%)", p: 0.75, zIndex: 5 }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        <Stack spacing={0.5} sx={{ alignItems: "center" }}>
          {field(above, setAbove, t("above"), "pipe-text-above", true)}
          {/* The pipe between its texts, in its colour and dash, so the user sees which text is which. */}
          <span
            aria-hidden
            style={{
              display: "block",
              width: 220,
              borderTop: `3px ${initial.dashPattern === "solid" ? "solid" : "dashed"} ${initial.colour}`,
            }}
          />
          {field(below, setBelow, t("below"), "pipe-text-below")}
        </Stack>
        <Stack>
          <Tooltip title={t("save")}>
            <IconButton size="small" color="primary" onClick={save} aria-label={t("save")} data-testid="pipe-text-save">
              <CheckIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("cancel")}>
            <IconButton size="small" onClick={onClose} aria-label={t("cancel")} data-testid="pipe-text-cancel">
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}
