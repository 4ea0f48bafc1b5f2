/**
 * Opening a plan before the page has hydrated. /app's HTML asks for the plan with an inline script
 * (src/client/early-plan.ts) and loads this engine as a module of its own; the engine does not wait for
 * React, Next or MUI. When the plan arrives it is validated with the registry's schema (unless the
 * server vouched for it, src/lib/content-schema.ts), and the map is built and drawn in a box over the
 * page's loading screen where the editor's map will be. When the React editor mounts it adopts this
 * session (store, map, layers) and moves the map into its own box: nothing is built twice, and the
 * first frame does not wait for the application's shell.
 *
 * Anything unexpected (no early request, an error answer, content that does not validate, a map that
 * cannot be made) leaves everything to the page, which then fetches, reports and builds as it would
 * without the engine's head start.
 *
 * Meanwhile the page's own scripts wait (src/lib/map-first.ts): the boot releases them once the map
 * has rendered its first frame, or at once when it will not draw.
 */
import { EditorSession } from "./session";
import { loadSignLibrary } from "./sign-library-loader";
import { unByKey } from "ol/Observable";
import { readEarlyPlanRequest, recordEarlyParsedContent, type EarlyPlanAnswer } from "@/client/early-plan";
import { releaseApplicationScripts } from "@/lib/map-first";
import { validContent } from "@/client/plan-content";
import { MAP_BOX_STORAGE_KEY } from "@/client/storage-keys";
import { parsePlanContent, type PlanContent } from "@/lib/elements/plan-content";
import { isSiteId, type SiteId } from "@/sites/site-ids";

/** The editor's toolbar on one row (its usual height on a laptop); used until the editor has measured it here. */
const TOOLBAR_ESTIMATE_PX = 49;
/** Over the loading screen, under the header's menus and every dialog (MUI's lowest is the app bar, 1100). */
const HOST_Z_INDEX = "1";

interface Booted {
  planId: number;
  version: number;
  session: EditorSession;
}

let booted: Booted | null = null;

/** Where the editor's map box was, last time it was measured in this browser at this window width. */
export interface MapBox {
  /** Window width when measured (a different width may wrap the toolbar differently). */
  width: number;
  /** Top of the map box from the top of the window, in CSS pixels. */
  top: number;
}

/** Remembers the map box's top for the next open (the editor calls it after it has laid out). */
export function rememberMapBox(element: HTMLElement): void {
  try {
    const box: MapBox = { width: window.innerWidth, top: Math.round(element.getBoundingClientRect().top) };
    localStorage.setItem(MAP_BOX_STORAGE_KEY, JSON.stringify(box));
  } catch {
    // storage full or blocked: the next open estimates again
  }
}

function mapBoxTop(): number {
  try {
    const stored = JSON.parse(localStorage.getItem(MAP_BOX_STORAGE_KEY) ?? "null") as Partial<MapBox> | null;
    if (stored && stored.width === window.innerWidth && typeof stored.top === "number" && stored.top >= 0 && stored.top < window.innerHeight / 2) return stored.top;
  } catch {
    // unreadable: estimate
  }
  const main = document.getElementById("main");
  return Math.round(main ? main.getBoundingClientRect().top : 64) + TOOLBAR_ESTIMATE_PX;
}

function createHost(): HTMLElement {
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  host.dataset.planBoot = "";
  host.style.cssText = `position:fixed;left:0;right:0;bottom:0;top:${mapBoxTop()}px;z-index:${HOST_Z_INDEX};background:#eef1f4`;
  // A child of <body>, outside React's tree: React 19 skips unknown nodes in <body> when it hydrates.
  document.body.appendChild(host);
  return host;
}

