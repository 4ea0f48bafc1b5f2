"use client";
import { useEffect, useState } from "react";

/**
 * Gives the focus back to the control that opened a panel once the panel closes, as MUI's Dialog does
 * for its opener: the sign gallery and the export panel stand beside the map rather than over the page,
 * so nothing else would, and a keyboard user would find themselves at the top of the page. The opener is
 * what had the focus when the panel first rendered (before anything in it took the focus); focus the user
 * has since put somewhere else (the map, to place a sign) stays there.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body)) opener.focus();
    },
    [opener],
  );
}
