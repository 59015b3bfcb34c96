/**
 * AWS Signature Version 4 query presigning (the S3 API, which R2 speaks at
 * `https://<account id>.r2.cloudflarestorage.com`, region `auto`), with WebCrypto only so it runs
 * on Workers and Node alike. A presigned URL lets a client PUT one part of a multipart upload
 * straight into the bucket: the bytes never pass through the Worker. The payload is not signed
 * (`UNSIGNED-PAYLOAD`): the client's bytes are unknown when the URL is made. The server's own
 * calls (ListParts, to learn which parts landed) are signed the same way in headers.
 */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PresignInput {
  method: "GET" | "PUT";
  /** The object's URL: endpoint, path-style bucket and key, and any query of the operation (`partNumber`, `uploadId`). */
  url: URL;
  credentials: S3Credentials;
  now: Date;
  expiresSeconds: number;
}

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hmac(key: ArrayBuffer | Uint8Array, data: string): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(data));
}

/** RFC 3986 unreserved characters stay; everything else is %XX (SigV4's UriEncode). */
const uriEncode = (value: string, keepSlash = false) =>
  [...encoder.encode(value)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");

/** `20130524T000000Z` */
const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The query as SigV4 canonicalises it: names and values encoded, sorted by name. */
const canonicalQueryOf = (query: Iterable<[string, string]>) =>
  [...query]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");

/** The path as sent: each segment encoded once, slashes kept (S3 does not normalise it). */
const canonicalPathOf = (url: URL) => uriEncode(decodeURIComponent(url.pathname), true);

/**
 * The day's signing key (four chained HMACs from the secret), kept as an imported HMAC key for
 * the last credentials and day used: a 5 GB session signs 640 part URLs with the one key, and
 * deriving it for each URL was two thirds of the presigning time (bench/upload-presign.ts).
 */
let dayKey: { id: string; key: Promise<CryptoKey> } | null = null;

function signingKey(credentials: S3Credentials, day: string): Promise<CryptoKey> {
  const id = `${credentials.accessKeyId}\n${credentials.secretAccessKey}\n${credentials.region}\n${day}`;
  if (dayKey?.id !== id) {
    const derive = async () => {
      let key = await hmac(encoder.encode(`AWS4${credentials.secretAccessKey}`), day);
      for (const part of [credentials.region, "s3", "aws4_request"]) key = await hmac(key, part);
      return crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    };
    dayKey = { id, key: derive() };
  }
  return dayKey.key;
}

async function signature(credentials: S3Credentials, date: string, canonicalRequest: string): Promise<string> {
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, hex(await crypto.subtle.digest("SHA-256", encoder.encode(canonicalRequest)))].join("\n");
  return hex(await crypto.subtle.sign("HMAC", await signingKey(credentials, day), encoder.encode(stringToSign)));
}

export async function presignS3Url({ method, url, credentials, now, expiresSeconds }: PresignInput): Promise<URL> {
  const date = amzDate(now);
  const scope = `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`;
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) query.set(k, v);
  query.set("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
  query.set("X-Amz-Credential", `${credentials.accessKeyId}/${scope}`);
  query.set("X-Amz-Date", date);
  query.set("X-Amz-Expires", String(expiresSeconds));
  query.set("X-Amz-SignedHeaders", "host");
  const canonicalQuery = canonicalQueryOf(query);
  const path = canonicalPathOf(url);
  const canonicalRequest = [method, path, canonicalQuery, `host:${url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const signed = new URL(`${url.origin}${path}`);
  signed.search = `${canonicalQuery}&X-Amz-Signature=${await signature(credentials, date, canonicalRequest)}`;
  return signed;
}

/** SHA-256 of an empty body: what a GET without a body declares in `x-amz-content-sha256`. */
const EMPTY_BODY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/**
 * The headers that sign a request without a body (`Authorization`, SigV4 header form), as the
 * server calls R2's S3 API itself (ListParts): the same algorithm as presigning, the signature
 * carried in a header instead of the query.
 */
export async function signS3Request({ method, url, credentials, now }: Omit<PresignInput, "expiresSeconds">): Promise<Record<string, string>> {
  const date = amzDate(now);
  const scope = `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`;
  const signedHeaders = "host;x-amz-content-sha256;x-amz-date";
  const canonicalHeaders = `host:${url.host}\nx-amz-content-sha256:${EMPTY_BODY_SHA256}\nx-amz-date:${date}\n`;
  const canonicalRequest = [method, canonicalPathOf(url), canonicalQueryOf(url.searchParams), canonicalHeaders, signedHeaders, EMPTY_BODY_SHA256].join("\n");
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${await signature(credentials, date, canonicalRequest)}`,
    "x-amz-content-sha256": EMPTY_BODY_SHA256,
    "x-amz-date": date,
  };
}

/** The object's URL on R2's S3 endpoint (path style). */
const r2ObjectUrl = (accountId: string, bucket: string, key: string) => new URL(`https://${accountId}.r2.cloudflarestorage.com/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`);

/** The URL a client PUTs part `partNumber` of R2 multipart upload `uploadId` to. */
export function r2PartUrl(accountId: string, bucket: string, key: string, uploadId: string, partNumber: number): URL {
  const url = r2ObjectUrl(accountId, bucket, key);
  url.searchParams.set("partNumber", String(partNumber));
  url.searchParams.set("uploadId", uploadId);
  return url;
}

/** ListParts of upload `uploadId`: at most `maxParts` parts numbered above `marker`. */
export function r2ListPartsUrl(accountId: string, bucket: string, key: string, uploadId: string, marker: number, maxParts: number): URL {
  const url = r2ObjectUrl(accountId, bucket, key);
  url.searchParams.set("uploadId", uploadId);
  url.searchParams.set("max-parts", String(maxParts));
  if (marker > 0) url.searchParams.set("part-number-marker", String(marker));
  return url;
}
