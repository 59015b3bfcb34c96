import { listS3Parts } from "./s3-list-parts.js";
import { presignS3Url, r2ListPartsUrl, r2PartUrl } from "./s3-presign.js";
import { type MediaStorage, type MultipartStorage, PartsRejectedError, assertStorageKey, concatBytes, exactLength } from "./types.js";

/*
 * The part of Cloudflare's R2 bucket binding this storage uses, typed here so that src/ needs no
 * @cloudflare/workers-types (the Worker's `MEDIA` binding satisfies it at runtime).
 */
interface R2HttpMetadata {
  contentType?: string;
}
interface R2UploadedPart {
  partNumber: number;
  etag: string;
}
interface R2MultipartUpload {
  readonly uploadId: string;
  uploadPart(partNumber: number, value: Uint8Array | ReadableStream<Uint8Array>): Promise<R2UploadedPart>;
  complete(parts: R2UploadedPart[]): Promise<{ size: number }>;
  abort(): Promise<void>;
}
export interface R2BucketBinding {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: R2HttpMetadata }): Promise<unknown>;
  get(key: string, options?: { range?: { offset: number; length: number } }): Promise<{ body: ReadableStream<Uint8Array>; size: number; httpMetadata?: R2HttpMetadata } | null>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; delimiter: string; cursor?: string }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
  createMultipartUpload(key: string, options?: { httpMetadata?: R2HttpMetadata }): Promise<R2MultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): R2MultipartUpload;
}

/** R2's S3 API access (an R2 API token's key pair): lets clients PUT parts to presigned URLs. */
export interface R2S3Access {
  accountId: string;
  /** The bucket's name as R2 knows it (the binding does not tell it). */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long a presigned part URL works: one 8 MiB part at a slow 20 kB/s still fits; GET the session for fresh URLs. */
export const PRESIGNED_PART_SECONDS = 3600;

/*
 * R2's codes (in the binding's error messages, as "(10025)") for parts it will not join:
 * InvalidPart (no part with that number and ETag), EntityTooSmall (a part but the last under
 * 5 MiB), BadUpload (parts but the last of different sizes, or the last larger than them).
 */
const PART_REFUSALS: Record<string, string> = {
  "10025": "a part is not held under that number and ETag",
  "10011": "a part other than the last is smaller than 5 MiB",
  "10048": "the parts other than the last differ in size, or the last is larger than them",
};

function partRefusal(error: unknown): PartsRejectedError | null {
  const code = /\((10025|10011|10048)\)/.exec(error instanceof Error ? error.message : String(error))?.[1];
  const reason = code ? PART_REFUSALS[code] : undefined;
  return reason ? new PartsRejectedError(reason) : null;
}

/** Workers' stream of a promised length: R2 takes a part's stream only when its length is known. */
type FixedLengthStreamConstructor = new (length: number) => TransformStream<Uint8Array, Uint8Array>;

/**
 * Upload sessions in R2 through the binding's multipart API. With S3 access the client PUTs
 * each part to a presigned URL and the bytes never pass through the Worker; parts sent to the
 * API's own URL (always possible) pass through it, one request per part, streamed to R2
 * without being held. R2 wants every part but the last of one size, at least 5 MiB, which the
 * session's part size meets. A part of the wrong length is refused by the FixedLengthStream.
 */
function r2Multipart(bucket: R2BucketBinding, s3: R2S3Access | undefined, fetch: typeof globalThis.fetch, listPageSize: number | undefined): MultipartStorage {
  const credentials = s3 && { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: "auto" };
  const presign: MultipartStorage["presign"] = s3 &&
    credentials && {
      expiresSeconds: PRESIGNED_PART_SECONDS,
      async partUrl(key, uploadId, number, now) {
        const url = r2PartUrl(s3.accountId, s3.bucket, key, uploadId, number);
        return (await presignS3Url({ method: "PUT", url, credentials, now, expiresSeconds: PRESIGNED_PART_SECONDS })).toString();
      },
      // The binding has no ListParts: R2's S3 API is asked, with the same credentials.
      listParts: (key, uploadId, now) =>
        listS3Parts({
          fetch,
          credentials,
          now,
          pageUrl: (marker, maxParts) => r2ListPartsUrl(s3.accountId, s3.bucket, key, uploadId, marker, maxParts),
          ...(listPageSize ? { pageSize: listPageSize } : {}),
        }),
    };
  return {
    ...(presign ? { presign } : {}),
    async create(key, meta) {
      assertStorageKey(key);
      const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: meta.contentType } });
      return { uploadId: upload.uploadId };
    },
    async put(key, uploadId, number, body, length) {
      const Fixed = (globalThis as { FixedLengthStream?: FixedLengthStreamConstructor }).FixedLengthStream;
      let value: ReadableStream<Uint8Array> = exactLength(body, length);
      if (Fixed) {
        const fixed = new Fixed(length);
        void value.pipeTo(fixed.writable).catch(() => {});
        value = fixed.readable;
      }
      const part = await bucket.resumeMultipartUpload(key, uploadId).uploadPart(number, value);
      return { number: part.partNumber, etag: part.etag };
    },
    async complete(key, uploadId, parts) {
      try {
        const done = await bucket.resumeMultipartUpload(key, uploadId).complete(parts.map((part) => ({ partNumber: part.number, etag: part.etag })));
        return { size: done.size };
      } catch (error) {
        throw partRefusal(error) ?? error;
      }
    },
    async abort(key, uploadId) {
      await bucket
        .resumeMultipartUpload(key, uploadId)
        .abort()
        .catch(() => {});
    },
  };
}

