"use client";
import { createTheme } from "@mui/material/styles";
import { THEME_ATTRIBUTE } from "./theme-keys";

const systemFontStack = [
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  '"Noto Sans"',
  '"Liberation Sans"',
  "sans-serif",
].join(",");

// Colours of core §1. The dark scheme keeps the brand hues, lightened where they sit on dark paper.
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: THEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: "#1562ad" },
        secondary: { main: "#424242" },
        tertiary: { main: "#FFD700", contrastText: "#212121" },
        success: { main: "#4CAF50" },
        error: { main: "#f44336" },
        background: { default: "#ffffff", paper: "#ffffff" },
      },
    },
    dark: {
      palette: {
        primary: { main: "#5a9be0" },
        secondary: { main: "#bdbdbd" },
        tertiary: { main: "#FFD700", contrastText: "#212121" },
        success: { main: "#4CAF50" },
        error: { main: "#f44336" },
      },
    },
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: systemFontStack,
    button: { textTransform: "none", fontWeight: 700 },
  },
});

declare module "@mui/material/styles" {
  interface Palette {
    tertiary: Palette["primary"];
  }
  interface PaletteOptions {
    tertiary?: PaletteOptions["primary"];
  }
}

declare module "@mui/material/Button" {
  interface ButtonPropsColorOverrides {
    tertiary: true;
  }
}
