"use client";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import SettingsBrightnessOutlined from "@mui/icons-material/SettingsBrightnessOutlined";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useColorScheme } from "@mui/material/styles";
import { useTranslations } from "next-intl";
import { useState } from "react";

const MODES = [
  { mode: "light", Icon: LightModeOutlined },
  { mode: "dark", Icon: DarkModeOutlined },
  { mode: "system", Icon: SettingsBrightnessOutlined },
] as const;

/** Light, dark or follow the system; MUI remembers the choice under the two storage keys of theme.ts. */
export function ThemeModeMenu() {
  const t = useTranslations("theme");
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = MODES.find((m) => m.mode === mode) ?? MODES[2];
  return (
    <>
      <Tooltip title={t("label")}>
        <IconButton
          aria-label={t("label")}
          data-testid="theme-mode-button"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          color="inherit"
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {MODES.map(({ mode: m, Icon }) => (
          <MenuItem
            key={m}
            role="menuitemradio"
            aria-checked={mode === m}
            selected={mode === m}
            data-testid={`theme-mode-${m}`}
            onClick={() => {
              setMode(m);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {t(m)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
