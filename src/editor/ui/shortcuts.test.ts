import { describe, expect, it } from "vitest";
import { OVERVIEW_SHORTCUT, SELECT_SHORTCUT, toolOfKey, toolShortcuts } from "./shortcuts";
import { DRAWABLE_KINDS, EDITOR_ELEMENTS } from "../kinds/registry";
import { ELEMENT_KINDS } from "@/lib/elements/registry";

describe("the editor's keys", () => {
  it("every kind's letter is one letter, and no two tools or editor keys share one", () => {
    const keys = [SELECT_SHORTCUT, OVERVIEW_SHORTCUT];
    for (const kind of ELEMENT_KINDS) {
      const key = EDITOR_ELEMENTS[kind]?.shortcut;
      if (key === undefined) continue;
      expect(key, kind).toMatch(/^[A-Z]$/);
      keys.push(key.toLowerCase());
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("every tool of the toolbar has a letter, select first", () => {
    for (const kind of DRAWABLE_KINDS) expect(EDITOR_ELEMENTS[kind]?.shortcut, kind).toBeTruthy();
    expect(toolShortcuts().map((entry) => entry.tool)).toEqual(["select", ...DRAWABLE_KINDS]);
  });

  it("finds the tool of a key in either case, and nothing for other keys", () => {
    expect(toolOfKey("v")).toBe("select");
    expect(toolOfKey("L")).toBe("line");
    expect(toolOfKey("l")).toBe("line");
    expect(toolOfKey("7")).toBeNull();
    // Only the tools on offer: a kind left out of the list has no key.
    expect(toolOfKey("l", [])).toBeNull();
  });
});
