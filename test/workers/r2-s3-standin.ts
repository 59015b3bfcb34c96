/**
 * A stand-in for R2's S3 endpoint (`https://<account>.r2.cloudflarestorage.com`) over miniflare's
 * R2 binding, for what a Worker cannot get from miniflare: a client's PUT to a presigned part URL
 * (S3 UploadPart) and the server's ListParts. Built from AWS's S3 API reference (UploadPart,
 * ListParts request and response syntax, the Error response) and R2's S3 compatibility page
 * (ListParts with max-parts and part-number-marker; region `auto`), not from Chorus's adapter.
 * It refuses what R2 refuses: a bad or expired signature, an unknown key (SigV4 checked by
 * test/support/sigv4-verify.ts), an upload id it does not hold (NoSuchUpload, also once the upload
 * was completed or aborted), another bucket. Parts land in the binding's own multipart upload,
 * so the Worker's complete joins them with the ETags the binding gave, as R2 would.
 */
import { verifySigV4 } from "../support/sigv4-verify.js";

interface UploadedPart {
  partNumber: number;
  etag: string;
}
interface MultipartUpload {
  readonly uploadId: string;
  uploadPart(partNumber: number, value: Uint8Array | ReadableStream<Uint8Array>): Promise<UploadedPart>;
  complete(parts: UploadedPart[]): Promise<{ size: number }>;
  abort(): Promise<void>;
}
/** The binding's surface Chorus uses (src/infra/media-storage/r2-storage.ts R2BucketBinding). */
export interface StandInBucket {
  put(key: string, value: Uint8Array, options?: unknown): Promise<unknown>;
  get(key: string, options?: unknown): Promise<{ body: ReadableStream<Uint8Array>; size: number; arrayBuffer(): Promise<ArrayBuffer> } | null>;
  delete(key: string): Promise<void>;
  createMultipartUpload(key: string, options?: unknown): Promise<MultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): MultipartUpload;
}