/** R2 wants every part but the last of one size, at least 5 MiB. */
const DEFAULT_PART_BYTES = 10 * 1024 * 1024;

/** One part's bytes: a part that arrived as one chunk is sent as it is, without a copy. */
function concat(chunks: Uint8Array[], total: number): Uint8Array {
  return chunks.length === 1 && chunks[0] ? chunks[0] : concatBytes(chunks, total);
}

/**
 * Media files in an R2 bucket (the Worker). R2's `put` needs a stream of known length, and an
 * upload's length is known only once it is read (chunked bodies have none, and the size cap
 * wraps the body in a stream of unknown length), so a stream is sent as a multipart upload in
 * parts of `partBytes`: memory stays near one part whatever the file size. A file that fits in
 * one part is a single `put`. A failed stream aborts the multipart upload, so nothing is kept.
 */
export function createR2MediaStorage(
  bucket: R2BucketBinding,
  options: {
    partBytes?: number;
    s3?: R2S3Access;
    /** How the S3 API is reached (the Worker's fetch). */
    fetch?: typeof globalThis.fetch;
    /** Parts per ListParts call; S3's ceiling, 1,000, unless a test pages sooner. */
    listPageSize?: number;
  } = {},
): MediaStorage {
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  return {
    async put(key, body, meta) {
      assertStorageKey(key);
      const httpMetadata = { contentType: meta.contentType };
      if (body instanceof Uint8Array) {
        await bucket.put(key, body, { httpMetadata });
        return { size: body.byteLength };
      }
      const reader = body.getReader();
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      let size = 0;
      let upload: R2MultipartUpload | null = null;
      const parts: R2UploadedPart[] = [];
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          pending.push(value);
          pendingBytes += value.byteLength;
          while (pendingBytes >= partBytes) {
            const joined = concat(pending, pendingBytes);
            upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
            parts.push(await upload.uploadPart(parts.length + 1, joined.slice(0, partBytes)));
            const rest = joined.subarray(partBytes);
            pending = rest.byteLength > 0 ? [rest] : [];
            pendingBytes = rest.byteLength;
          }
        }
        const last = concat(pending, pendingBytes);
        if (!upload) {
          await bucket.put(key, last, { httpMetadata });
          return { size };
        }
        if (last.byteLength > 0) parts.push(await upload.uploadPart(parts.length + 1, last));
        await upload.complete(parts);
        return { size };
      } catch (error) {
        await upload?.abort().catch(() => {});
        throw error;
      }
    },

    async get(key, range) {
      assertStorageKey(key);
      const object = await bucket.get(key, range ? { range } : undefined);
      if (!object) return null;
      return { body: object.body, size: object.size, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
    },

    async delete(key) {
      assertStorageKey(key);
      await bucket.delete(key);
    },

    async list(folder) {
      assertStorageKey(folder);
      const keys: string[] = [];
      let cursor: string | undefined;
      // The delimiter keeps sub-folders' files out; a truncated page goes on from its cursor.
      for (;;) {
        const page = await bucket.list({ prefix: `${folder}/`, delimiter: "/", ...(cursor ? { cursor } : {}) });
        keys.push(...page.objects.map((o) => o.key));
        if (!page.truncated || !page.cursor) return keys;
        cursor = page.cursor;
      }
    },
    multipart: r2Multipart(bucket, options.s3, options.fetch ?? ((input, init) => fetch(input, init)), options.listPageSize),
  };
}
