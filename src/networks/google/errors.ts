import { type ExtractedError, type NetworkFailure, unstructuredFailure } from "../http.js";

/**
 * Google answers errors in three shapes, and one Google connection can meet all of them:
 * - the JSON error of Google APIs: `{ error: { code, message, status, errors?: [{ reason }], details?: [...] } }`.
 *   The YouTube Data API fills the legacy `errors[].reason` (`quotaExceeded`, `authError`); the
 *   newer v1 APIs (Business Profile) leave it out and put the reason in a `google.rpc.ErrorInfo` detail;
 * - the OAuth error of the token and revoke endpoints: `{ error: "invalid_grant", error_description }`;
 * - an HTML or text page from Google's front end (502, 503 during incidents).
 * Shared by the youtube and googlebusiness adapters, which talk to the same OAuth server.
 */
export function extractGoogleError(failure: NetworkFailure): ExtractedError {
  const body = failure.body;
  if (isRecord(body)) {
    const error = body.error;
    if (isRecord(error)) {
      return {
        networkCode: legacyReason(error) ?? errorInfoReason(error) ?? stringOrNull(error.status),
        subcode: stringOrNull(error.status),
        message: stringOrNull(error.message) ?? `HTTP ${failure.status}`,
      };
    }
    if (typeof error === "string") {
      return {
        networkCode: error,
        subcode: null,
        message: stringOrNull(body.error_description) ?? error,
      };
    }
  }
  return unstructuredFailure(failure);
}

function legacyReason(error: Record<string, unknown>): string | null {
  const errors = error.errors;
  if (!Array.isArray(errors)) return null;
  const first: unknown = errors[0];
  return isRecord(first) ? stringOrNull(first.reason) : null;
}

function errorInfoReason(error: Record<string, unknown>): string | null {
  const details = error.details;
  if (!Array.isArray(details)) return null;
  for (const detail of details) {
    if (isRecord(detail) && detail["@type"] === "type.googleapis.com/google.rpc.ErrorInfo") return stringOrNull(detail.reason);
  }
  return null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
