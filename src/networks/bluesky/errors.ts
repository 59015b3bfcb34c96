import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";

/**
 * The PDS reuses one error name for several causes (`InvalidToken` for a garbled token and for a
 * token whose scope does not allow the method; `InvalidRequest` for every lexicon failure). Only
 * the message tells them apart, so these few known messages become a subcode here, once, and the
 * table below stays a plain lookup.
 */
const MESSAGE_SUBCODES: readonly { pattern: RegExp; subcode: string }[] = [
  // auth-verifier.ts "Bad token scope"; pipethrough.ts "Bad token method" (chat without DM access)
  { pattern: /^Bad token (scope|method)/i, subcode: "bad_scope" },
  // lexicon validation of a blob field: "blob too big (maximum 1000000, got 1400993) at $.record..."
  { pattern: /blob too big/i, subcode: "blob_too_big" },
];

function xrpcBody(body: unknown): { error: string | null; message: string | null } {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    return {
      error: typeof record.error === "string" ? record.error : null,
      message: typeof record.message === "string" ? record.message : null,
    };
  }
  return { error: null, message: typeof body === "string" && body.trim() ? body.trim().slice(0, 300) : null };
}

/** XRPC error bodies are always `{ error: <Name>, message }` (xrpc-server `XRPCError.payload`). */
export function extractBlueskyError(failure: NetworkFailure): ExtractedError {
  const { error, message } = xrpcBody(failure.body);
  const text = message ?? error ?? `HTTP ${failure.status}`;
  const subcode = message ? (MESSAGE_SUBCODES.find((m) => m.pattern.test(message))?.subcode ?? null) : null;
  return { networkCode: error, subcode, message: text };
}

export const blueskyErrorTable: ErrorTable = {
  platform: "bluesky",
  extract: extractBlueskyError,
  rows: [
    // Sessions. An expired access token is HTTP 400, not 401; the caller refreshes the session and
    // only reconnects when the refresh itself answers ExpiredToken ("Token has been revoked").
    { networkCode: "ExpiredToken", code: "needs_reauth", meaning: "The access or refresh token expired, or the refresh token was revoked (400)." },
    { networkCode: "InvalidToken", subcode: "bad_scope", code: "missing_scope", meaning: "The token's scope does not allow the method, e.g. an app password without DM access calling chat (400)." },
    { networkCode: "InvalidToken", code: "needs_reauth", meaning: "The token is malformed or could not be verified (400)." },
    { networkCode: "AuthMissing", code: "needs_reauth", meaning: "No bearer token was sent (401)." },
    { networkCode: "AuthenticationRequired", code: "needs_reauth", meaning: "Wrong identifier or password, or the token belongs to another account (401)." },
    { networkCode: "AuthFactorTokenRequired", code: "needs_reauth", meaning: "The entryway wants the email 2FA code of a main-password login (401)." },
    { networkCode: "AccountTakedown", code: "needs_reauth", meaning: "The account was taken down by moderation (401)." },
    { networkCode: "AccountDeactivated", code: "needs_reauth", meaning: "The person deactivated the account (401)." },
    { networkCode: "AccountNotFound", code: "needs_reauth", meaning: "The account no longer exists on this PDS (403)." },
    // Throttling: PDS rate limiter, RateLimit-* headers with the reset in epoch seconds.
    { networkCode: "RateLimitExceeded", code: "rate_limited", meaning: "A PDS rate limit was hit (429)." },
    { status: 429, code: "rate_limited", meaning: "Throttled by a proxy in front of the PDS, without an XRPC body." },
    // Media.
    { networkCode: "PayloadTooLarge", code: "media_too_large", meaning: "uploadBlob above the PDS blob limit, 5 MiB by default (413)." },
    { status: 413, code: "media_too_large", meaning: "Body refused as too large by the server or a proxy." },
    { networkCode: "BlobTooLarge", code: "media_too_large", meaning: "Sent by other PDS implementations for an oversized blob." },
    { networkCode: "InvalidRequest", subcode: "blob_too_big", code: "media_too_large", meaning: "A record references a blob above the field's maxSize (1,000,000 bytes for images)." },
    { networkCode: "InvalidMimeType", code: "media_unreadable", meaning: "The blob reference's MIME type differs from the stored blob." },
    { networkCode: "InvalidSize", code: "media_unreadable", meaning: "The blob reference's size differs from the stored blob." },
    // Chat (chat.bsky.convo.*).
    { networkCode: "InvalidConvo", code: "resource_not_found", meaning: "The conversation does not exist or the account is not a member of it (400)." },
    { networkCode: "ConvoLocked", code: "platform_rejected", meaning: "The conversation was locked: nobody can write in it (400)." },
    // Writes.
    { networkCode: "InvalidSwap", code: "platform_rejected", meaning: "swapRecord or swapCommit no longer matches: the record changed meanwhile." },
    // The PDS or what it depends on failed.
    { networkCode: "UpstreamFailure", code: "platform_unavailable", meaning: "The PDS could not reach the AppView or another upstream (502)." },
    { networkCode: "UpstreamTimeout", code: "platform_unavailable", meaning: "An upstream of the PDS timed out (504)." },
    { networkCode: "NotEnoughResources", code: "platform_unavailable", meaning: "The PDS is overloaded (503)." },
    { networkCode: "InternalServerError", code: "platform_unavailable", meaning: "The PDS failed (500)." },
  ],
};
