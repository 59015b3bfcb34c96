/**
 * AWS Signature Version 4 query presigning (the S3 API, which R2 speaks at
 * `https://<account id>.r2.cloudflarestorage.com`, region `auto`), with WebCrypto only so it runs
 * on Workers and Node alike. A presigned URL lets a client PUT one part of a multipart upload
 * straight into the bucket: the bytes never pass through the Worker. The payload is not signed
 * (`UNSIGNED-PAYLOAD`): the client's bytes are unknown when the URL is made.
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

export async function presignS3Url({ method, url, credentials, now, expiresSeconds }: PresignInput): Promise<URL> {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) query.set(k, v);
  query.set("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
  query.set("X-Amz-Credential", `${credentials.accessKeyId}/${scope}`);
  query.set("X-Amz-Date", date);
  query.set("X-Amz-Expires", String(expiresSeconds));
  query.set("X-Amz-SignedHeaders", "host");
  const canonicalQuery = [...query]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  // The path as sent: each segment encoded once, slashes kept (S3 does not normalise it).
  const path = uriEncode(decodeURIComponent(url.pathname), true);
  const canonicalRequest = [method, path, canonicalQuery, `host:${url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, hex(await crypto.subtle.digest("SHA-256", encoder.encode(canonicalRequest)))].join("\n");
  let key = await hmac(encoder.encode(`AWS4${credentials.secretAccessKey}`), day);
  for (const part of [credentials.region, "s3", "aws4_request"]) key = await hmac(key, part);
  const signature = hex(await hmac(key, stringToSign));
  const signed = new URL(`${url.origin}${path}`);
  signed.search = `${canonicalQuery}&X-Amz-Signature=${signature}`;
  return signed;
}

/** The URL a client PUTs part `partNumber` of R2 multipart upload `uploadId` to. */
export function r2PartUrl(accountId: string, bucket: string, key: string, uploadId: string, partNumber: number): URL {
  const url = new URL(`https://${accountId}.r2.cloudflarestorage.com/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`);
  url.searchParams.set("partNumber", String(partNumber));
  url.searchParams.set("uploadId", uploadId);
  return url;
}
