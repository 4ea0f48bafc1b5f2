"use client";
/**
 * The plan's phases on the map (issue 20): which phase is shown (every element, the active phase's or
 * the inactive phase's) and, for a selection, which phases its elements belong to. Buttons that are
 * always in sight rather than a menu: the phase shown decides what a click selects and what a new
 * element belongs to, so the user must see it at a glance.
 */
import Paper from "@mui/material/Paper";
import type { SxProps, Theme } from "@mui/material/styles";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useCallback, useSyncExternalStore, type ReactNode } from "react";
import type { ElementRef, PlanStore } from "../../core/store/plan-store";
import { PHASE_VIEWS, type PhaseView, type PlanPhase } from "@/lib/elements/phase";

/** What a selection belongs to: both phases, one, or (for a mix) nothing to press. */
type Membership = "both" | PlanPhase;
const MEMBERSHIPS: readonly Membership[] = ["both", "active", "inactive"];

const selectedRefs = (store: PlanStore, selection: ReadonlySet<string>) =>
  [...selection].map((id) => store.find(id)).filter((ref): ref is ElementRef => !!ref);

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

  const assign = (next: Membership) => {
    const selected = selectedRefs(store, selection);
    const put = withMembership(selected, next);
    if (put.length) store.transact({ note: "phase", put });
    // An element moved out of the phase shown is hidden now, and so leaves the selection.
    store.select(selected.map((ref) => ref.element.id));
  };

  return (
    <Paper
      elevation={2}
      sx={[
        { px: 1, py: 0.5, display: "grid", gridTemplateColumns: "auto auto", columnGap: 1, rowGap: 0.5 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-testid="phase-control"
    >
      <Row label={t("show")}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, value: PhaseView | null) => value && store.showPhase(value)}
          aria-label={t("show")}
        >
          {PHASE_VIEWS.map((value) => (
            <Tooltip key={value} title={t(`showHints.${value}`)}>
              <ToggleButton value={value} aria-label={t(`showHints.${value}`)} data-testid={`phase-show-${value}`} sx={{ py: 0.25 }}>
                {t(`views.${value}`)}
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
      </Row>
      {editable && selection.size > 0 && (
        <Row label={t("selection", { count: selection.size })}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={membership}
            onChange={(_, value: Membership | null) => value && assign(value)}
            aria-label={t("selection", { count: selection.size })}
          >
            {MEMBERSHIPS.map((value) => (
              <ToggleButton key={value} value={value} data-testid={`phase-assign-${value}`} sx={{ py: 0.25 }}>
                {t(`memberships.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Row>
      )}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="caption" sx={{ gridColumn: 1, alignSelf: "center", color: "text.secondary", whiteSpace: "nowrap" }}>
        {label}
      </Typography>
      <span style={{ gridColumn: 2 }}>{children}</span>
    </>
  );
}
