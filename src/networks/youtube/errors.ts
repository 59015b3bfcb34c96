import type { ErrorTable } from "../http.js";
import { extractGoogleError } from "../google/errors.js";

/**
 * YouTube Data API v3 failures (https://developers.google.com/youtube/v3/docs/errors), keyed on
 * `errors[0].reason`, plus the OAuth server's answers. Specific rows first: a 401 that means
 * "no channel" must not read as an expired token.
 */
export const youtubeErrorTable: ErrorTable = {
  platform: "youtube",
  extract: extractGoogleError,
  rows: [
    { status: 401, networkCode: "youtubeSignupRequired", code: "video_no_channel", meaning: "The Google account has no YouTube channel (domain youtube.header)." },
    { status: 401, networkCode: "authError", code: "needs_reauth", meaning: "Invalid Credentials: the access token expired or was revoked." },
    { status: 401, code: "needs_reauth", meaning: "Any other 401: the credentials were refused." },
    { networkCode: "invalid_grant", code: "needs_reauth", meaning: "Token endpoint: the refresh token or code is expired or revoked (also the 7-day expiry of apps in Testing)." },
    { status: 403, networkCode: "insufficientPermissions", code: "missing_scope", meaning: "The token lacks a scope the method needs (ACCESS_TOKEN_SCOPE_INSUFFICIENT)." },
    { status: 403, networkCode: "quotaExceeded", code: "quota_exceeded", meaning: "The project's daily quota is spent (domain youtube.quota); resets at midnight Pacific time." },
    { networkCode: "uploadLimitExceeded", code: "video_upload_limit", meaning: "The channel hit its upload cap; retry after 24 hours." },
    { networkCode: "rateLimitExceeded", code: "rate_limited", meaning: "Too many requests in a short time; back off." },
    { networkCode: "userRateLimitExceeded", code: "rate_limited", meaning: "Per-user request rate exceeded; back off." },
    { status: 429, code: "rate_limited", meaning: "HTTP 429 RESOURCE_EXHAUSTED." },
    { status: 400, networkCode: "invalidTitle", code: "title_invalid", meaning: "Title empty, over 100 characters, or contains < or >." },
    { status: 400, networkCode: "invalidDescription", code: "text_invalid", meaning: "Description over 5,000 bytes or contains < or >." },
    { status: 400, networkCode: "invalidCategoryId", code: "option_invalid", meaning: "The category id does not exist." },
    { status: 400, networkCode: "invalidTags", code: "option_invalid", meaning: "Tags too long or malformed." },
    { status: 400, networkCode: "mediaBodyRequired", code: "media_required", meaning: "The upload carried no video file." },
    { status: 403, networkCode: "forbiddenPrivacySetting", code: "option_invalid", meaning: "The requested privacy setting is not allowed for this video." },
    { status: 403, networkCode: "forbiddenLicenseSetting", code: "option_invalid", meaning: "The requested licence is not allowed for this video." },
    { status: 500, networkCode: "backendError", code: "platform_unavailable", meaning: "YouTube failed; retry (resume the upload session)." },
  ],
};

/**
 * Refusals met while publishing: playlist problems of playlistItems.insert and a resumable
 * session that expired. Kept apart from the base table so each table's tests cover exactly its
 * own rows; publishing classifies with both, these first.
 */
export const youtubePublishRows: ErrorTable["rows"] = [
  { status: 404, networkCode: "playlistNotFound", code: "option_invalid", meaning: "playlistItems.insert: the playlist (platformOptions.youtube.playlistId) does not exist." },
  { status: 403, networkCode: "playlistItemsNotAccessible", code: "option_invalid", meaning: "playlistItems.insert: the playlist is not the channel's own." },
  { status: 400, networkCode: "invalidVideoMetadata", code: "option_invalid", meaning: "The request metadata (snippet/status) is invalid." },
  { status: 403, networkCode: "forbidden", code: "missing_permission", meaning: "The channel may not perform this upload (for example an account that cannot upload)." },
];

export const youtubePublishErrorTable: ErrorTable = {
  platform: "youtube",
  extract: extractGoogleError,
  rows: [...youtubePublishRows, ...youtubeErrorTable.rows],
};

/**
 * What processing decides after the upload (videos.list `status.failureReason`,
 * `status.rejectionReason`, `processingDetails.processingStatus`). checkPublish classifies
 * `{ error: { errors: [{ reason }] } }` with this table; reasons without a row (copyright, claim,
 * termsOfUse, …) are passed through as YouTube's own refusal.
 */
export const youtubeProcessingErrorTable: ErrorTable = {
  platform: "youtube",
  extract: extractGoogleError,
  rows: [
    { networkCode: "conversion", code: "media_unreadable", meaning: "failureReason conversion: YouTube could not convert the video." },
    { networkCode: "invalidFile", code: "media_unreadable", meaning: "failureReason invalidFile: the file is not a video YouTube can read." },
    { networkCode: "emptyFile", code: "media_unreadable", meaning: "failureReason emptyFile: the uploaded file is empty." },
    { networkCode: "tooSmall", code: "media_unreadable", meaning: "failureReason tooSmall: the file is too small to be a video." },
    { networkCode: "codec", code: "media_unreadable", meaning: "failureReason codec: the video codec is not supported." },
    { networkCode: "uploadAborted", code: "platform_unavailable", meaning: "failureReason uploadAborted: the upload did not complete; upload again." },
    { networkCode: "duplicate", code: "duplicate_post", meaning: "rejectionReason duplicate: the channel already has this video." },
    { networkCode: "uploaderAccountSuspended", code: "missing_permission", meaning: "rejectionReason uploaderAccountSuspended: the channel is suspended." },
  ],
};
