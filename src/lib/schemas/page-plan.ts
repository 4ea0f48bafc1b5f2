/**
 * A plan handed to /app by the server component that renders it and /view (src/server/signplans/page-plan.ts).
 * Never parsed from outside: it travels inside React's own payload of the page.
 */
export interface PagePlan {
  id: number;
  /**
   * The page's cookie user: the client uses the plan only when its bearer token is of the same user.
   * Null on /view, where the view token in the address is the credential.
   */
  userId: number | null;
  /** GET /signplan/{id}'s answer for that user, as the route sends it. */
  json: string;
  /** The content is unchanged since a save validated it against today's schema: the browser skips its own check. */
  validated: boolean;
}
