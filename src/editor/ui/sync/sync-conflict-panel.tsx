"use client";
/**
 * True conflicts with colleagues' changes (issue 36): an element both the user and a colleague changed
 * in the same field (or one removed what the other changed). The autosaver keeps the user's value in
 * the store and does not send that element until the user decides; everything else keeps saving.
 *
 * - <SyncConflictPanel>: a non-modal panel (the map stays usable, to look at the element) listing each
 *   conflict with both values side by side and who made theirs; keep mine or take theirs, per element
 *   and for all.
 * - The conflicted elements are outlined on the map (useConflictMarkers), so the user sees where they are.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useLocale, useTranslations } from "next-intl";
import Feature from "ol/Feature";
import type OlMap from "ol/Map";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Stroke, Style } from "ol/style";
import { useEffect, useId, useRef, useState } from "react";
import { getOrganisationUsers } from "@/client/organisation";
import type { Autosaver } from "@/editor/core/store/autosave";
import type { ElementLayer } from "@/editor/core/map/element-layer";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { elementLabel, readableValue, type ReadableValue } from "@/editor/core/sync/conflict-values";
import { PLAN_INFO_ID, type SyncConflict } from "@/editor/core/sync/rebase";
import { useAutosaveStatus } from "@/editor/ui/sync/use-plan-sync";

/** The outline's colour: the warning colour of the save state, readable on the map's light and dark bases. */
const MARKER_COLOUR = "#e65100";

const markerStyles = [
  new Style({
    stroke: new Stroke({ color: "rgba(255,255,255,0.9)", width: 7 }),
    image: new CircleStyle({ radius: 22, stroke: new Stroke({ color: "rgba(255,255,255,0.9)", width: 7 }) }),
  }),
  new Style({
    stroke: new Stroke({ color: MARKER_COLOUR, width: 3, lineDash: [8, 6] }),
    image: new CircleStyle({ radius: 22, stroke: new Stroke({ color: MARKER_COLOUR, width: 3, lineDash: [6, 4] }) }),
  }),
];

/** Outlines the conflicted elements on the map, following the store (an element may move meanwhile). */
export function useConflictMarkers(
  map: OlMap | null,
  layer: ElementLayer | null,
  store: PlanStore,
  conflicts: readonly SyncConflict[],
): void {
  useEffect(() => {
    if (!map || !layer || conflicts.length === 0) return;
    const source = new VectorSource();
    const markers = new VectorLayer({ source, style: markerStyles, zIndex: 900, properties: { name: "sync-conflicts" } });
    const update = () => {
      source.clear();
      for (const conflict of conflicts) {
        const geometry = layer.featureOf(conflict.elementId)?.getGeometry();
        if (geometry) source.addFeature(new Feature({ geometry: geometry.clone(), conflictId: conflict.elementId }));
      }
    };
    update();
    map.addLayer(markers);
    // After the element layer has taken the change in (it subscribed first).
    const off = store.subscribe(() => update());
    return () => {
      off();
      map.removeLayer(markers);
      markers.dispose();
    };
  }, [map, layer, store, conflicts]);
}

export interface SyncConflictPanelProps {
  autosaver: Autosaver;
  store: PlanStore;
  map: OlMap | null;
  layer: ElementLayer | null;
}

