/**
 * The route table of the specification (core §2, content §2), shared by the proxy, the pages and the
 * navigation. Which routes a site has is decided here and nowhere else.
 */
import type { SiteId } from "./site-ids";

export type AuthType = "public" | "protected" | "admin";

export interface RouteDef {
  /** Path as the visitor sees it (without the internal /<site> prefix). */
  path: string;
  auth: AuthType;
  /** The sites that serve this route; "all" for every site. */
  sites: readonly SiteId[] | "all";
}

export const ROUTES = {
  home: { path: "/", auth: "public", sites: "all" },
  login: { path: "/login", auth: "public", sites: "all" },
  register: { path: "/register", auth: "public", sites: "all" },
  requestPasswordReset: { path: "/request-password-reset", auth: "public", sites: "all" },
  resetPassword: { path: "/reset-password", auth: "public", sites: "all" },
  encourageVerifyEmail: { path: "/encourage-verify-email", auth: "public", sites: "all" },
  createFirstOrganisation: { path: "/create-first-organisation", auth: "public", sites: "all" },
  organisation: { path: "/organisation", auth: "protected", sites: "all" },
  transferOwnership: { path: "/transfer-ownership", auth: "protected", sites: "all" },
  /** The page an organisation's mailed invitation links to (issue 30); public, as the invitee may have no account yet. */
  invitation: { path: "/invitation", auth: "public", sites: "all" },
  app: { path: "/app", auth: "protected", sites: "all" },
  view: { path: "/view", auth: "public", sites: "all" },
  functions: { path: "/functions", auth: "public", sites: ["skilteplanen", "ta-planen"] },
  prices: { path: "/prices", auth: "public", sites: "all" },
  contact: { path: "/contact", auth: "public", sites: "all" },
  cases: { path: "/cases", auth: "public", sites: "all" },
  guides: { path: "/guides", auth: "public", sites: "all" },
  markingPlans: { path: "/afmaerkningsplaner", auth: "public", sites: ["skilteplanen"] },
  standardPlans: { path: "/standard-skilteplaner", auth: "public", sites: ["skilteplanen"] },
  cookiePolicy: { path: "/cookie-policy", auth: "public", sites: "all" },
  privacyPolicy: { path: "/privacy-policy", auth: "public", sites: "all" },
  termsOfService: { path: "/terms-of-service", auth: "public", sites: "all" },
  unsubscribe: { path: "/afmeld-nyhedsbrev", auth: "public", sites: "all" },
  admin: { path: "/admin", auth: "admin", sites: "all" },
  /** The admin area's key figures (issue 32); the other sections are tabs of /admin. */
  adminDashboard: { path: "/admin/dashboard", auth: "admin", sites: "all" },
  /** The project archive (issue 35); signed-in users only, like /app (the specification does not show its guard). */
  orderControl: { path: "/order-control", auth: "protected", sites: "all" },
} as const satisfies Record<string, RouteDef>;

/** Also the key of the route's title and description under `routes` in messages/. */
export type RouteId = keyof typeof ROUTES;

/** Sub-routes of /standard-skilteplaner seen in the specification. */
export const STANDARD_PLAN_SLUGS = ["motorvej", "byomraader", "aabent-land"] as const;

/**
 * The redirects of the specification (core §2). They are permanent (308) so that old links and search
 * engines move to the new paths; the target is resolved on the visitor's own site.
 */
export const REDIRECTS: Readonly<Record<string, RouteId>> = {
  "/support": "contact",
  "/kontakt": "contact",
  "/priser": "prices",
  "/privatlivspolitik": "privacyPolicy",
  "/cookiepolitik": "cookiePolicy",
  "/handelsbetingelser": "termsOfService",
  "/logind": "login",
  "/opret-bruger": "register",
  "/funktioner": "functions",
};