/** The session drawn for the answer, or null when the answer is not one the engine draws. */
function open(planId: number, site: SiteId, answer: EarlyPlanAnswer): EditorSession | null {
  performance.mark("engine:answer");
  const { status, body } = answer;
  if (status !== 200 || typeof body !== "object" || body === null) return null;
  const dto = body as { id?: unknown; version?: unknown; content?: unknown; backgroundKind?: unknown; paperSize?: unknown; scale?: unknown };
  if (dto.id !== planId || typeof dto.version !== "number") return null;
  // Content the server vouched for (src/lib/content-schema.ts) is used as it came; any other is validated.
  const parsed = answer.validated ? validContent(dto.content as PlanContent) : parsePlanContent(dto.content);
  if (!parsed.success) return null; // the page shows the error in words
  performance.mark("engine:parsed");
  recordEarlyParsedContent(body, parsed.data);
  const background =
    dto.backgroundKind === null || dto.backgroundKind === undefined
      ? null
      : { paperSize: typeof dto.paperSize === "string" ? dto.paperSize : null, scale: typeof dto.scale === "string" ? dto.scale : null };
  const host = createHost();
  try {
    const session = EditorSession.open(host, parsed.data, { site, background }, { ownsTarget: true });
    booted = { planId, version: dto.version, session };
    performance.mark("engine:session");
    return session;
  } catch (error) {
    host.remove();
    console.error("The plan could not be drawn ahead of the page; the editor will draw it.", error);
    return null;
  }
}

/** Calls `then` once the session's map has rendered a frame (OpenLayers' first postrender with a frame state). */
function afterFirstFrame(session: EditorSession, then: () => void): void {
  const key = session.map.on("postrender", (event) => {
    if (!event.frameState) return;
    unByKey(key);
    then();
  });
}

function hasSigns(body: unknown): boolean {
  const content = typeof body === "object" && body !== null ? (body as { content?: { signs?: unknown } }).content : undefined;
  return Array.isArray(content?.signs) && content.signs.length > 0;
}

/** Runs once, when the engine's module is evaluated in a page that made the early plan request. */
export function boot(): void {
  // User Timing marks, for the open benchmark's trace (bench/editor.mjs) and the browser's profiler.
  performance.mark("engine:boot");
  // On /app the application's own scripts wait until the map is drawn, or until the engine knows it
  // draws nothing (src/lib/map-first.ts): every way out of here releases them.
  const early = readEarlyPlanRequest();
  const site = early?.site;
  if (!early || !isSiteId(site)) return release();
  early.answer.then(
    async (answer) => {
      // A plan with signs waits for the sign library (downloading since the engine started), so its first
      // frame shows every sign's picture.
      if (hasSigns(answer.body)) await loadSignLibrary().catch(() => {});
      // The page may have moved on meanwhile (client-side navigation): draw only where it was asked for.
      const session = location.pathname === "/app" ? open(early.planId, site, answer) : null;
      if (session) afterFirstFrame(session, release);
      else release();
    },
    () => {
      // no answer: the page's API client reports the network error
      release();
    },
  );
}

/** The map is drawn, or will not be: the application's scripts and the sign library may run now. */
function release(): void {
  releaseApplicationScripts();
  loadSignLibrary().catch(() => {}); // the editor loads it again and reports a failure
}

/**
 * The session the boot opened for this plan at this version, or null (the editor opens its own). Pure,
 * so a render may call it more than once (React may throw a render away and run it again); the editor
 * claims the session when it mounts (claimBootedSession), and moves the map into its own box with
 * `attach`, which also removes the boot's box.
 */
export function bootedSessionFor(planId: number, version: number): EditorSession | null {
  const current = booted;
  return current && current.planId === planId && current.version === version && !current.session.isDisposed() ? current.session : null;
}

/** The editor has taken `session` over: the boot forgets it. */
export function claimBootedSession(session: EditorSession): void {
  if (booted?.session === session) booted = null;
}

/** Closes a booted session nobody took (the page shows something else: an error, another plan). */
export function discardBootedSession(): void {
  booted?.session.dispose();
  booted = null;
}
