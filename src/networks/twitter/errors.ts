import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * X answers in four shapes: v2 problems `{ type, title, detail, status }` whose `type` is a URI
 * ending in `/2/problems/<name>` (on api.x.com or, in older answers, api.twitter.com), generic
 * problems with `type: "about:blank"`, the legacy `{ errors: [{ code, message }] }`, and the OAuth
 * endpoints' `{ error, error_description }`. The problem name, legacy code or OAuth error becomes
 * `networkCode`. Duplicate content has no code of its own (a plain 403 about:blank), so its
 * `detail` wording is the only signal X gives; it is turned into the code `duplicate-content`, and
 * the reply-restriction refusal likewise into `reply-not-allowed`.
 */
export function extractTwitterError(failure: NetworkFailure): ExtractedError {
  const body = record(failure.body);
  const oauthError = text(body.error);
  if (oauthError) return { networkCode: oauthError, subcode: null, message: text(body.error_description) ?? oauthError };
  const legacy = Array.isArray(body.errors) ? record(body.errors[0]) : null;
  const type = text(body.type);
  const detail = text(body.detail) ?? text(body.title);
  if (type && type !== "about:blank") {
    const name = /\/2\/problems\/([a-z-]+)/.exec(type)?.[1] ?? type;
    return { networkCode: name, subcode: text(body.reason), message: detail ?? name };
  }
  if (detail && /duplicate content/i.test(detail)) return { networkCode: "duplicate-content", subcode: null, message: detail };
  if (detail && /reply to this conversation is not allowed/i.test(detail)) return { networkCode: "reply-not-allowed", subcode: null, message: detail };
  if (legacy && !type) {
    const code = typeof legacy.code === "number" || typeof legacy.code === "string" ? String(legacy.code) : null;
    return { networkCode: code, subcode: null, message: text(legacy.message) ?? text(legacy.detail) ?? "X refused the request" };
  }
  return { networkCode: null, subcode: null, message: detail ?? (typeof failure.body === "string" ? failure.body : `HTTP ${failure.status}`) };
}

/** Specific rows first: the first row whose set fields all match wins. */
export const twitterErrorTable: ErrorTable = {
  platform: "twitter",
  extract: extractTwitterError,
  rows: [
    // OAuth token and revoke endpoints
    { networkCode: "invalid_client", code: "platform_rejected", meaning: "The app's client id or secret was refused: Chorus's X app credentials are wrong, not the person's connection." },
    {
      networkCode: "unauthorized_client",
      code: "platform_rejected",
      meaning: 'The token endpoint wants valid client authentication ("Missing valid authorization header"): an app configuration problem.',
    },
    {
      networkCode: "invalid_request",
      code: "needs_reauth",
      meaning: 'Token endpoint: the code or refresh token is invalid, used or expired ("Value passed for the token was invalid"); only a new consent helps.',
    },
    { networkCode: "invalid_grant", code: "needs_reauth", meaning: "Token endpoint: the grant was revoked or expired." },
    // API
    { status: 401, code: "needs_reauth", meaning: "401 Unauthorized: the access token expired (2 hours) or was revoked." },
    { status: 403, networkCode: "duplicate-content", code: "duplicate_post", meaning: '403 "You are not allowed to create a Tweet with duplicate content."' },
    { status: 403, networkCode: "187", code: "duplicate_post", meaning: 'Legacy code 187 "Status is a duplicate".' },
    { status: 403, networkCode: "326", code: "micro_account_locked", meaning: "Legacy code 326: the account is temporarily locked and must be unlocked on x.com." },
    {
      status: 403,
      networkCode: "reply-not-allowed",
      code: "platform_rejected",
      meaning: "403: the author did not mention or quote the replying account (self-serve summon rule) or restricted replies; X's own message is passed on.",
    },
    { status: 403, networkCode: "client-forbidden", code: "platform_rejected", meaning: "The app's access level does not include this endpoint (client-not-enrolled); reconnecting does not help." },
    { status: 403, code: "missing_scope", meaning: "403 Forbidden: the user token lacks a scope this endpoint needs (or the account may not act on the resource)." },
    { status: 429, networkCode: "usage-capped", code: "quota_exceeded", meaning: "429 usage-capped: the app's monthly cap or credit balance is spent." },
    { status: 429, code: "rate_limited", meaning: "429 Too Many Requests (legacy code 88): wait for x-rate-limit-reset." },
    { status: 503, code: "micro_unavailable", meaning: "503 Service Unavailable: X is over capacity for a moment." },
  ],
};

/**
 * What media processing reports in a 200 answer: `data.processing_info.state` `failed` with
 * `error { code, name, message }` (e.g. `InvalidMedia`, "Unsupported video format").
 */
function processingFailure(body: unknown): ExtractedError | null {
  const info = record(record(record(body).data).processing_info);
  if (info.state !== "failed") return null;
  const error = record(info.error);
  return { networkCode: "media-processing-failed", subcode: text(error.name), message: text(error.message) ?? text(error.name) ?? "media processing failed" };
}

/**
 * Publishing adds X's media refusals to the table above (kept separate so the connect and read
 * paths are unchanged): a file over the category's size (413) and a file X could not process.
 */
export const twitterPublishErrorTable: ErrorTable = {
  platform: "twitter",
  extract: (failure) => processingFailure(failure.body) ?? extractTwitterError(failure),
  rows: [
    { status: 413, code: "media_too_large", meaning: "413 Payload Too Large: the file is over X's limit for its media category (image 5 MB, GIF 15 MB, video 512 MB)." },
    { networkCode: "media-processing-failed", code: "media_unreadable", meaning: "STATUS answered processing_info.state failed (InvalidMedia and similar): X could not process the file." },
    ...twitterErrorTable.rows,
  ],
};
