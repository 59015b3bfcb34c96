import type { ErrorTable } from "../http.js";
import { extractGoogleError } from "./google-errors.js";

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
