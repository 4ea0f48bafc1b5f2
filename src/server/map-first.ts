/**
 * /app's HTML with Next's scripts held back until the map has drawn (the why is in
 * src/lib/map-first.ts). server.ts runs /app's document through deferApplicationScripts before Next
 * renders it: each of Next's script tags, `<script src="/_next/static/…js" async=""></script>` as React
 * writes them, becomes an inert placeholder the browser neither fetches nor runs, and the loader goes
 * in front of the first one; a preload of such a script is dropped. Everything else passes through as
 * Next wrote it, streamed as it comes: only a tag cut in two by a chunk boundary is held until its end
 * has arrived.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { StringDecoder } from "node:string_decoder";
import { beforeHeaders } from "./before-headers";
import { DEFERRED_SRC_ATTRIBUTE, mapFirstLoaderScript } from "@/lib/map-first";

/** One of Next's script tags, as React writes them for the App Router's chunks. */
const NEXT_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
/** A preload of one of those scripts (React adds one for the bootstrap script): dropped, the script itself follows. */
const NEXT_SCRIPT_PRELOAD = /<link rel="preload" as="script"(?: fetchPriority="[a-z]+")? href="\/_next\/static\/[^"<>]+\.js"\/>/g;

/** The loader, the same for every document. */
const LOADER = `<script>${mapFirstLoaderScript()}</script>`;

/** Whether the request is for /app's document (the one page where the engine draws before hydration). */
export function isMapFirstPage(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && /^\/app(?:\?|$)/.test(req.url ?? "");
}

/** Where the text can be cut without cutting a tag, or a script element, in two. */
function safeEnd(html: string): number {
  let end = html.length;
  const lastOpen = html.lastIndexOf("<");
  if (lastOpen !== -1 && html.indexOf(">", lastOpen) === -1) end = lastOpen;
  const lastScript = html.lastIndexOf("<script", end);
  if (lastScript !== -1 && html.indexOf("</script>", lastScript) === -1) end = Math.min(end, lastScript);
  return end;
}

/** The rewriting of one document, fed its text in pieces as they come. */
export class ScriptDeferrer {
  private carry = "";
  private loaderWritten = false;

  /** The next piece of the document; answers what can be sent now. */
  push(text: string): string {
    const html = this.carry + text;
    const end = safeEnd(html);
    this.carry = html.slice(end);
    return this.rewrite(html.slice(0, end));
  }

  /** The end of the document: whatever was held back. */
  flush(): string {
    const rest = this.rewrite(this.carry);
    this.carry = "";
    return rest;
  }

  private rewrite(html: string): string {
    return html.replace(NEXT_SCRIPT_PRELOAD, "").replace(NEXT_SCRIPT, (_tag, src: string) => {
      const placeholder = `<script type="text/plain" ${DEFERRED_SRC_ATTRIBUTE}="${src}"></script>`;
      if (this.loaderWritten) return placeholder;
      this.loaderWritten = true;
      return LOADER + placeholder;
    });
  }
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Rewrites the answer on `res` as it is written, when it turns out to be a successful HTML document;
 * any other answer (a redirect, an error page, JSON) passes through untouched. Install it before the
 * handler writes, and after any compression, so that it sees the text Next writes.
 */
export function deferApplicationScripts(res: ServerResponse): void {
  const write = res.write;
  const end = res.end;
  let deferrer: ScriptDeferrer | null = null;
  const decoder = new StringDecoder("utf8");

  beforeHeaders(res, (answer) => {
    if (answer.statusCode !== 200 || !/^text\/html\b/i.test(String(answer.getHeader("content-type") ?? ""))) return;
    deferrer = new ScriptDeferrer();
    answer.removeHeader("content-length"); // the rewritten document has another length
  });

  const text = (chunk: unknown, encoding: unknown): string => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return "";
    if (typeof chunk === "string") return decoder.write(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    return decoder.write(Buffer.from(chunk as Uint8Array));
  };

  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!deferrer) return write.call(this, chunk as never, encoding as never, callback as never);
    const done = (typeof encoding === "function" ? encoding : callback) as WriteCallback | undefined;
    const out = deferrer.push(text(chunk, encoding));
    if (out) return write.call(this, out, "utf8", done as never);
    if (done) process.nextTick(done);
    return true;
  } as typeof res.write;

  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!deferrer) return end.call(this, chunk as never, encoding as never, callback as never);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function") as WriteCallback | undefined;
    const out = deferrer.push(text(chunk, encoding) + decoder.end()) + deferrer.flush();
    return end.call(this, out, "utf8", done as never);
  } as typeof res.end;
}
