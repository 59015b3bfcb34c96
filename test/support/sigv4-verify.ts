/**
 * SigV4 as S3 checks it on arrival, for the R2 stand-in (test/workers/r2-s3-standin.ts). Written
 * from AWS's "Signature Version 4 signing process" and S3's "Authenticating Requests" pages (header
 * form and query form), not from Chorus's signer (src/infra/media-storage/s3-presign.ts): it
 * rebuilds the canonical request from the request as received (its raw path and query, the
 * signed headers' values) and is itself checked against AWS's documented example signatures
 * (test/unit/sigv4-verify.test.ts). WebCrypto only, so it runs in workerd and on Node alike.
 */

export interface SigV4Refusal {
  status: number;
  /** S3's error code: `SignatureDoesNotMatch`, `AccessDenied`, `InvalidAccessKeyId`, ... */
  code: string;
  message: string;
}

const utf8 = new TextEncoder();
const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const sha256Hex = async (text: string) => toHex(await crypto.subtle.digest("SHA-256", utf8.encode(text)));
const hmacSha256 = async (key: BufferSource, text: string) =>
  crypto.subtle.sign("HMAC", await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), utf8.encode(text));

/** AWS's UriEncode: everything but A-Z a-z 0-9 - _ . ~ percent-encoded in upper case hex ("/" kept in paths). */
const awsEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const refuse = (status: number, code: string, message: string): SigV4Refusal => ({ status, code, message });
const MISMATCH = refuse(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided. Check your key and signing method.");

/** The query as received, split into decoded (name, value) pairs. */
function rawQuery(url: URL): [string, string][] {
  const search = url.search.startsWith("?") ? url.search.slice(1) : url.search;
  if (search === "") return [];
  return search.split("&").map((pair) => {
    const at = pair.indexOf("=");
    const name = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? "" : pair.slice(at + 1);
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

/** `20130524T000000Z` as a Date, or null. */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))) : null;
}

interface Claimed {
  accessKeyId: string;
  day: string;
  region: string;
  date: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** The query pairs that are part of the canonical request (the signature itself is not). */
  query: [string, string][];
}

function claimedFromQuery(url: URL): Claimed | SigV4Refusal {
  const pairs = rawQuery(url);
  const get = (name: string) => pairs.find(([k]) => k === name)?.[1];
  const [algorithm, credential, date, signedHeaders, signature] = ["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-SignedHeaders", "X-Amz-Signature"].map(get);
  if (!algorithm || !credential || !date || !signedHeaders || !signature || !get("X-Amz-Expires")) {
    return refuse(
      400,
      "AuthorizationQueryParametersError",
      "Query-string authentication requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.",
    );
  }
  if (algorithm !== "AWS4-HMAC-SHA256") return refuse(400, "AuthorizationQueryParametersError", 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const [accessKeyId = "", day = "", region = "", service, terminal] = credential.split("/");
  if (service !== "s3" || terminal !== "aws4_request") return refuse(400, "AuthorizationQueryParametersError", "Error parsing the X-Amz-Credential parameter.");
  return { accessKeyId, day, region, date, signedHeaders: signedHeaders.split(";"), signature, payloadHash: "UNSIGNED-PAYLOAD", query: pairs.filter(([k]) => k !== "X-Amz-Signature") };
}

function claimedFromHeader(request: Request, url: URL): Claimed | SigV4Refusal {
  const header = request.headers.get("authorization") ?? "";
  const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(header);
  if (!m?.[1] || !m[2] || !m[3]) return refuse(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  const [accessKeyId = "", day = "", region = "", service, terminal] = m[1].split("/");
  if (service !== "s3" || terminal !== "aws4_request") return refuse(400, "AuthorizationHeaderMalformed", "The authorization header is malformed; the Credential is mal-formed.");
  const date = request.headers.get("x-amz-date");
  const payloadHash = request.headers.get("x-amz-content-sha256");
  if (!date) return refuse(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  if (!payloadHash) return refuse(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  return { accessKeyId, day, region, date, signedHeaders: m[2].split(";"), signature: m[3], payloadHash, query: rawQuery(url) };
}

/**
 * Null when the request is signed with a key in `secrets` and valid at `now`; otherwise S3's
 * refusal. Header-signed requests must be within 15 minutes of `now`; presigned ones within
 * their X-Amz-Expires. A body is not hashed here: the stand-in's signed requests carry none
 * (ListParts) or are presigned (UNSIGNED-PAYLOAD).
 */
export async function verifySigV4(request: Request, secrets: ReadonlyMap<string, string>, now: Date): Promise<SigV4Refusal | null> {
  const url = new URL(request.url);
  const claimed = url.searchParams.has("X-Amz-Algorithm") ? claimedFromQuery(url) : request.headers.has("authorization") ? claimedFromHeader(request, url) : null;
  if (!claimed) return refuse(403, "AccessDenied", "Access Denied");
  if ("status" in claimed) return claimed;
  const secret = secrets.get(claimed.accessKeyId);
  if (secret === undefined) return refuse(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  const signedAt = parseAmzDate(claimed.date);
  if (!signedAt || claimed.date.slice(0, 8) !== claimed.day) return MISMATCH;
  if (url.searchParams.has("X-Amz-Algorithm")) {
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) return refuse(400, "AuthorizationQueryParametersError", "X-Amz-Expires must be between 1 and 604800 seconds");
    if (now.getTime() > signedAt.getTime() + expires * 1000) return refuse(403, "AccessDenied", "Request has expired");
  } else if (Math.abs(now.getTime() - signedAt.getTime()) > 15 * 60_000) {
    return refuse(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
  }
  if (!claimed.signedHeaders.includes("host")) return MISMATCH;

  const canonicalUri = url.pathname
    .split("/")
    .map((segment) => awsEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = claimed.query
    .map(([k, v]) => [awsEncode(k), awsEncode(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headerLines: string[] = [];
  for (const name of claimed.signedHeaders) {
    const value = name === "host" ? url.host : request.headers.get(name);
    if (value === null) return MISMATCH;
    headerLines.push(`${name}:${value.trim().replace(/\s+/g, " ")}\n`);
  }
  const canonicalRequest = `${request.method}\n${canonicalUri}\n${canonicalQuery}\n${headerLines.join("")}\n${claimed.signedHeaders.join(";")}\n${claimed.payloadHash}`;
  const scope = `${claimed.day}/${claimed.region}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${claimed.date}\n${scope}\n${await sha256Hex(canonicalRequest)}`;
  let key: ArrayBuffer = await hmacSha256(utf8.encode(`AWS4${secret}`), claimed.day);
  key = await hmacSha256(key, claimed.region);
  key = await hmacSha256(key, "s3");
  key = await hmacSha256(key, "aws4_request");
  const expected = toHex(await hmacSha256(key, stringToSign));
  let difference = expected.length ^ claimed.signature.length;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ claimed.signature.charCodeAt(i);
  return difference === 0 ? null : MISMATCH;
}
