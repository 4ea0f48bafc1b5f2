"use client";
/**
 * The base map under a plan: puts the site's base layers on the map, shows the one the plan asks for
 * (or the fallback when this build cannot), lets the user switch, and says so over the map when the
 * map shown is not the one asked for or does not load. Render it inside the `position: relative` box
 * that holds the map; it places itself at the top right.
 */
import CheckIcon from "@mui/icons-material/Check";
import LayersOutlinedIcon from "@mui/icons-material/LayersOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import type { SxProps, Theme } from "@mui/material/styles";
import type TileLayer from "ol/layer/Tile";
import type OlMap from "ol/Map";
import type TileSource from "ol/source/Tile";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  baseLayerCatalogue,
  fallbackReason,
  resolveShownLayerId,
  type BaseLayerEntry,
  type BaseLayerId,
} from "../../core/map/layers/base-layer-catalogue";
import { TileErrorMonitor } from "../../core/map/layers/tile-error-monitor";
import type { MapConfig } from "@/lib/map-config";
import type { SiteId } from "@/sites/site-ids";

export interface BaseLayerControlProps {
  /** The editor's map; null while it is being created (the control then only renders). */
  map: OlMap | null;
  /** The site's base layers on that map (the editor session made them, the requested one visible). */
  layers: readonly BaseLayerEntry[] | null;
  site: SiteId;
  /** The plan's mapView.activeMapLayerId, as stored; never changed here except through onChange. */
  activeLayerId: string;
  /** The user picked a layer: store it in the plan. Never called for a fallback or in readOnly. */
  onChange: (id: BaseLayerId) => void;
  /** The shared view: switching only changes what this visitor sees, and nothing is saved. */
  readOnly?: boolean;
  /** Where the base maps come from; the session's layers were made from the same. */
  config: MapConfig;
  /** Overrides the default position (absolute, 8 px from the top right). */
  sx?: SxProps<Theme>;
}

/** A failure the user may dismiss; the same failure, once dismissed, stays quiet until it recurs. */
interface LoadFailure {
  layerId: BaseLayerId;
  /** Counts failures, so a new one after a recovery shows again though an older one was dismissed. */
  episode: number;
}

