import { type ErrorTable, type ExtractedError, type NetworkFailure, unstructuredFailure } from "../http.js";

/**
 * LinkedIn answers REST failures as `{ status, serviceErrorCode, code, message }` and OAuth
 * failures as `{ error, error_description }`. `serviceErrorCode` becomes the subcode (the 656xx
 * token family); `code` the network code.
 */
export function extractLinkedinError(failure: NetworkFailure): ExtractedError {
  const body = failure.body;
  if (isRecord(body)) {
    if (typeof body.error === "string") {
      return { networkCode: body.error, subcode: null, message: typeof body.error_description === "string" ? body.error_description : body.error };
    }
    const message = typeof body.message === "string" ? body.message : `HTTP ${failure.status}`;
    const serviceErrorCode = typeof body.serviceErrorCode === "number" || typeof body.serviceErrorCode === "string" ? String(body.serviceErrorCode) : null;
    let networkCode = typeof body.code === "string" ? body.code : null;
    // LinkedIn names a duplicate only in the message ("Content is a duplicate of urn:li:share:…"),
    // often without a code; the URN it names is the live post, so publishing needs to know.
    if (networkCode === null && failure.status === 422 && /duplicate of urn:li:/i.test(message)) networkCode = "DUPLICATE_POST";
    return { networkCode, subcode: serviceErrorCode, message };
  }
  return unstructuredFailure(failure);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const linkedinErrorTable: ErrorTable = {
  platform: "linkedin",
  extract: extractLinkedinError,
  rows: [
    { status: 401, subcode: "65600", code: "needs_reauth", meaning: "INVALID_ACCESS_TOKEN: the token is not valid." },
    { status: 401, subcode: "65601", code: "needs_reauth", meaning: "REVOKED_ACCESS_TOKEN: the member revoked the app." },
    { status: 401, subcode: "65602", code: "needs_reauth", meaning: "EXPIRED_ACCESS_TOKEN: 60-day access token expired." },
    { status: 401, code: "needs_reauth", meaning: "Any other 401 (also briefly right after a refresh; reconnect if it persists)." },
    { networkCode: "invalid_grant", code: "needs_reauth", meaning: "Token endpoint: the refresh token expired (365 days after first consent) or was revoked." },
    {
      status: 400,
      networkCode: "invalid_request",
      code: "needs_reauth",
      meaning: "Token endpoint: the code or refresh token does not match, expired or was used; the member must connect again.",
    },
    { status: 403, networkCode: "ACCESS_DENIED", code: "missing_scope", meaning: '"Not enough permissions to access": a scope or API product is missing.' },
    { status: 403, code: "missing_permission", meaning: "The member lacks the role (e.g. page ADMINISTRATOR) the call needs." },
    { status: 422, networkCode: "DUPLICATE_POST", code: "duplicate_post", meaning: "Content is a duplicate of a recent post." },
    { status: 429, code: "rate_limited", meaning: "Daily application or member ceiling reached (resets 00:00 UTC), or an infrastructure throttle." },
    {
      status: 426,
      code: "platform_rejected",
      meaning: "NONEXISTENT_VERSION: the configured LinkedIn-Version is sunset; the operator must raise NetworkConfig.apiVersion.",
    },
  ],
};

/**
 * A media status read (`GET /rest/images/{urn}` or `/rest/videos/{urn}`) answers 200 with
 * `status: "PROCESSING_FAILED"` when LinkedIn could not process the file.
 */
function processingFailure(failure: NetworkFailure): ExtractedError | null {
  const body = failure.body;
  if (!isRecord(body) || body.status !== "PROCESSING_FAILED") return null;
  const id = typeof body.id === "string" ? body.id : "the media";
  return { networkCode: "PROCESSING_FAILED", subcode: null, message: `LinkedIn could not process ${id} (PROCESSING_FAILED)` };
}

/**
 * Publishing adds LinkedIn's media refusals to the table above (kept separate so the connect and
 * read paths are unchanged). A duplicate names the live post ("Content is a duplicate of
 * urn:li:share:…") and stays `duplicate_post`: after a lost answer `findPublished` is asked first,
 * so a duplicate here means the person posted the same text before.
 */
export const linkedinPublishErrorTable: ErrorTable = {
  platform: "linkedin",
  extract: (failure) => processingFailure(failure) ?? extractLinkedinError(failure),
  rows: [{ networkCode: "PROCESSING_FAILED", code: "media_unreadable", meaning: "The image or video status is PROCESSING_FAILED: LinkedIn could not process the file." }, ...linkedinErrorTable.rows],
};
