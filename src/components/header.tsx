import AppBar from "@mui/material/AppBar";
import { HeaderBar } from "./header-bar";
import { Logo } from "./logo";
import { SITES, type SiteId } from "@/sites/registry";

/**
 * The site header (core §2), rendered on the server: the bar and the logo; what depends on the path or
 * the session is the client island HeaderBar.
 */
export function Header({ site }: { site: SiteId }) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
      data-testid="site-header"
    >
      <HeaderBar logo={<Logo site={SITES[site]} />} />
    </AppBar>
  );
}