export function BaseLayerControl({ map, layers, site, activeLayerId, onChange, readOnly = false, config, sx }: BaseLayerControlProps) {
  const t = useTranslations("editorMap");
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const catalogue = useMemo(() => baseLayerCatalogue(site, config), [site, config]);
  // In the shared view the visitor's choice lives here only; editing, the plan is the one truth.
  const [localChoice, setLocalChoice] = useState<BaseLayerId | null>(null);
  const requestedId = readOnly && localChoice ? localChoice : activeLayerId;
  const shownId = resolveShownLayerId(requestedId, catalogue);
  const missingKeyReason = fallbackReason(requestedId, catalogue);
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const episodes = useRef(0);

  // Show one layer, and watch its tiles: a burst of failures with nothing arriving means the service
  // cannot be reached (see TileErrorMonitor); any tile that arrives clears the notice.
  useEffect(() => {
    if (!map || !layers) return;
    for (const entry of layers) entry.layer.setVisible(entry.id === shownId);
    const shown = layers.find((entry) => entry.id === shownId);
    const source = shown ? (shown.layer as TileLayer<TileSource>).getSource() : null;
    if (!source) return;
    const monitor = new TileErrorMonitor();
    // Mirrors `failure` for this layer, so tiles arriving by the hundred cause no state updates.
    let failing = false;
    const onError = () => {
      if (!monitor.error() || failing) return;
      failing = true;
      episodes.current += 1;
      setFailure({ layerId: shownId, episode: episodes.current });
    };
    const onLoad = () => {
      monitor.success();
      if (!failing) return;
      failing = false;
      setFailure(null);
    };
    source.on("tileloaderror", onError);
    source.on("tileloadend", onLoad);
    return () => {
      source.un("tileloaderror", onError);
      source.un("tileloadend", onLoad);
      setFailure(null); // another layer, or the same one again later, starts with a clean slate
    };
  }, [map, layers, shownId]);

  const choose = (id: BaseLayerId) => {
    setAnchor(null);
    if (id === requestedId) return;
    if (readOnly) setLocalChoice(id);
    else onChange(id);
  };

  const dismiss = (noticeKey: string) => setDismissed((previous) => new Set(previous).add(noticeKey));
  const label = (id: string) => {
    const entry = catalogue.find((e) => e.id === id);
    return entry ? t(entry.labelKey) : id;
  };

  const missingKeyNotice = missingKeyReason ? `missing-key:${requestedId}` : null;
  const failureNotice = failure && failure.layerId === shownId ? `load-failed:${failure.episode}` : null;
  // One entry leaves nothing to choose (the Swedish site without a Lantmäteriet key): no switcher.
  const showSwitcher = catalogue.length > 1;

  return (
    <Box
      sx={[
        {
          position: "absolute",
          top: 8,
          right: 8,
          // Above the map's top-left stack (the address search): on a phone the notices fall over it, and
          // their close buttons must stay in reach.
          zIndex: 4,
          display: "flex",
          flexDirection: "column",
          alignItems: "flex-end",
          gap: 1,
          maxWidth: "min(360px, calc(100% - 16px))",
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-testid="base-layer-control"
      data-shown-layer={shownId}
      data-requested-layer={requestedId}
    >
      {showSwitcher && (
        <>
          <Tooltip title={t("layers.choose")}>
            <Button
              variant="contained"
              color="inherit"
              size="small"
              startIcon={<LayersOutlinedIcon />}
              onClick={(event) => setAnchor(event.currentTarget)}
              aria-label={`${t("layers.choose")}: ${label(shownId)}`}
              aria-haspopup="menu"
              aria-expanded={anchor ? "true" : undefined}
              aria-controls={anchor ? menuId : undefined}
              sx={{ bgcolor: "background.paper", color: "text.primary", "&:hover": { bgcolor: "background.paper" } }}
              data-testid="base-layer-button"
            >
              {label(shownId)}
            </Button>
          </Tooltip>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
            transformOrigin={{ vertical: "top", horizontal: "right" }}
          >
            {catalogue.map((entry) => (
              <MenuItem
                key={entry.id}
                role="menuitemradio"
                aria-checked={entry.id === shownId}
                selected={entry.id === shownId}
                disabled={!entry.available}
                onClick={() => choose(entry.id)}
                data-testid={`base-layer-option-${entry.id}`}
              >
                <ListItemIcon>{entry.id === shownId && <CheckIcon fontSize="small" />}</ListItemIcon>
                <ListItemText
                  primary={t(entry.labelKey)}
                  secondary={!entry.available && entry.unavailableReasonKey ? t(entry.unavailableReasonKey) : undefined}
                  slotProps={{ secondary: { sx: { whiteSpace: "normal", maxWidth: 280 } } }}
                />
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {missingKeyNotice && !dismissed.has(missingKeyNotice) && (
        <Alert
          severity="info"
          variant="filled"
          role="status"
          onClose={() => dismiss(missingKeyNotice)}
          closeText={t("notices.close")}
          sx={[NOTICE_SX, { bgcolor: "info.dark" }]}
          data-testid="map-notice-missing-key"
        >
          {t("notices.missingToken", { requested: label(requestedId), shown: label(shownId) })}
        </Alert>
      )}
      {failureNotice && !dismissed.has(failureNotice) && (
        <Alert
          severity="warning"
          variant="filled"
          onClose={() => dismiss(failureNotice)}
          closeText={t("notices.close")}
          sx={[NOTICE_SX, { color: "common.black" }]}
          data-testid="map-notice-load-failed"
        >
          {t("notices.loadFailed")}
        </Alert>
      )}
    </Box>
  );
}

/** Small: the map stays the main thing. */
/** The notices' look. MUI's filled info and warning put white on a shade that gives it less than 4.5:1 contrast: the info notice fills a darker shade, the warning takes black text. */
const NOTICE_SX = { py: 0, px: 1.5, fontSize: "0.8125rem", boxShadow: 2, "& .MuiAlert-icon": { fontSize: 20 } };