interface HeldPart {
  number: number;
  etag: string;
  size: number;
  at: Date;
}

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const s3Error = (status: number, code: string, message: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`, { status, headers: { "content-type": "application/xml" } });

async function bytesOf(value: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return value instanceof Uint8Array ? value : new Uint8Array(await new Response(value).arrayBuffer());
}

export interface R2S3StandIn {
  /** The binding to give the Worker (MEDIA): miniflare's, with the multipart uploads it starts recorded. */
  bucket: StandInBucket;
  /** The S3 endpoint: route the Worker's and the client's requests for `host` here. */
  fetch(request: Request): Promise<Response>;
  host: string;
  /** Each S3 request answered: operation and status, in order. */
  seen: { operation: string; status: number }[];
}

export function r2S3StandIn(options: { accountId: string; bucketName: string; accessKeyId: string; secretAccessKey: string; binding: StandInBucket; now?: () => Date }): R2S3StandIn {
  const { binding, bucketName } = options;
  const host = `${options.accountId}.r2.cloudflarestorage.com`;
  const secrets = new Map([[options.accessKeyId, options.secretAccessKey]]);
  const now = options.now ?? (() => new Date());
  /** Open multipart uploads by `<key> <uploadId>`, with their parts by number. */
  const uploads = new Map<string, Map<number, HeldPart>>();
  const seen: R2S3StandIn["seen"] = [];

  const tracked = (key: string, upload: MultipartUpload): MultipartUpload => {
    const id = `${key} ${upload.uploadId}`;
    return {
      uploadId: upload.uploadId,
      async uploadPart(partNumber, value) {
        // The binding takes a stream only of known length; the bytes are read so their size is known.
        const bytes = await bytesOf(value);
        const part = await upload.uploadPart(partNumber, bytes);
        uploads.get(id)?.set(partNumber, { number: partNumber, etag: part.etag, size: bytes.byteLength, at: now() });
        return part;
      },
      async complete(parts) {
        const done = await upload.complete(parts);
        uploads.delete(id);
        return done;
      },
      async abort() {
        await upload.abort();
        uploads.delete(id);
      },
    };
  };

  const bucket: StandInBucket = {
    put: (key, value, opts) => binding.put(key, value, opts),
    get: (key, opts) => binding.get(key, opts),
    delete: (key) => binding.delete(key),
    async createMultipartUpload(key, opts) {
      const upload = await binding.createMultipartUpload(key, opts);
      uploads.set(`${key} ${upload.uploadId}`, new Map());
      return tracked(key, upload);
    },
    resumeMultipartUpload: (key, uploadId) => tracked(key, binding.resumeMultipartUpload(key, uploadId)),
  };

  const answer = async (request: Request): Promise<{ operation: string; response: Response }> => {
    const url = new URL(request.url);
    if (url.host !== host) return { operation: "unknown", response: s3Error(400, "InvalidRequest", `This endpoint is ${host}.`) };
    const [, bucketPart = "", ...keyParts] = url.pathname.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    const uploadId = url.searchParams.get("uploadId");
    const partNumber = url.searchParams.get("partNumber");
    const operation = request.method === "PUT" && partNumber && uploadId ? "UploadPart" : request.method === "GET" && uploadId && !partNumber ? "ListParts" : `${request.method} (not in the stand-in)`;
    const denied = await verifySigV4(request, secrets, now());
    if (denied) return { operation, response: s3Error(denied.status, denied.code, denied.message) };
    if (decodeURIComponent(bucketPart) !== bucketName) return { operation, response: s3Error(404, "NoSuchBucket", "The specified bucket does not exist.") };
    if (!uploadId || (operation !== "UploadPart" && operation !== "ListParts")) return { operation, response: s3Error(501, "NotImplemented", "The stand-in answers UploadPart and ListParts only.") };
    const parts = uploads.get(`${key} ${uploadId}`);
    if (!parts)
      return { operation, response: s3Error(404, "NoSuchUpload", "The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.") };

    if (operation === "UploadPart") {
      const number = Number(partNumber);
      if (!Number.isInteger(number) || number < 1 || number > 10_000) return { operation, response: s3Error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000, inclusive.") };
      const part = await tracked(key, binding.resumeMultipartUpload(key, uploadId)).uploadPart(number, new Uint8Array(await request.arrayBuffer()));
      return { operation, response: new Response(null, { status: 200, headers: { etag: `"${part.etag}"` } }) };
    }

    const maxText = url.searchParams.get("max-parts") ?? "1000";
    const markerText = url.searchParams.get("part-number-marker") ?? "0";
    const max = Number(maxText);
    const marker = Number(markerText);
    if (!/^\d+$/.test(maxText) || !/^\d+$/.test(markerText)) return { operation, response: s3Error(400, "InvalidArgument", "max-parts and part-number-marker must be non-negative integers.") };
    const after = [...parts.values()].filter((part) => part.number > marker).sort((a, b) => a.number - b.number);
    const page = after.slice(0, Math.min(max, 1000));
    const truncated = after.length > page.length;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
      `<Bucket>${xmlEscape(bucketName)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId>`,
      `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1)?.number ?? marker}</NextPartNumberMarker>`,
      `<MaxParts>${Math.min(max, 1000)}</MaxParts><IsTruncated>${truncated}</IsTruncated><StorageClass>STANDARD</StorageClass>`,
      ...page.map(
        (part) => `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.at.toISOString()}</LastModified><ETag>${xmlEscape(`"${part.etag}"`)}</ETag><Size>${part.size}</Size></Part>`,
      ),
      "</ListPartsResult>",
    ].join("");
    return { operation, response: new Response(xml, { status: 200, headers: { "content-type": "application/xml" } }) };
  };

  return {
    bucket,
    host,
    seen,
    async fetch(request) {
      const { operation, response } = await answer(request);
      seen.push({ operation, status: response.status });
      return response;
    },
  };
}
