"use client";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { BillingStatusProvider } from "./billing/billing-status";
import { ScrollToTop } from "./scroll-to-top";
import { useSitePath } from "./use-site-path";

interface ShellProps {
  /** The header and footer, rendered on the server by the layout (header.tsx, footer.tsx). */
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * Header, main and footer (core §2). On /app the page is exactly one window high and main passes its
 * height down, so the editor's map fills what the header leaves (the footer is hidden there).
 */
export function AppShell(props: ShellProps) {
  // Issue 31: the billing state (trial bar, blocked dialog, reminder, the editor's read-only state) for every page.
  return (
    <BillingStatusProvider>
      <Shell {...props} />
    </BillingStatusProvider>
  );
}

function Shell({ header, footer, children }: ShellProps) {
  const path = useSitePath();
  const tool = path === "/app" || path.startsWith("/app/");
  return (
    <Box
      sx={
        tool
          ? { height: "100dvh", display: "flex", flexDirection: "column", overflow: "hidden" }
          : { minHeight: "100vh", display: "flex", flexDirection: "column" }
      }
    >
      <ScrollToTop />
      {header}
      <Box component="main" id="main" sx={tool ? { flex: 1, minHeight: 0, display: "flex", flexDirection: "column" } : { flex: 1 }}>
        {children}
      </Box>
      {tool ? null : footer}
    </Box>
  );
}
