/**
 * The editor's keys, in one table: the tools' own letters come from their kinds' modules (`shortcut`),
 * the rest are the editor's. The overview dialog lists this, and use-editor-keyboard acts on it.
 */
import type { Tool } from "../core/interactions/editor-interactions";
import { DRAWABLE_KINDS, editorElement } from "../kinds/registry";

/** The select tool's key, as in most drawing programs. */
export const SELECT_SHORTCUT = "v";
/** Opens the overview of every key. */
export const OVERVIEW_SHORTCUT = "?";

/** The tools with a key of their own, in toolbar order: select first. */
export function toolShortcuts(kinds: readonly Tool[] = DRAWABLE_KINDS): { tool: Tool; key: string }[] {
  const tools: { tool: Tool; key: string }[] = [{ tool: "select", key: SELECT_SHORTCUT }];
  for (const kind of kinds) {
    const key = kind === "select" ? undefined : editorElement(kind)?.shortcut?.toLowerCase();
    if (key) tools.push({ tool: kind, key });
  }
  return tools;
}

/** The tool a key picks, or null. */
export function toolOfKey(key: string, kinds?: readonly Tool[]): Tool | null {
  const lower = key.toLowerCase();
  return toolShortcuts(kinds).find((entry) => entry.key === lower)?.tool ?? null;
}

/** The four arrow keys, as one keycap. */
const ARROW_KEYS = "← ↑ → ↓";

/**
 * The keys that are not tools, for the overview: what they do (a message under
 * `editor.shortcuts.actions`) and the keys as the keycaps name them. A key may come with a gesture of
 * the pointer (`editor.shortcuts.gestures`); Ctrl is ⌘ on a Mac.
 */
export const ACTION_SHORTCUTS: readonly { action: string; keys: readonly { key?: string; gesture?: string }[] }[] = [
  { action: "undo", keys: [{ key: "Ctrl+Z" }] },
  { action: "redo", keys: [{ key: "Ctrl+Shift+Z" }, { key: "Ctrl+Y" }] },
  { action: "copy", keys: [{ key: "Ctrl+C" }] },
  { action: "paste", keys: [{ key: "Ctrl+V" }] },
  { action: "delete", keys: [{ key: "Delete" }, { key: "Backspace" }] },
  { action: "cancel", keys: [{ key: "Esc" }] },
  // The map's own keys while it has the focus (OpenLayers' KeyboardPan and KeyboardZoom), and the
  // keyboard pointer's with a tool active (core/interactions/keyboard-pointer.ts).
  { action: "pan", keys: [{ key: ARROW_KEYS }] },
  { action: "zoom", keys: [{ key: "+" }, { key: "−" }] },
  { action: "crosshair", keys: [{ key: ARROW_KEYS }, { key: `Shift+${ARROW_KEYS}` }] },
  { action: "placePoint", keys: [{ key: "Enter" }] },
  { action: "finish", keys: [{ gesture: "doubleClick" }] },
  { action: "finishKeys", keys: [{ key: "Enter" }] },
  { action: "noSnap", keys: [{ key: "Shift", gesture: "hold" }] },
  {
    action: "addToSelection",
    keys: [
      { key: "Shift", gesture: "click" },
      { key: "Ctrl", gesture: "click" },
    ],
  },
  { action: "addVertex", keys: [{ key: "Alt", gesture: "drag" }] },
  { action: "removeVertex", keys: [{ key: "Alt", gesture: "click" }] },
  { action: "overview", keys: [{ key: "?" }] },
];
