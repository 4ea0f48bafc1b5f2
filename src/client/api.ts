"use client";
/**
 * The one API client of the browser (core §7, §8): every call carries the site header and the stored
 * bearer token, answers are parsed as JSON (and checked with a zod schema when one is given), and a
 * failure is thrown as an ApiRequestError after the shared error handling has run:
 * - on pages whose path contains login or register nothing is handled: those pages show their errors;
 * - a 401, or a message containing 'jwt expired', ends the session: the logged-out toast, the token
 *   removed, and the login page (remembering where the user was);
 * - any other failure with a message is shown as an error toast, except the "not in an organisation"
 *   message, which is never toasted. A call can opt out of the toast with `toast: false`.
 */
import { toast } from "react-toastify";
import type { ZodType } from "zod";
import { currentPath, isAuthPage, loginHref } from "./return-path";
import { endSessionHere, readToken } from "./session";
import { retryAfterMs } from "@/lib/retry-after";
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";

/** A failed call: an error answer of the API, or no usable answer at all (status 0). */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** Already in the user's language: the server's `message`, or the client's own text. */
    message: string,
    /** The answer's `code` (e.g. USER_ON_SISTER_SITE), or the client's NETWORK_ERROR / INVALID_RESPONSE. */
    readonly code: string | undefined,
    /** The parsed answer; null when there was none or it was not JSON. */
    readonly body: unknown,
    /** The wait the answer's Retry-After asks for (a 429 or 503), in ms; null without one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export const NETWORK_ERROR = "NETWORK_ERROR";
export const INVALID_RESPONSE = "INVALID_RESPONSE";

export interface ApiCallOptions<T> {
  /** Checks the shape of a successful answer; a mismatch fails with code INVALID_RESPONSE. */
  schema?: ZodType<T>;
  /**
   * Checks a successful answer without copying it (a plan's answer is large, and the page keys what it
   * knows about the answer by the object itself); false fails with code INVALID_RESPONSE.
   */
  accept?: (data: unknown) => boolean;
  /**
   * false: no error toast for this call, because the caller shows the error next to the form it
   * belongs to. A 401 still ends the session.
   */
  toast?: boolean;
  /** false: skip the shared handling entirely, as the public plan view does (core §7). */
  sharedHandling?: boolean;
  /** Send this bearer token instead of the stored one (a plan's view token); null sends none. */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * Send a JSON body of COMPRESS_FROM_BYTES or more gzipped (`Content-Encoding: gzip`), where the browser
   * can (CompressionStream); the server unpacks it (readJsonLimited). For plan saves: a plan's JSON
   * shrinks to about a quarter, and uplinks are the slow direction.
   */
  compressBody?: boolean;
}

/** Smaller bodies go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 16 * 1024;

/** `json` gzipped, or null where the browser has no CompressionStream. */
async function gzipped(json: string): Promise<Blob | null> {
  if (typeof CompressionStream === "undefined") return null;
  return new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
}

/** What the client needs from the React tree: the site, translated texts and client-side navigation. */
export interface ApiClientConfig {
  site: SiteId;
  texts: {
    /** 'Du er blevet logget ud. Log venligst ind igen.' */
    loggedOut: string;
    /** 'Du er ikke tilknyttet en organisation', which is never toasted (core §8). */
    notInOrganisation: string;
    networkError: string;
    unexpectedError: string;
  };
  navigate: (href: string) => void;
}

let config: ApiClientConfig | null = null;

/** Called by <Providers> while it renders, so the site header is known before any child makes a call. */
export function configureApiClient(next: ApiClientConfig): void {
  config = next;
}

/** One logged-out notice however many calls fail together. */
const LOGGED_OUT_TOAST_ID = "logged-out";

/**
 * Ends the session after the server refused the token (or the guard found it unusable): the notice,
 * the token removed, and the login page unless the user is on login or register already.
 */
