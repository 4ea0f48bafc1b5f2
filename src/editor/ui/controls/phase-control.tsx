"use client";
/**
 * The plan's phases on the map (issue 20): which phase is shown (every element, the active phase's or
 * the inactive phase's) and, for a selection, which phases its elements belong to. The phase shown is
 * buttons always in sight rather than a menu: it decides what a click selects and what a new element
 * belongs to, so the user must see it at a glance. The selection's phases are one more button on the
 * same row, with a menu, so the control does not grow when something is selected (issue 33).
 *
 * Where nobody uses phases the control would only be in the way: it shows on a site whose plans are
 * made in phases (TA-planen), on a plan that uses them, and once the user starts them from the ⋮ menu
 * (`usePhaseControl`). The first time it shows, a line says what phases are for.
 */
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import type { SxProps, Theme } from "@mui/material/styles";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import CloseIcon from "@mui/icons-material/Close";
import { useCallback, useId, useState, useSyncExternalStore, type ReactNode } from "react";
import type { ElementRef, PlanStore } from "../../core/store/plan-store";
import type { ToolbarAction } from "../editor-toolbar";
import { useSite } from "@/components/site-context";
import { PHASE_VIEWS, type PhaseView, type PlanPhase } from "@/lib/elements/phase";
import { usesPhases } from "@/lib/elements/plan-content";

/** What a selection belongs to: both phases, one, or (for a mix) nothing to press. */
type Membership = "both" | PlanPhase;
const MEMBERSHIPS: readonly Membership[] = ["both", "active", "inactive"];

const selectedRefs = (store: PlanStore, selection: ReadonlySet<string>) =>
  [...selection].map((id) => store.find(id)).filter((ref): ref is ElementRef => !!ref);

/** localStorage key: the user has read (or closed) the line on what phases are. */
export const PHASES_EXPLAINED_KEY = "phases-explained";

function membershipOf(refs: readonly ElementRef[]): Membership | null {
  const values = new Set(refs.map((ref): Membership => ref.element.phase ?? "both"));
  return values.size === 1 ? [...values][0]! : null;
}

/** The elements with their phase set to `membership` (both: the field removed); unchanged ones left out. */
export function withMembership(refs: readonly ElementRef[], membership: Membership): ElementRef[] {
  return refs.flatMap((ref) => {
    if ((ref.element.phase ?? "both") === membership) return [];
    const { phase: _phase, ...rest } = ref.element;
    return [{ kind: ref.kind, element: membership === "both" ? rest : { ...rest, phase: membership } } as ElementRef];
  });
}

/**
 * The phase control and the ⋮ menu's entry that shows or hides it. Shown on a site whose plans are made
 * in phases, on a plan that uses them (any element in one phase only, or one phase shown), and when the
 * user chose to show it; the menu entry is there only where the control is not shown anyway.
 */
export function usePhaseControl({ store, selection, editable }: { store: PlanStore; selection: ReadonlySet<string>; editable: boolean }): {
  control: ReactNode;
  menuAction: ToolbarAction | null;
} {
  const t = useTranslations("editor.phases");
  const site = useSite();
  const subscribeBoth = useCallback(
    (notify: () => void) => {
      const offContent = store.subscribe(notify);
      const offView = store.subscribePhaseView(notify);
      return () => {
        offContent();
        offView();
      };
    },
    [store],
  );
  const inUse = useSyncExternalStore(
    subscribeBoth,
    () => usesPhases(store.getContent()) || store.getPhaseView() !== "all",
    () => false,
  );
  const [wanted, setWanted] = useState(false);
  const always = site.phasesAlwaysShown || inUse;
  const shown = always || wanted;
  const control = shown ? <PhaseControl store={store} selection={selection} editable={editable} /> : null;
  const menuAction: ToolbarAction | null = always
    ? null
    : { id: "phases", label: wanted ? t("menuHide") : t("menuShow"), onClick: () => setWanted(!wanted) };
  return { control, menuAction };
}

