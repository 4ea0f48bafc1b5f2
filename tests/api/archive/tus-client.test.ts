/**
 * tus-js-client (the client the screen uses) against the archive's tus route handler over real HTTP: the
 * server drops the connection half-way through the first PATCH, and the client, as after a dropped mobile
 * connection, asks the offset (HEAD) and resumes from there; the stored file is the original.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tus from "tus-js-client";
import * as uploads from "@/app/api/archive/uploads/[[...id]]/route";
import { ARCHIVE_TUS_PATH, TUS_CHUNK_BYTES, type ArchiveFileDto } from "@/lib/schemas/archive";
import { createUser } from "../../support/users";
import { download, getContents, newProject } from "./support";

let server: Server;
let base = "";
/** Bytes of PATCH bodies the server has received, and whether it has cut one off yet. */
let received = 0;
let cutAfter = Number.POSITIVE_INFINITY;
const methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const method = req.method as "POST" | "PATCH" | "HEAD" | "DELETE";
      methods.push(method);
      const segments = (req.url ?? "").slice(ARCHIVE_TUS_PATH.length).split("/").filter(Boolean);
      if (method === "PATCH")
        req.on("data", (chunk: Buffer) => {
          received += chunk.byteLength;
          // The connection drops (a train enters a tunnel): the socket goes, nothing is answered.
          if (received > cutAfter) {
            cutAfter = Number.POSITIVE_INFINITY;
            req.socket.destroy();
          }
        });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      headers.set("host", "skilteplanen.localhost:3000");
      const hasBody = method === "POST" || method === "PATCH";
      const request = new Request(`http://skilteplanen.localhost:3000${req.url}`, {
        method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
      const response = await uploads[method](request, { params: Promise.resolve(segments.length ? { id: segments } : {}) });
      if (res.destroyed) return;
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("tus-js-client against the archive", () => {
  it("resumes after the connection dropped half-way through a chunk, and the stored file is the original", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const original = randomBytes(2 * TUS_CHUNK_BYTES + 4321);
    received = 0;
    cutAfter = TUS_CHUNK_BYTES / 2;
    const progress: number[] = [];
    const result = await new Promise<ArchiveFileDto>((resolve, reject) => {
      const upload = new tus.Upload(original, {
        endpoint: `${base}${ARCHIVE_TUS_PATH}`,
        chunkSize: TUS_CHUNK_BYTES,
        retryDelays: [0, 100, 500],
        headers: { authorization: `Bearer ${user.token}` },
        metadata: { projectId: String(projectId), filename: "Tegningssæt.pdf", filetype: "application/pdf" },
        onProgress: (sent) => progress.push(sent),
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()) as ArchiveFileDto),
      });
      upload.start();
    });
    expect(result).toMatchObject({ name: "Tegningssæt.pdf", folderId: null });
    expect(result.versions[0]).toMatchObject({ size: original.byteLength, contentType: "application/pdf" });
    // The drop made the client ask where to go on from, and not start over.
    expect(methods.filter((m) => m === "POST")).toHaveLength(1);
    expect(methods).toContain("HEAD");
    expect(received).toBeLessThan(original.byteLength + TUS_CHUNK_BYTES);

    const got = await download(user.token, result.versions[0]!.fileUrl);
    const hash = createHash("sha256")
      .update(new Uint8Array(await got.arrayBuffer()))
      .digest("hex");
    expect(hash).toBe(createHash("sha256").update(original).digest("hex"));
    expect((await getContents(user.token, projectId)).json.files).toHaveLength(1);
  });
});
