import { type CatalogueEntry, e, reconnect } from "./error-catalogue-entry.js";

/** Codes of the request, its authentication and limits, the checks before publishing, and what networks answer to a publish. */
// biome-ignore format: one error per line, so the catalogue reads (and diffs) as a table
export const requestAndPublishCodes = {
  // Request shape and input
  field_unknown: e("invalid_input", 400, false, "The body or query has a field this endpoint does not accept.", "Remove the field named in `param`; the endpoint's schema in /openapi.json lists every accepted field."),
  field_wrong_type: e("invalid_input", 400, false, "A field has the wrong shape or type (a number where a string is expected, an object where a list is).", "Send the field named in `param` with the type the schema in /openapi.json gives."),
  field_invalid: e("invalid_input", 400, false, "A field has the right type but a value outside what is allowed (length, range, format, or not one of the values the field lists).", "Change the value of the field named in `param` to one the message describes."),
  field_required: e("invalid_input", 400, false, "A required field is missing.", "Add the field named in `param`."),
  text_required: e("invalid_input", 400, false, "The post text is empty.", "Send non-empty `text`; for a media-only post send a caption or a single space."),
  body_not_json: e("invalid_request", 400, false, "The request body is not valid JSON.", "Send a JSON object with `Content-Type: application/json`."),
  body_too_large: e("invalid_request", 400, false, "The request body is over the size this endpoint accepts (1 MB for JSON bodies; POST /v1/media: 20 MB for images, 512 MB for video).", "Send a smaller body; upload files with POST /v1/media."),
  cursor_invalid: e("invalid_request", 400, false, "The cursor was not issued by this endpoint or was altered.", "Pass back the `cursor` (or `nextCursor`) value from the previous page exactly as received, or omit it to start over."),
  idempotency_key_invalid: e("invalid_request", 400, false, "The Idempotency-Key header is empty, longer than 255 characters or not printable ASCII.", "Send 1 to 255 printable ASCII characters, for example a UUID v4."),
  idempotency_key_reused: e("invalid_request", 422, false, "This Idempotency-Key was already used with a different request body or endpoint in the last 24 hours.", "Use a new Idempotency-Key for a different request; reuse a key only to retry the identical request."),
  idempotency_in_progress: e("conflict", 409, true, "A request with this Idempotency-Key is still running.", "Wait for the first request to finish, then retry with the same key to receive its result."),
  method_not_allowed: e("invalid_request", 405, false, "The path exists but does not accept this HTTP method.", "Use one of the methods listed in the `Allow` header; /openapi.json lists every operation."),
  route_not_found: e("not_found", 404, false, "No endpoint has this path.", "Check the path against /openapi.json; every path starts with /v1."),
  resource_not_found: e("not_found", 404, false, "No record with this id exists in your workspace.", "Check the id; records of other workspaces are never visible."),
  platform_unknown: e("not_found", 404, false, "No network has this identifier.", "Use one of the identifiers listed by GET /v1/platforms."),
  username_taken: e("conflict", 409, false, "A profile with this username already exists in the workspace.", "Choose another username, or use the existing profile (GET /v1/profiles)."),

  // Authentication, entitlement, limits
  unauthorized: e("unauthorized", 401, false, "The API key is missing, malformed, revoked or unknown.", "Send `Authorization: Bearer <key>` with an active key (sk_test_… or sk_live_…)."),
  nickname_locked: e("forbidden", 403, false, "The account owner locked this agent's display name.", "Ask the account owner to unlock the nickname; other fields are unaffected."),
  entitlement_exceeded: e("entitlement_exceeded", 402, false, "Out of credits, or the plan does not include this network or feature.", "Top up credits or upgrade the plan; GET /v1/me/limits shows credits and blocked networks."),
  rate_limited: e("rate_limited", 429, true, "Too many requests in the current window, or the network is throttling this account.", "Wait for the number of seconds in `Retry-After`, then retry."),
  internal_error: e("api_error", 500, false, "Something failed inside Chorus. Nothing about it is your fault.", "Quote the requestId to support; a failure Chorus knows to be passing is answered 503 `service_unavailable` instead, which is worth retrying."),
  service_unavailable: e("service_unavailable", 503, true, "A service Chorus depends on did not answer in time.", "Retry after the number of seconds in `Retry-After`."),

  // Before publishing (also returned by validate)
  media_required: e("invalid_request", 400, false, "The network cannot publish text alone.", "Attach an image or video in `media` (upload it with POST /v1/media)."),
  video_required: e("invalid_request", 400, false, "The network publishes video only.", "Attach a video in `media`, or use `mediaOverrides` to give this network a video."),
  thread_unsupported: e("invalid_request", 400, false, "The network has no reply chain of an account's own posts, so `thread` cannot be published there.", "Send the follow-ups as separate posts, or as `firstComment` where the network takes one; or keep `thread` for X, Threads and Bluesky by choosing `platforms`."),
  thread_too_long: e("invalid_request", 400, false, "The chain has more items than the network's cap (25 on X, Threads and Bluesky; the post itself counts as the first item).", "Split the chain into two posts, or remove items from `thread`."),
  video_not_supported: e("invalid_request", 400, false, "The network takes no video on this post type.", "Remove the video for this network with `mediaOverrides`, or post images."),
  image_not_supported: e("invalid_request", 400, false, "The network takes no images on this post type.", "Remove the images for this network with `mediaOverrides`, or attach a video."),
  media_type_unsupported: e("invalid_request", 400, false, "The network rejects this file format (the short-video network takes JPEG and WebP, not PNG).", "Convert the file to a format GET /v1/platforms lists for this network."),
  image_too_large: e("invalid_request", 400, false, "The image is above the network's pixel ceiling (short-video: 1080x1920).", "Resize the image within the bounds GET /v1/platforms gives for this network."),
  image_too_small: e("invalid_request", 400, false, "The image is below the network's pixel floor.", "Use a larger image within the bounds GET /v1/platforms gives for this network."),
  document_too_many_pages: e("invalid_request", 400, false, "The document has more pages than the network shows in a document post (LinkedIn: 300).", "Split the document into parts within the limit and post each, or remove pages."),
  text_too_long: e("invalid_request", 400, false, "The text is over the network's limit, counted the network's way.", "Shorten the text, or give this network its own text with `textOverrides`."),
  title_too_long: e("invalid_request", 400, false, "The title is over the network's limit (short-video photo posts: 90 characters).", "Shorten `platformOptions.<network>.title`."),
  option_invalid: e("invalid_request", 400, false, "A platformOptions value is not accepted by the network.", "Use a value GET /v1/platforms lists for this option."),
  // The spec has no code for it; a missing field would read as a refusal, and this never refuses.
  media_url_not_fetched: e(
    "invalid_request",
    400,
    false,
    "A warning only, never a refusal: a bulk dry run fetches at most 100 distinct `mediaUrls`, and this row's file at this URL was past that cap, so it was not fetched or checked.",
    "Nothing to do before importing: the import fetches and checks every URL (a row whose file is refused then fails with the file's code). To see every file's verdict in advance, dry-run the rows in batches naming at most 100 distinct URLs.",
  ),
  alt_text_missing: e("invalid_request", 400, false, "A warning only, never a refusal: an image has no alt text, which the network shows to people using screen readers.", "Describe each image in `mediaAlt` (or `mediaAltOverrides.<network>`)."),
  needs_reauth: e("conflict", 409, false, "The connection to the network expired or was revoked.", `${reconnect} Retrying does not help.`),

  // Returned by networks after a publish attempt
  missing_scope: e("conflict", 409, false, "The connection lacks a permission the operation needs.", reconnect),
  duplicate_post: e("platform_error", 422, false, "The network refuses an identical recent post.", "Change the wording before posting again."),
  temporarily_blocked: e("platform_error", 429, true, "The page network blocked the action after heavy activity.", "Wait a few hours before trying again."),
  quota_exceeded: e("platform_error", 429, true, "The network's daily quota is spent (the video-sharing network resets at midnight Pacific time).", "Retry after the quota resets."),
  clip_too_many_pending: e("platform_error", 429, true, "The short-video network allows 5 uploads awaiting action per 24 hours.", "Let the creator finish or discard pending uploads in the app, or wait up to 24 hours."),
  clip_account_restricted: e("platform_error", 422, false, "The short-video network restricted the account.", "The account holder must resolve the restriction in the app."),
  clip_spam_risk: e("platform_error", 422, false, "The network's anti-spam check blocked the post.", "Post less often and vary the content."),
  clip_unaudited: e("platform_error", 422, false, "The app is in the network's limited mode: the account must be private and the post visible only to its owner.", "Set the account to private and `platformOptions.tiktok.privacyLevel` to SELF_ONLY, or use an audited app."),
  media_too_large: e("platform_error", 422, false, "The network refused the file as too large (open-protocol network: images about 1 MB).", "Compress or resize the file below the size GET /v1/platforms gives."),
  media_unreadable: e("platform_error", 422, false, "The network could not read the file (pinboard network: public JPEG or PNG under 20 MB).", "Upload the file again in a format and size GET /v1/platforms lists."),
} satisfies Record<string, CatalogueEntry>;
