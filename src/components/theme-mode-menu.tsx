"use client";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useColorScheme } from "@mui/material/styles";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { THEME_MODES } from "./theme-mode-icons";

// The menu (MUI's Menu, Popover and Modal) loads with the first click: every page shows the switch,
// few visitors open it (issue 34).
const ThemeModeList = dynamic(() => import("./theme-mode-list"));

/** Light, dark or follow the system; MUI remembers the choice under the two storage keys of theme.ts. */
export function ThemeModeMenu() {
  const t = useTranslations("theme");
  const { mode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current = THEME_MODES.find((m) => m.mode === mode) ?? THEME_MODES[2];
  return (
    <>
      <Tooltip title={t("label")}>
        <IconButton
          aria-label={t("label")}
          data-testid="theme-mode-button"
          aria-haspopup="menu"
          onClick={(e) => {
            setUsed(true);
            setAnchor(e.currentTarget);
          }}
          color="inherit"
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      {used && <ThemeModeList anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