export function PhaseControl({
  store,
  selection,
  editable,
  sx,
}: {
  store: PlanStore;
  /** The editor's selection (it follows the store's). */
  selection: ReadonlySet<string>;
  editable: boolean;
  sx?: SxProps<Theme>;
}) {
  const t = useTranslations("editor.phases");
  const view = useSyncExternalStore(
    useCallback((notify: () => void) => store.subscribePhaseView(notify), [store]),
    () => store.getPhaseView(),
    () => store.getPhaseView(),
  );
  // Read again after every change of the plan (the selection's phases changed here, or undone).
  const membership = useSyncExternalStore(
    useCallback((notify: () => void) => store.subscribe(notify), [store]),
    () => membershipOf(selectedRefs(store, selection)),
    () => membershipOf(selectedRefs(store, selection)),
  );
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // The control is drawn only once the map is there, in the browser, so the browser's storage can be read here.
  const [explain, setExplain] = useState(() => !readExplained());
  const showLabelId = useId();
  const explained = () => {
    if (!explain) return;
    setExplain(false);
    saveExplained();
  };

  const assign = (next: Membership) => {
    explained();
    const selected = selectedRefs(store, selection);
    const put = withMembership(selected, next);
    if (put.length) store.transact({ note: "phase", put });
    // An element moved out of the phase shown is hidden now, and so leaves the selection.
    store.select(selected.map((ref) => ref.element.id));
  };
  const selecting = editable && selection.size > 0;

  return (
    <>
      {explain && (
        <Paper
          elevation={2}
          role="note"
          sx={{ display: "flex", alignItems: "center", gap: 0.5, pl: 1, maxWidth: 640 }}
          data-testid="phase-explanation"
        >
          <Typography variant="caption">{t("explanation")}</Typography>
          <IconButton size="small" aria-label={t("explanationClose")} onClick={explained} data-testid="phase-explanation-close">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      )}
      <Paper
        elevation={2}
        sx={[
          { px: 1, py: 0.5, display: "flex", alignItems: "center", flexWrap: "nowrap", gap: 1, maxWidth: "100%", overflowX: "auto" },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        data-testid="phase-control"
      >
        <Typography
          variant="caption"
          // On a phone the buttons need the room; the group is still named by it.
          sx={{ color: "text.secondary", whiteSpace: "nowrap", display: { xs: "none", sm: "block" } }}
          id={showLabelId}
        >
          {t("show")}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, value: PhaseView | null) => {
            if (!value) return;
            explained();
            store.showPhase(value);
          }}
          aria-labelledby={showLabelId}
        >
          {PHASE_VIEWS.map((value) => (
            // The hint describes the button; its name stays the word on it (WCAG 2.5.3, label in name).
            <Tooltip key={value} title={t(`showHints.${value}`)} describeChild>
              <ToggleButton value={value} data-testid={`phase-show-${value}`} sx={{ py: 0.25 }}>
                {t(`views.${value}`)}
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
        {selecting && (
          <>
            <Button
              size="small"
              variant="outlined"
              endIcon={<ArrowDropDownIcon />}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={!!menuAnchor}
              sx={{ py: 0.25, whiteSpace: "nowrap", flexShrink: 0, textTransform: "none" }}
              data-testid="phase-assign"
            >
              {t("selectionButton", {
                count: selection.size,
                membership: membership ? t(`memberships.${membership}`) : t("memberships.mixed"),
              })}
            </Button>
            <Menu
              anchorEl={menuAnchor}
              open={!!menuAnchor}
              onClose={() => setMenuAnchor(null)}
              anchorOrigin={{ vertical: "top", horizontal: "left" }}
              transformOrigin={{ vertical: "bottom", horizontal: "left" }}
              slotProps={{ list: { "aria-label": t("selection", { count: selection.size }) } }}
            >
              {MEMBERSHIPS.map((value) => (
                <MenuItem
                  key={value}
                  role="menuitemradio"
                  aria-checked={membership === value}
                  selected={membership === value}
                  onClick={() => {
                    setMenuAnchor(null);
                    assign(value);
                  }}
                  data-testid={`phase-assign-${value}`}
                >
                  {t(`memberships.${value}`)}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Paper>
    </>
  );
}

function readExplained(): boolean {
  try {
    return localStorage.getItem(PHASES_EXPLAINED_KEY) === "1";
  } catch {
    return false; // storage refused: the line shows every time rather than never
  }
}

function saveExplained(): void {
  try {
    localStorage.setItem(PHASES_EXPLAINED_KEY, "1");
  } catch {
    // not kept: the line shows again next time
  }
}
