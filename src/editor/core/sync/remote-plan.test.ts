import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UnreadablePlanError, applyServerPlan, decideOnServerVersion } from "./remote-plan";
import { Autosaver } from "@/editor/core/store/autosave";
import { PlanStore } from "@/editor/core/store/plan-store";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { diffPlanContent } from "@/lib/elements/operations";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

const line = (id: string, width = 1) => ({ kind: "line" as const, element: { ...EXAMPLE_ELEMENTS.line, id, width } });

function setup() {
  const store = new PlanStore({ ...defaultPlanContent(), lines: [line("mine").element] });
  const sent: { version: number; content: PlanContent; base: PlanContent }[] = [];
  const autosaver = new Autosaver({
    store,
    planId: 3,
    version: 4,
    save: async (_id, body) => {
      sent.push(body);
      return { version: body.version + 1 };
    },
    onOnline: () => () => {},
  });
  autosaver.start();
  /** The other user's version 5: their line, their map view. */
  const server = {
    id: 3,
    version: 5,
    content: { ...defaultPlanContent(), lines: [line("theirs").element], mapView: { ...defaultPlanContent().mapView, zoom: 3 } },
  };
  return { store, autosaver, sent, server };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("decideOnServerVersion", () => {
  it("ignores a version the store is already based on (own save, or already taken over)", () => {
    const { autosaver } = setup();
    expect(decideOnServerVersion(autosaver, 4)).toBe("ignore");
    expect(decideOnServerVersion(autosaver, 3)).toBe("ignore");
  });

  it("reloads a newer version when nothing is unsaved, or only the map view", () => {
    const { store, autosaver } = setup();
    expect(decideOnServerVersion(autosaver, 5)).toBe("reload");
    store.transact({ note: "pan", mapView: { zoom: 18 } });
    expect(decideOnServerVersion(autosaver, 5)).toBe("reload");
  });

  it("is a conflict when drawing work is unsaved", () => {
    const { store, autosaver } = setup();
    store.transact({ note: "draw", put: [line("new")] });
    expect(decideOnServerVersion(autosaver, 5)).toBe("conflict");
  });
});

describe("applyServerPlan", () => {
  it("takes the server's elements over as one undo step, keeps the user's view and sends nothing", async () => {
    const { store, autosaver, sent, server } = setup();
    store.transact({ note: "pan", mapView: { zoom: 18 } });
    applyServerPlan(server, store, autosaver);

    expect(store.getContent().lines.map((l) => l.id)).toEqual(["theirs"]);
    expect(store.getMapView().zoom).toBe(18);
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.getVersion()).toBe(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);

    // The user's previous drawing is one undo away; undoing it is an edit saved on top of version 5.
    store.undo();
    expect(store.getContent().lines.map((l) => l.id)).toEqual(["mine"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((s) => [s.version, s.content.lines.map((l) => l.id)])).toEqual([[5, ["mine"]]]);
    // That save is based on the server's version 5, its view included: the user's view goes with it.
    expect(sent[0]!.base.lines.map((l) => l.id)).toEqual(["theirs"]);
    expect(diffPlanContent(sent[0]!.base, sent[0]!.content)).toContainEqual({ op: "mapView", mapView: store.getMapView() });
  });

  it("resolves a conflict: the local edits stay reachable with undo", () => {
    const { store, autosaver, server } = setup();
    store.transact({ note: "draw", put: [line("new")] });
    autosaver.markConflict(5);
    expect(autosaver.getState()).toBe("conflict");
    applyServerPlan(server, store, autosaver);
    expect(autosaver.getState()).toBe("saved");
    store.undo();
    expect(store.getContent().lines.map((l) => l.id)).toEqual(["mine", "new"]);
  });

  it("changes nothing when the server's content does not pass the schema", () => {
    const { store, autosaver } = setup();
    const before = store.getContent();
    expect(() =>
      applyServerPlan({ id: 3, version: 5, content: { lines: [{ ...EXAMPLE_ELEMENTS.line, width: 500 }] } }, store, autosaver),
    ).toThrow(UnreadablePlanError);
    expect(store.getContent()).toBe(before);
    expect(autosaver.getVersion()).toBe(4);
  });

  it("refuses another plan's answer (one that arrives after the user switched plans)", () => {
    const { store, autosaver, server } = setup();
    const before = store.getContent();
    expect(() => applyServerPlan({ ...server, id: 99 }, store, autosaver)).toThrow(/not the open plan/);
    expect(store.getContent()).toBe(before);
  });
});
