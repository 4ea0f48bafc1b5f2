"use client";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useColorScheme } from "@mui/material/styles";
import { useTranslations } from "next-intl";
import { THEME_MODES } from "./theme-mode-icons";

/** The theme switch's menu; loaded with the first click on the switch (theme-mode-menu.tsx). */
export default function ThemeModeList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const t = useTranslations("theme");
  const { mode, setMode } = useColorScheme();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {THEME_MODES.map(({ mode: m, Icon }) => (
        <MenuItem
          key={m}
          role="menuitemradio"
          aria-checked={mode === m}
          selected={mode === m}
          data-testid={`theme-mode-${m}`}
          onClick={() => {
            setMode(m);
            onClose();
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {t(m)}
        </MenuItem>
      ))}
    </Menu>
  );
}
