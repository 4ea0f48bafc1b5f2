"use client";
import { useEffect } from "react";
import type { Autosaver } from "@/editor/core/store/autosave";

/**
 * Guards against closing or reloading the tab with edits the server does not have yet: the browser's
 * own "leave the page?" question (browsers show their own text; ours would be ignored), and a last
 * `flush()` so the save runs while the question is on screen.
 *
 * Also flushes when the tab is hidden (switching apps on a tablet, locking the screen): mobile browsers
 * often discard a hidden tab without any unload event, so that is the last reliable moment.
 *
 * In-app navigation (another plan, another page) does not unload the document; the editor calls
 * `autosaver.flush()` itself before it switches.
 */
export function useUnsavedChangesWarning(autosaver: Autosaver | null): void {
  useEffect(() => {
    if (!autosaver) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosaver.hasUnsavedChanges()) return;
      void autosaver.flush();
      event.preventDefault();
      // Older browsers (Chrome before 119, Safari before 17) ask only when returnValue is set.
      event.returnValue = "";
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden" && autosaver.hasUnsavedChanges()) void autosaver.flush();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [autosaver]);
}
