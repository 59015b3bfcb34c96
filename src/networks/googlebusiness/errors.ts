import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";
import { extractGoogleError, isRecord } from "../google/errors.js";

/**
 * Business Profile v1 APIs answer google.rpc.Status errors; the reason sits in an ErrorInfo
 * detail (`ACCESS_TOKEN_SCOPE_INSUFFICIENT`, `RATE_LIMIT_EXCEEDED`, `SERVICE_DISABLED`) and the
 * canonical status (`PERMISSION_DENIED`) is the subcode. Specific rows first.
 */
export const googleBusinessErrorTable: ErrorTable = {
  platform: "googlebusiness",
  extract: extractGoogleError,
  rows: [
    { status: 401, code: "needs_reauth", meaning: "UNAUTHENTICATED: the access token expired or was revoked." },
    { networkCode: "invalid_grant", code: "needs_reauth", meaning: "Token endpoint: the refresh token or code is expired or revoked." },
    { status: 403, networkCode: "ACCESS_TOKEN_SCOPE_INSUFFICIENT", code: "missing_scope", meaning: "The token lacks business.manage." },
    {
      status: 403,
      networkCode: "SERVICE_DISABLED",
      code: "platform_rejected",
      meaning: "The operator's Google Cloud project has not enabled this Business Profile API; Google's message says where to enable it.",
    },
    { status: 403, subcode: "PERMISSION_DENIED", code: "missing_permission", meaning: "The person is not an owner or manager of the account or location." },
    { status: 429, networkCode: "RATE_LIMIT_EXCEEDED", code: "rate_limited", meaning: "Requests per minute exceeded (also every call of a project whose access is not yet approved: quota 0)." },
    { status: 429, code: "rate_limited", meaning: "RESOURCE_EXHAUSTED, including 10 edits per minute per profile." },
    { status: 503, code: "platform_unavailable", meaning: "UNAVAILABLE: Google failed; retry." },
  ],
};

/**
 * The v4 API (localPosts) explains a 400 INVALID_ARGUMENT in a `google.mybusiness.v4.ValidationError`
 * detail: `errorDetails: [{ code, field, message }]`, for example code 1000 "Fetching image failed."
 * The first detail's code becomes the network code (`ValidationError.1000`) and every detail's
 * message the message, which says far more than "Request contains an invalid argument."; the
 * field violations of a google.rpc.BadRequest detail are read the same way.
 */
export function extractBusinessProfileError(failure: NetworkFailure): ExtractedError {
  const base = extractGoogleError(failure);
  const error = isRecord(failure.body) && isRecord(failure.body.error) ? failure.body.error : {};
  const details = Array.isArray(error.details) ? error.details : [];
  const validation = details.find((d): d is Record<string, unknown> => isRecord(d) && d["@type"] === "type.googleapis.com/google.mybusiness.v4.ValidationError");
  const errorDetails = Array.isArray(validation?.errorDetails) ? validation.errorDetails.filter(isRecord) : [];
  const [first] = errorDetails;
  if (!first) return { ...base, message: fieldViolations(details) ?? base.message };
  const message = errorDetails
    .map((d) => [typeof d.field === "string" ? d.field : null, typeof d.message === "string" ? d.message : null].filter(Boolean).join(": "))
    .filter(Boolean)
    .join("; ");
  return { networkCode: `ValidationError.${String(first.code)}`, subcode: base.subcode, message: message || base.message };
}

/** The field violations of a google.rpc.BadRequest detail, as "field: description; …". */
function fieldViolations(details: unknown[]): string | null {
  const badRequest = details.find((d): d is Record<string, unknown> => isRecord(d) && d["@type"] === "type.googleapis.com/google.rpc.BadRequest");
  const violations = Array.isArray(badRequest?.fieldViolations) ? badRequest.fieldViolations.filter(isRecord) : [];
  const text = violations
    .map((v) => [v.field, v.description].filter((part) => typeof part === "string" && part !== "").join(": "))
    .filter(Boolean)
    .join("; ");
  return text || null;
}

/** Refusals of localPosts; publishing classifies with these first, then the base rows. */
export const googleBusinessPublishRows: ErrorTable["rows"] = [
  { status: 400, networkCode: "ValidationError.1000", code: "media_unreadable", meaning: 'ValidationError 1000 "Fetching image failed.": Google could not download media[].sourceUrl.' },
  { status: 404, code: "option_invalid", meaning: "localPosts.create NOT_FOUND: the location (platformOptions.googlebusiness.location) does not exist." },
];

export const googleBusinessPublishErrorTable: ErrorTable = {
  platform: "googlebusiness",
  extract: extractBusinessProfileError,
  rows: [...googleBusinessPublishRows, ...googleBusinessErrorTable.rows],
};