export function endSession(): void {
  endSessionHere();
  if (config?.texts.loggedOut) toast.error(config.texts.loggedOut, { toastId: LOGGED_OUT_TOAST_ID });
  if (!isAuthPage(window.location.pathname)) navigate(loginHref(currentPath()));
}

function navigate(href: string): void {
  if (config) config.navigate(href);
  else window.location.assign(href);
}

function isNotInOrganisation(message: string): boolean {
  return message === config?.texts.notInOrganisation || message === "Du er ikke tilknyttet en organisation";
}

function handleFailure(error: ApiRequestError, options: Pick<ApiCallOptions<unknown>, "toast" | "sharedHandling">): ApiRequestError {
  if (options.sharedHandling === false || isAuthPage(window.location.pathname)) return error;
  if (error.status === 401 || /jwt expired/i.test(error.message)) {
    endSession();
    return error;
  }
  if (options.toast !== false && error.message && !isNotInOrganisation(error.message)) {
    // The message as id: the same failure from calls made together is shown once.
    toast.error(error.message, { toastId: `api-error:${error.message}` });
  }
  return error;
}

function apiUrl(path: string): string {
  if (path.startsWith("/api/")) return path;
  return `/api${path.startsWith("/") ? "" : "/"}${path}`;
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

async function request<T>(method: string, path: string, body: unknown, options: ApiCallOptions<T> = {}): Promise<T> {
  const headers = new Headers({ Accept: "application/json" });
  if (config) headers.set(SITE_HEADER, config.site);
  const token = options.token !== undefined ? options.token : readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    const json = JSON.stringify(body);
    const packed = options.compressBody && json.length >= COMPRESS_FROM_BYTES ? await gzipped(json).catch(() => null) : null;
    if (packed) headers.set("Content-Encoding", "gzip");
    payload = packed ?? json;
  }

  const unexpected = config?.texts.unexpectedError ?? "";
  let status: number;
  let data: unknown;
  let retryAfter: number | null;
  try {
    const res = await fetch(apiUrl(path), { method, headers, body: payload, signal: options.signal, credentials: "same-origin" });
    status = res.status;
    retryAfter = retryAfterMs(res.headers.get("retry-after"));
    data = await readJsonBody(res);
    if (options.signal?.aborted) throw options.signal.reason;
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller gave up; nothing to tell the user
    throw handleFailure(new ApiRequestError(0, config?.texts.networkError ?? "", NETWORK_ERROR, null), options);
  }

  if (status < 200 || status > 299) {
    throw handleFailure(new ApiRequestError(status, field(data, "message") ?? unexpected, field(data, "code"), data, retryAfter), options);
  }
  if (options.accept && !options.accept(data)) {
    console.error(`${method} ${path}: unexpected answer`);
    throw handleFailure(new ApiRequestError(status, unexpected, INVALID_RESPONSE, data), options);
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`${method} ${path}: unexpected answer`, parsed.error);
    throw handleFailure(new ApiRequestError(status, unexpected, INVALID_RESPONSE, data), options);
  }
  return parsed.data;
}

/** `api.post("/auth/login", body, { schema })`: paths are those of core §7, with or without /api. */
export const api = {
  get: <T = unknown>(path: string, options?: ApiCallOptions<T>) => request<T>("GET", path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: ApiCallOptions<T>) => request<T>("POST", path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: ApiCallOptions<T>) => request<T>("PUT", path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: ApiCallOptions<T>) => request<T>("PATCH", path, body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: ApiCallOptions<T>) => request<T>("DELETE", path, body, options),
};

/**
 * The message to show for a failed call: the API's own for a refusal (4xx, already translated) and
 * the client's for no connection; the caller's more specific text for a server fault or anything else.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError) || !error.message || error.code === INVALID_RESPONSE) return fallback;
  return error.status === 0 || (error.status >= 400 && error.status < 500) ? error.message : fallback;
}

/** The JSON of an answer, or null when it has none or it is not JSON (an error page of a proxy). */
async function readJsonBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
