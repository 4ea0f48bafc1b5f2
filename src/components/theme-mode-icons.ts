import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import SettingsBrightnessOutlined from "@mui/icons-material/SettingsBrightnessOutlined";

/** The three colour-scheme modes and their icons, shared by the switch and its menu. */
export const THEME_MODES = [
  { mode: "light", Icon: LightModeOutlined },
  { mode: "dark", Icon: DarkModeOutlined },
  { mode: "system", Icon: SettingsBrightnessOutlined },
] as const;
