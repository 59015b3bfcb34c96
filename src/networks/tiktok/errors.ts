import type { ErrorTable, ExtractedError, NetworkFailure } from "../http.js";

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * TikTok answers API calls with an envelope `{ data, error: { code, message, log_id } }` (the
 * error code is a readable string, `ok` on success, and posting caps arrive with HTTP 200), and
 * its OAuth endpoints with a flat `{ error, error_description, log_id }`.
 */
export function extractTiktokError(failure: NetworkFailure): ExtractedError {
  const body = record(failure.body);
  const oauthError = text(body.error);
  if (oauthError) return { networkCode: oauthError, subcode: null, message: text(body.error_description) ?? oauthError };
  const error = record(body.error);
  const code = text(error.code);
  if (code) return { networkCode: code, subcode: null, message: text(error.message) ?? code };
  return { networkCode: null, subcode: null, message: typeof failure.body === "string" && failure.body ? failure.body : `HTTP ${failure.status}` };
}

/** Matched on TikTok's string codes, whatever the HTTP status: several come with 200. */
export const tiktokErrorTable: ErrorTable = {
  platform: "tiktok",
  extract: extractTiktokError,
  rows: [
    // OAuth token and revoke endpoints
    { networkCode: "invalid_grant", code: "needs_reauth", meaning: "Token endpoint: the code or refresh token is expired, used or revoked (refresh tokens rotate)." },
    { networkCode: "invalid_client", code: "platform_rejected", meaning: "Token endpoint: Chorus's client key or secret was refused; an app configuration problem." },
    // API
    { networkCode: "access_token_invalid", code: "needs_reauth", meaning: "401: the access token is invalid, expired or revoked." },
    { networkCode: "scope_not_authorized", code: "missing_scope", meaning: "401: the person did not grant the scope this call needs." },
    { networkCode: "scope_permission_missed", code: "missing_permission", meaning: "The app is not approved for a scope the call or its fields need." },
    { networkCode: "rate_limit_exceeded", code: "rate_limited", meaning: "429: the per-token rate limit was exceeded; retry after about a minute." },
    { networkCode: "spam_risk_too_many_posts", code: "quota_exceeded", meaning: "The creator reached the daily post cap (about 15 across all apps); retry tomorrow." },
    { networkCode: "reached_active_user_cap", code: "quota_exceeded", meaning: "The app reached its daily cap of active creators set at audit." },
    { networkCode: "spam_risk_too_many_pending_share", code: "clip_too_many_pending", meaning: "5 inbox uploads are already waiting for the creator in the last 24 hours." },
    { networkCode: "spam_risk_user_banned_from_posting", code: "clip_account_restricted", meaning: "TikTok banned the account from posting." },
    { networkCode: "unaudited_client_can_only_post_to_private_accounts", code: "clip_unaudited", meaning: "Unaudited app: the account must be private and the post SELF_ONLY." },
    { networkCode: "url_ownership_unverified", code: "clip_url_unverified", meaning: "The media URL's domain or prefix is not verified for PULL_FROM_URL." },
    { networkCode: "privacy_level_option_mismatch", code: "clip_privacy_level", meaning: "privacy_level is missing or not among the creator's privacy_level_options." },
    { networkCode: "spam_risk_text", code: "clip_spam_risk", meaning: "The caption was judged spam." },
    { networkCode: "spam_risk", code: "clip_spam_risk", meaning: "The request was judged risky by TikTok's anti-spam check." },
    { networkCode: "internal_error", code: "platform_unavailable", meaning: "500: TikTok failed internally; retry later." },
  ],
};

/**
 * Refusals that only publishing meets: init errors of the Content Posting API and the
 * `fail_reason` of a FAILED status (checkPublish classifies it as `{ error: { code: fail_reason } }`).
 * Kept apart from the base table so each table's tests cover exactly its own rows; publishing
 * classifies with both, these first.
 */
export const tiktokPublishRows: ErrorTable["rows"] = [
  { networkCode: "app_version_check_failed", code: "platform_rejected", meaning: "400: MEDIA_UPLOAD needs the creator's TikTok app at version 31.8 or later." },
  { networkCode: "auth_removed", code: "needs_reauth", meaning: "fail_reason: the creator removed the app's access while TikTok was downloading the media; do not retry." },
  { networkCode: "file_format_check_failed", code: "media_type_unsupported", meaning: "fail_reason: the media format is not supported (video MP4/WebM/MOV, photos JPEG/WebP)." },
  { networkCode: "picture_size_check_failed", code: "image_too_large", meaning: "fail_reason: the picture size is outside TikTok's bounds (photos up to 1080p, video 360-4096 px a side)." },
  { networkCode: "duration_check_failed", code: "platform_rejected", meaning: "fail_reason: the video is longer than the creator may post (max_video_post_duration_sec) or than 10 minutes." },
  { networkCode: "frame_rate_check_failed", code: "platform_rejected", meaning: "fail_reason: the frame rate is outside 23-60 fps." },
  { networkCode: "video_pull_failed", code: "platform_unavailable", meaning: "fail_reason: TikTok could not download the video from the URL within an hour; retryable." },
  { networkCode: "photo_pull_failed", code: "platform_unavailable", meaning: "fail_reason: TikTok could not download a photo from its URL within an hour; retryable." },
  { networkCode: "internal", code: "platform_unavailable", meaning: "fail_reason: part of TikTok was unavailable; retryable." },
  { networkCode: "publish_cancelled", code: "platform_rejected", meaning: "fail_reason: the download was cancelled (POST /v2/post/publish/cancel/)." },
];

export const tiktokPublishErrorTable: ErrorTable = {
  platform: "tiktok",
  extract: extractTiktokError,
  rows: [...tiktokPublishRows, ...tiktokErrorTable.rows],
};
