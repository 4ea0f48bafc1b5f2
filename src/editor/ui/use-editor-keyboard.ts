"use client";
import { useEffect } from "react";
import { OVERVIEW_SHORTCUT, toolOfKey } from "./shortcuts";
import type { EditorInteractions, Tool } from "../core/interactions/editor-interactions";
import type { PlanStore } from "../core/store/plan-store";

/** Inputs that take no typed text: focus left on one (a file chooser, a checkbox) must not swallow shortcuts. */
const NON_TEXT_INPUTS = new Set(["button", "checkbox", "radio", "file", "range", "submit", "reset", "image", "hidden", "color"]);

/** Keys typed into a field, or pressed in an open dialog, belong to it, not to the editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName) || !!target.closest("[role=dialog]");
}

/**
 * The editor's shortcuts: Ctrl+Z undo, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+C/Ctrl+V copy and paste of
 * the selection, Delete/Backspace deletes it, Escape cancels the drawing in progress (then the tool,
 * then the selection), a tool's letter picks it (./shortcuts.ts) and ? opens the overview. Cmd on macOS
 * works like Ctrl. The arrows, + and − and Enter are the map's, while it has the focus: OpenLayers pans
 * and zooms, and with a tool the keyboard pointer draws (core/interactions/keyboard-pointer.ts).
 */
export function useEditorKeyboard(
  interactions: EditorInteractions | null,
  store: PlanStore,
  options: { onCopied: (count: number) => void; tools: readonly Tool[]; onOverview: () => void },
) {
  const { onCopied, tools, onOverview } = options;
  useEffect(() => {
    if (!interactions) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      let handled = true;
      if (mod && key === "z" && !event.shiftKey) store.undo();
      else if (mod && ((key === "z" && event.shiftKey) || key === "y")) store.redo();
      else if (mod && key === "c") {
        if (store.getSelection().size === 0)
          handled = false; // let the browser copy selected text
        else onCopied(interactions.copySelection());
      } else if (mod && key === "v") interactions.paste();
      else if (!mod && (key === "delete" || key === "backspace")) interactions.deleteSelection();
      else if (key === "escape") interactions.cancel();
      else if (!mod && !event.altKey && event.key === OVERVIEW_SHORTCUT) onOverview();
      else if (!mod && !event.altKey && !event.shiftKey && toolOfKey(key, tools)) interactions.setTool(toolOfKey(key, tools)!);
      else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [interactions, store, onCopied, tools, onOverview]);
}
