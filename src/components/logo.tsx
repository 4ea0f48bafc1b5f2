import Box from "@mui/material/Box";
import type { Site } from "@/sites/registry";

/** Header logo height in px (core §2). */
export const LOGO_HEIGHT = 34;

/**
 * The product mark and name. Sign-plan sites get a warning-triangle mark, the sewer site a manhole
 * cover; drawn here so that no image has to load before the header is complete.
 */
export function Logo({ site }: { site: Site }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, height: LOGO_HEIGHT }}>
      <svg width={LOGO_HEIGHT} height={LOGO_HEIGHT} viewBox="0 0 34 34" aria-hidden focusable="false">
        {site.planKind === "sewer" ? (
          <g>
            <circle cx="17" cy="17" r="15" fill="#1562ad" />
            <circle cx="17" cy="17" r="10.5" fill="none" stroke="#fff" strokeWidth="2" />
            <path d="M9 14h16M8 17h18M9 20h16" stroke="#fff" strokeWidth="1.6" />
          </g>
        ) : (
          <g>
            <path d="M17 2.5 32 29.5H2Z" fill="#fff" stroke="#c62828" strokeWidth="3.2" strokeLinejoin="round" />
            <path d="M12 25h10l-2.2-7.5h-5.6Z" fill="#1562ad" />
            <rect x="15.6" y="11" width="2.8" height="5" rx="1" fill="#1562ad" />
          </g>
        )}
      </svg>
      <Box component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: "-0.01em", color: "text.primary" }}>
        {site.productName}
      </Box>
    </Box>
  );
}
