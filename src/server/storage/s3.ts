import "server-only";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { log } from "../log";
import type { FileStorage } from "./index";
import { isStorageKey, newStorageKey } from "./keys";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible store's URL; unset: Amazon S3 in `region`. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://host/bucket/key rather than https://bucket.host/key (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle?: boolean;
  /** A folder in the bucket the keys are put under ("archive" → "archive/<key>"); unset: the bucket's root. */
  prefix?: string;
}

/**
 * A stream is sent in parts of this size, at most QUEUE_SIZE at once; reading waits while they are all
 * on their way, so an upload holds about (QUEUE_SIZE + 1) × PART_SIZE (15 MiB) whatever its size. 5 MiB
 * is S3's smallest part; with its 10,000 parts that is files up to 48 GiB, far above any upload limit.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const DEFAULT_TYPE = "application/octet-stream";

/**
 * Connections to S3 at once. A streamed download holds one for as long as its client takes to read the
 * file (minutes on a site's mobile network); at the SDK's default of 50, fifty slow downloads would make
 * every other read (a sign image, a logo) wait for one to end.
 */
const MAX_SOCKETS = 256;

/** Gone (or never there): the caller answers 404. A missing bucket is a configuration error, thrown. */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket";
}

/**
 * Files in an S3 bucket under the same random keys as on the local disk. S3 answers a PUT (or a completed
 * multipart upload) only once the object is stored durably, which is the promise FileStorage makes.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint || undefined,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // On Amazon a bucket in another region than S3_REGION is still found rather than every call failing.
    followRegionRedirects: !options.endpoint,
    // A store that does not answer fails the request in 10 s instead of holding it (and its user) open.
    requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: MAX_SOCKETS }, httpsAgent: { maxSockets: MAX_SOCKETS } },
    // The SDK's default adds CRC checksums to every upload (streamed ones as aws-chunked trailers), which
    // several S3-compatible stores refuse or store wrongly; Amazon itself keeps the default.
    ...(options.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const objectKey = (key: string) => `${prefix}${key}`;

  async function getObject(key: string): Promise<GetObjectCommandOutput | null> {
    if (!isStorageKey(key)) return null;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Sends `body` in parts (one PUT when it is small) and answers once S3 has the whole object. */
  async function upload(key: string, body: Readable, contentType: string): Promise<void> {
    await new Upload({
      client,
      params: { Bucket, Key: objectKey(key), Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed upload is aborted, so S3 keeps (and bills) none of its parts.
      leavePartsOnError: false,
    }).done();
  }

  return {
    async put(data, contentType) {
      const key = newStorageKey();
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.byteLength }),
      );
      return key;
    },
    async putFile(from, contentType) {
      const key = newStorageKey();
      await upload(key, createReadStream(from), contentType);
      // Only once stored: a failed upload leaves the file to the caller, who removes its temporary folder.
      await rm(from, { force: true });
      return key;
    },
    async putStream(body, contentType) {
      const key = newStorageKey();
      let size = 0;
      let sourceError: unknown;
      async function* counted() {
        try {
          for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
            size += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
            yield chunk;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      try {
        await upload(key, Readable.from(counted()), contentType);
        return { key, size };
      } catch (error) {
        body.destroy();
        if (sourceError === undefined) throw error;
        // The upload failed because its source did; lib-storage then reports the abort's failure instead,
        // if that failed too. The source's error is the one that explains it; the parts left behind need
        // the bucket's rule for incomplete uploads (README, "File storage").
        if (error !== sourceError) log.error("storage", `aborting the failed S3 upload of ${key} failed too`, error);
        throw sourceError;
      }
    },
    /** The caller must read the stream to its end or destroy it: until then it holds one of the connections. */
    async open(key) {
      const object = await getObject(key);
      if (!object) return null;
      const stream = object.Body;
      if (!(stream instanceof Readable) || object.ContentLength === undefined) {
        (stream as Readable | undefined)?.destroy?.();
        throw new Error(`S3 answered GetObject ${objectKey(key)} without a body stream or its length`);
      }
      return { stream, contentType: object.ContentType || DEFAULT_TYPE, size: object.ContentLength };
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const data = Buffer.from(await object.Body.transformToByteArray());
      return { data, contentType: object.ContentType || DEFAULT_TYPE };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      // S3 answers 204 for a key that is not there, so deleting twice is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
