import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

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
  return { networkCode: code, subcode: subcodeOf(message), message };
}

/** Pinterest's refusals are told apart by message only; these are the messages the tables rely on. */
const messageSubcodes: ReadonlyArray<readonly [RegExp, string]> = [
  [/^board( or section| section)? not found/i, "board_not_found"],
  [/^sorry,? we could not fetch the image/i, "image_fetch_failed"],
  [/this site doesn'?t allow you to save pins/i, "site_blocked"],
  [/your image is too small/i, "image_too_small"],
  [/^pin not found/i, "pin_not_found"],
];

function subcodeOf(message: string): string | null {
  return messageSubcodes.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

export const pinterestErrorTable: ErrorTable = {
  platform: "pinterest",
  extract: extractPinterestError,
  rows: [
    // Despite its message, 283 is about the app, not the person: its `data` says "Invalid Application
    // ID" (client id unknown, deleted or not approved), so reconnecting can never fix it.
    { networkCode: "283", code: "app_credentials_invalid", meaning: '283 "The authorization grant is invalid" with data "Invalid Application ID": the app\'s client id is not valid.' },
    { status: 401, code: "needs_reauth", meaning: '401 "Authentication failed." (code 2): the access token expired or was revoked.' },
    { status: 403, networkCode: "3", code: "missing_scope", meaning: '"Your token does not have sufficient permissions…": a scope was not granted.' },
    { status: 403, networkCode: "7", code: "pin_board_missing", meaning: '"Not authorized to access board or Pin.": the board is not visible to this account.' },
    { status: 403, code: "missing_permission", meaning: '403 (code 29 "You are not permitted to access that resource.", Trial-access limits, beta endpoints).' },
    { status: 404, subcode: "board_not_found", code: "pin_board_missing", meaning: '404 "Board not found.": the board was deleted or never existed.' },
    { status: 429, code: "rate_limited", meaning: '429 (code 8) "This request exceeded a rate limit.": universal or per-category limit.' },
  ],
};

/**
 * Refusals of POST /v5/pins and the media upload. Kept apart from the base table so each table's
 * tests cover exactly its own rows; publishing classifies with both, these first.
 */
export const pinterestPublishRows: ErrorTable["rows"] = [
  {
    status: 400,
    subcode: "image_fetch_failed",
    code: "media_unreadable",
    meaning: '400 "Sorry we could not fetch the image.": Pinterest could not download or read the image (or a video Pin\'s cover).',
  },
  { status: 400, subcode: "site_blocked", code: "pin_site_blocked", meaning: '400 "Sorry! This site doesn\'t allow you to save Pins.": the source site blocks pinning.' },
  { status: 403, subcode: "image_too_small", code: "image_too_small", meaning: '403 "Your image is too small. Please choose a larger image and try again."' },
];

export const pinterestPublishErrorTable: ErrorTable = {
  platform: "pinterest",
  extract: extractPinterestError,
  rows: [...pinterestPublishRows, ...pinterestErrorTable.rows],
};

/** S3 answers the presigned POST with XML `<Error><Code>…</Code><Message>…</Message></Error>`. */
export function extractS3Error(failure: NetworkFailure): ExtractedError {
  const text = typeof failure.body === "string" ? failure.body : "";
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null;
  const message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? `HTTP ${failure.status}`;
  return { networkCode: code, subcode: null, message };
}

export const pinterestUploadErrorTable: ErrorTable = {
  platform: "pinterest",
  extract: extractS3Error,
  rows: [
    { networkCode: "EntityTooLarge", code: "media_too_large", meaning: "S3: the file is larger than the upload policy allows." },
    { networkCode: "AccessDenied", code: "platform_unavailable", meaning: "S3: the presigned policy expired or was refused; register the media again (retryable)." },
  ],
};
