import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Pinterest errors are `{ code: <int>, message }` (spec `Error` / `Pinterest.Lib.Error`). The
 * numeric codes are not enumerated anywhere, and a missing board comes back as a 404 whose only
 * distinguishing mark is its message ("Board not found.", "Board or section not found."), so that
 * message becomes the subcode `board_not_found`.
 */
export function extractPinterestError(failure: NetworkFailure): ExtractedError {
  const body = record(failure.body);
  const code = typeof body.code === "number" || typeof body.code === "string" ? String(body.code) : null;
  const message = typeof body.message === "string" && body.message ? body.message : typeof failure.body === "string" && failure.body ? failure.body : `HTTP ${failure.status}`;
  const subcode = /^board( or section| section)? not found/i.test(message) ? "board_not_found" : null;
  return { networkCode: code, subcode, message };
}

export const pinterestErrorTable: ErrorTable = {
  platform: "pinterest",
  extract: extractPinterestError,
  rows: [
    { networkCode: "283", code: "needs_reauth", meaning: "\"The authorization grant is invalid\": the code or the refresh token is invalid or expired (60 days unused)." },
    { status: 401, code: "needs_reauth", meaning: "401 \"Authentication failed.\" (code 2): the access token expired or was revoked." },
    { status: 403, networkCode: "3", code: "missing_scope", meaning: "\"Your token does not have sufficient permissions…\": a scope was not granted." },
    { status: 403, networkCode: "7", code: "pin_board_missing", meaning: "\"Not authorized to access board or Pin.\": the board is not visible to this account." },
    { status: 403, code: "missing_permission", meaning: "403 (code 29 \"You are not permitted to access that resource.\", Trial-access limits, beta endpoints)." },
    { status: 404, subcode: "board_not_found", code: "pin_board_missing", meaning: "404 \"Board not found.\": the board was deleted or never existed." },
    { status: 429, code: "rate_limited", meaning: "429 (code 8) \"This request exceeded a rate limit.\": universal or per-category limit." },
  ],
};
