"use client";
import CloseIcon from "@mui/icons-material/Close";
import GlobalStyles from "@mui/material/GlobalStyles";
import IconButton from "@mui/material/IconButton";
import { useTranslations } from "next-intl";
import { ToastContainer } from "react-toastify";
import { useSitePath } from "./use-site-path";

/**
 * Toasts of the app shell (core §9): top-right, 5 s, pause on hover, dismissed by dragging 80 % of the
 * width; bottom-left in the archive (content §9), whose upload panel holds the bottom-right corner.
 */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 80;

/**
 * react-toastify draws its toasts with CSS variables; pointing them at the MUI theme's variables makes
 * the toasts follow light and dark mode without re-rendering. react-toastify 11 injects its own
 * stylesheet when the container mounts (prepended to <head>), so it is not imported again here; the
 * doubled `:root` selector wins over it whatever the order.
 */
const toastTheme = (
  <GlobalStyles
    styles={(theme) => {
      const vars = theme.vars;
      if (!vars) return {}; // the theme is created with cssVariables, so this never happens
      return {
        ":root:root": {
          "--toastify-color-light": vars.palette.background.paper,
          "--toastify-text-color-light": vars.palette.text.primary,
          "--toastify-color-info": vars.palette.primary.main,
          "--toastify-color-success": vars.palette.success.main,
          "--toastify-color-warning": vars.palette.warning.main,
          "--toastify-color-error": vars.palette.error.main,
          "--toastify-font-family": theme.typography.fontFamily,
          "--toastify-toast-bd-radius": `${theme.shape.borderRadius}px`,
          "--toastify-toast-shadow": vars.shadows[6],
          "--toastify-toast-min-height": "56px",
          "--toastify-z-index": String(theme.zIndex.snackbar + 100),
        },
        ".Toastify__toast": {
          border: `1px solid ${vars.palette.divider}`,
          fontSize: theme.typography.body2.fontSize,
          lineHeight: theme.typography.body2.lineHeight,
          alignItems: "flex-start",
        },
        ".Toastify__toast-icon": { marginTop: 1 },
      };
    }}
  />
);

export function Toasts() {
  const t = useTranslations();
  const archive = useSitePath().startsWith("/order-control");
  return (
    <>
      {toastTheme}
      <ToastContainer
        position={archive ? "bottom-left" : "top-right"}
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        draggable
        draggablePercent={TOAST_DRAG_PERCENT}
        theme="light"
        aria-label={t("apiClient.notifications")}
        closeButton={({ closeToast }) => (
          <IconButton
            size="small"
            aria-label={t("common.close")}
            onClick={closeToast}
            sx={{ alignSelf: "flex-start", m: -0.5, color: "text.secondary" }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      />
    </>
  );
}
