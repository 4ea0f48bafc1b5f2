/**
 * A local S3-compatible server for tests: s3rver (files in a temporary folder) on 127.0.0.1 at a port the
 * system picks, with one bucket, and a helper that points the app's storage at it.
 *
 * s3rver does multipart uploads (CreateMultipartUpload, UploadPart, CompleteMultipartUpload) but not
 * AbortMultipartUpload (it answers 405 MethodNotAllowed) nor ListMultipartUploads (501 NotImplemented).
 * lib-storage sends the first when an upload fails, and a test checks with the second that nothing is left,
 * so both are answered here, on s3rver's own folder of unfinished uploads, before a request reaches it.
 * Those two skip s3rver's signature check; everything else goes through it.
 */
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "@/server/config";
import type { FileStorage } from "@/server/storage";

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A client for looking into the bucket as a test (the app has its own). */
  client: S3Client;
  /** Every key in the bucket. */
  listKeys(): Promise<string[]>;
  /** The unfinished multipart uploads (ListMultipartUploads), by key. */
  listMultipartUploads(): Promise<string[]>;
  /** Every request received, as "METHOD /path?query" (which calls an upload made). */
  requests: string[];
  /** The upload ids an AbortMultipartUpload was received for. */
  aborted: string[];
  stop(): Promise<void>;
}

/** s3rver's fixed credentials. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startS3Server(bucket = "plans-test"): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  // Where s3rver's filesystem store keeps an upload's parts until it is completed (stores/filesystem.js).
  const uploads = path.join(directory, bucket, "._S3rver_uploads");
  const aborted: string[] = [];
  const requests: string[] = [];

  async function abortUpload(uploadId: string, res: ServerResponse) {
    aborted.push(uploadId);
    const dir = path.join(uploads, uploadId);
    if (!/^[a-f0-9]+$/.test(uploadId) || !(await stat(dir).catch(() => null))) {
      res.writeHead(404, { "content-type": "application/xml" });
      res.end(xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`));
      return;
    }
    await rm(dir, { recursive: true, force: true });
    res.writeHead(204).end();
  }

  async function listUploads(prefix: string, res: ServerResponse) {
    const ids = await readdir(uploads).catch(() => [] as string[]);
    const entries: string[] = [];
    for (const id of ids) {
      const key = await readFile(path.join(uploads, id, "key"), "utf8").catch(() => null);
      if (key !== null && key.startsWith(prefix)) {
        entries.push(`<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></Upload>`);
      }
    }
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(
      xml(
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket>` +
          `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries.join("")}</ListMultipartUploadsResult>`,
      ),
    );
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://localhost");
    const [, first, ...rest] = url.pathname.split("/");
    const uploadId = url.searchParams.get("uploadId");
    if (req.method === "DELETE" && first === bucket && rest.length > 0 && uploadId !== null) {
      void abortUpload(uploadId, res);
    } else if (req.method === "GET" && first === bucket && rest.join("") === "" && url.searchParams.has("uploads")) {
      void listUploads(url.searchParams.get("prefix") ?? "", res);
    } else {
      handle(req, res);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Port 0: a free port chosen by the system, so parallel test files never collide.
    server.listen(0, "127.0.0.1", resolve);
  });
  // Never what keeps a test process alive, should a test forget to stop it.
  server.unref();
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });

  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    client,
    requests,
    aborted,
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async listMultipartUploads() {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (page.Uploads ?? []).map((upload) => upload.Key!);
    },
    async stop() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const S3_SETTINGS = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
];

const shared = globalThis as typeof globalThis & { __planStorage?: FileStorage };

/**
 * Runs the test file (or the describe block it is called in) with the app's files in a local S3 server:
 * the S3_* settings are set before the tests and the configuration and the storage read again, and both
 * are restored afterwards. Answers the server (once the tests have started).
 */
export function withS3Storage(options: { prefix?: string } = {}): { readonly server: S3TestServer } {
  let server: S3TestServer | undefined;
  const saved: Record<string, string | undefined> = {};
  const reset = () => {
    reloadConfig();
    delete shared.__planStorage;
  };
  beforeAll(async () => {
    server = await startS3Server();
    for (const name of S3_SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: options.prefix ?? "",
    });
    reset();
  });
  afterAll(async () => {
    for (const name of S3_SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    reset();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("the S3 server starts in beforeAll: use it inside a test");
      return server;
    },
  };
}