/** The conflicts panel and the map's outlines; shows nothing while there is no conflict. */
export function SyncConflictPanel({ autosaver, store, map, layer }: SyncConflictPanelProps) {
  const t = useTranslations("editorSync.conflicts");
  const tKinds = useTranslations("editor.kinds");
  const locale = useLocale();
  const status = useAutosaveStatus(autosaver);
  const conflicts = status?.conflicts ?? [];
  const headingId = useId();
  const names = useUserNames(conflicts.length > 0);
  useConflictMarkers(map, layer, store, conflicts);
  if (conflicts.length === 0) return null;

  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const show = (value: ReadableValue): string => {
    switch (value.type) {
      case "text":
        return value.value;
      case "number":
        return numbers.format(value.value);
      default:
        return t(`values.${value.type}`);
    }
  };
  const who = (userId: number) => names.get(userId) ?? t("someone");
  const kindName = (conflict: SyncConflict) =>
    conflict.kind === "planInfo" ? t("planInfo") : tKinds.has(conflict.kind) ? tKinds(conflict.kind) : conflict.kind;
  // Fields of kinds added later fall back to their key rather than a missing-message error.
  const fieldName = (field: string) => {
    const key = `fields.${field}` as "fields.position";
    return t.has(key) ? t(key) : field;
  };

  return (
    <Paper
      elevation={8}
      role="region"
      aria-labelledby={headingId}
      data-testid="sync-conflicts"
      sx={{
        // In the map's box (beside its other overlays), so a tablet's or phone's toolbar below stays free.
        position: "absolute",
        zIndex: 7,
        bottom: 8,
        left: 8,
        right: { xs: 8, sm: "auto" },
        width: { sm: 480 },
        maxWidth: "calc(100% - 16px)",
        maxHeight: "calc(100% - 16px)",
        overflow: "auto",
        p: 2,
        borderTop: 4,
        borderColor: "warning.main",
      }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {t("title", { count: conflicts.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("explain")}
      </Typography>
      {conflicts.length > 1 && (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 1 }}>
          <Button size="small" variant="outlined" onClick={() => autosaver.resolveConflicts("mine")} data-testid="conflicts-keep-all-mine">
            {t("keepAllMine")}
          </Button>
          <Button
            size="small"
            variant="outlined"
            onClick={() => autosaver.resolveConflicts("theirs")}
            data-testid="conflicts-take-all-theirs"
          >
            {t("takeAllTheirs")}
          </Button>
        </Box>
      )}
      {conflicts.map((conflict) => {
        const label = conflict.elementId === PLAN_INFO_ID ? null : elementLabel(conflict.mine ?? conflict.theirs);
        const title = label ? t("element", { kind: kindName(conflict), label }) : kindName(conflict);
        const itemId = `${headingId}-${conflict.elementId}`;
        return (
          <Box
            key={conflict.elementId}
            component="section"
            aria-labelledby={itemId}
            data-testid="sync-conflict"
            data-element-id={conflict.elementId}
            sx={{ borderTop: 1, borderColor: "divider", pt: 1, mt: 1 }}
          >
            <Typography id={itemId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`by.${conflict.conflict}`, { name: who(conflict.byUserId) })}
            </Typography>
            {conflict.fields.length > 0 && (
              <Table size="small" sx={{ my: 1, "& td, & th": { px: 1, overflowWrap: "anywhere" } }}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t("field")}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {t("mine")}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {t("theirs")}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {conflict.fields.map((field) => (
                    <TableRow key={field}>
                      <TableCell component="th" scope="row">
                        {fieldName(field)}
                      </TableCell>
                      <TableCell data-testid="conflict-mine">
                        {show(readableValue(field, conflict.mine?.[field], conflict.base?.[field], conflict.mine !== null))}
                      </TableCell>
                      <TableCell data-testid="conflict-theirs">
                        {show(readableValue(field, conflict.theirs?.[field], conflict.base?.[field], conflict.theirs !== null))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button
                size="small"
                variant="contained"
                onClick={() => autosaver.resolveConflicts("mine", [conflict.elementId])}
                data-testid="conflict-keep-mine"
                aria-describedby={itemId}
              >
                {t("keepMine")}
              </Button>
              <Button
                size="small"
                variant="outlined"
                onClick={() => autosaver.resolveConflicts("theirs", [conflict.elementId])}
                data-testid="conflict-take-theirs"
                aria-describedby={itemId}
              >
                {t("takeTheirs")}
              </Button>
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}

/** The organisation's users by id (who made their change), read once when a conflict first shows. */
function useUserNames(wanted: boolean): Map<number, string> {
  const [names, setNames] = useState<Map<number, string>>(() => new Map());
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    getOrganisationUsers({ toast: false })
      .then((users) => setNames(new Map(users.map((user) => [user.id, user.name]))))
      .catch(() => {
        // Not needed to decide: the panel says "a colleague" instead.
      });
  }, [wanted]);
  return names;
}
