import type { ErrorTable } from "../http.js";
import { extractGoogleError } from "../youtube/google-errors.js";

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
