/**
 * The closed catalogue of error codes. Every error Chorus returns carries one of these codes; the
 * type, HTTP status, retryability and default fix come from here so that the same code always
 * means the same thing. The `/docs` page renders this table, one anchor per code.
 */

export const errorTypes = [
  "invalid_request",
  "invalid_input",
  "unauthorized",
  "entitlement_exceeded",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "platform_error",
  "api_error",
  "service_unavailable",
] as const;
export type ErrorType = (typeof errorTypes)[number];

export interface CatalogueEntry {
  type: ErrorType;
  status: number;
  retryable: boolean;
  /** What the code means, for the docs table. */
  meaning: string;
  /** Plain-language correction; `null` only where no fix exists (an unrecognised network refusal). */
  fix: string | null;
}

const e = (type: ErrorType, status: number, retryable: boolean, meaning: string, fix: string | null): CatalogueEntry => ({
  type,
  status,
  retryable,
  meaning,
  fix,
});

const reconnect = "Reconnect the account through a connect link (POST /v1/connect-link) and accept every permission asked.";

// biome-ignore format: one error per line, so the catalogue reads (and diffs) as a table
export const errorCatalogue = {
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
  text_too_long: e("invalid_request", 400, false, "The text is over the network's limit, counted the network's way.", "Shorten the text, or give this network its own text with `textOverrides`."),
  title_too_long: e("invalid_request", 400, false, "The title is over the network's limit (short-video photo posts: 90 characters).", "Shorten `platformOptions.<network>.title`."),
  option_invalid: e("invalid_request", 400, false, "A platformOptions value is not accepted by the network.", "Use a value GET /v1/platforms lists for this option."),
  // The spec has no code for it; a missing field would read as a refusal, and this never refuses.
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

  // Further codes
  account_unknown: e("not_found", 404, false, "An account id does not resolve to a connected account in this workspace.", "List your accounts with GET /v1/social-accounts and use one of their `acc_` ids."),
  aspect_ratio_unsupported: e("invalid_request", 400, false, "The photo network takes aspect ratios between 4:5 and 1.91:1.", "Crop the image to a ratio between 4:5 and 1.91:1."),
  branded_content_not_enabled: e("platform_error", 422, false, "The page has not enabled branded-content partner allowlisting.", "Enable branded content in the page's settings; reconnecting does not help."),
  branded_content_private: e("invalid_request", 400, false, "A paid partnership cannot be private on the short-video network.", "Use PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS or FOLLOWER_OF_CREATOR, or drop the disclosure."),
  channel_gone: e("platform_error", 422, false, "The channel was disconnected after the target was accepted; the target failed and was not charged.", "Reconnect the account and publish again."),
  comment_delete_unsupported: e("invalid_request", 400, false, "The network does not allow deleting comments.", "Check `comments.delete` for the network in GET /v1/platforms."),
  comment_hide_unsupported: e("invalid_request", 400, false, "The network does not allow hiding comments.", "Check `comments.hide` for the network in GET /v1/platforms."),
  comment_not_found: e("not_found", 404, false, "The network has no such comment on this account's posts, or it was deleted.", "Take the comment id from GET /v1/posts/{id}/comments (or a comment.received event) and send it with the `account` the post is on."),
  first_comment_media_unsupported: e("invalid_input", 400, false, "`firstComment.media` is set for a target whose network's comment takes text only (the photo network, the video network, the professional network, and the text-thread network's first comment).", "Drop `media` from the first comment and put the files in the post, or give that target a text-only comment with `platformOptions.<network>.firstComment`. GET /v1/platforms says per network whether a first comment takes media (`firstComment.media`)."),
  first_comment_unsupported: e("invalid_input", 400, false, "`firstComment` is set for a target whose network has no way to comment on a post through its API (the short-video network, the pin network and local business posts).", "Turn the first comment off for that target with `platformOptions.<network>.firstComment: false`, or put the text in the post itself. The OpenAPI description of `platformOptions.<network>.firstComment` says per network whether it is posted and its limit."),
  comment_not_own: e("platform_error", 422, false, "The network lets the account delete only what it wrote (its own replies), not other people's comments.", "Hide the comment instead where the network allows it (`comments.hide` in GET /v1/platforms)."),
  comment_thread_not_own: e("platform_error", 422, false, "The network lets an account hide replies only in threads it started (under its own posts), not in other people's threads.", "Hide replies under the account's own posts; elsewhere block or mute the author with POST /v1/engagements, or delete the reply if the account wrote it."),
  comment_hide_limit: e("platform_error", 422, false, "The open-protocol network hides at most 300 replies per thread.", "Show a hidden reply of the thread again (`hidden: false`) first, or block the author with POST /v1/engagements."),
  reviews_unsupported: e("invalid_request", 400, false, "The account's network has no reviews Chorus can read: only Google Business Profile locations and Facebook pages have them.", "Use a Google Business or Facebook account (`reviews` in `reads` of GET /v1/platforms); other networks' feedback is in GET /v1/posts/{id}/comments."),
  review_target_required: e("invalid_input", 400, false, "The account manages several locations or pages, and a review read names one.", "Send `target`: one of the ids of GET /v1/social-accounts/{id}/targets."),
  comment_id_required: e("invalid_request", 400, false, "A moderation request has no comment id.", "Put the comment id in the path."),
  creator_marketplace_not_onboarded: e("platform_error", 409, false, "The brand has not accepted the creator marketplace terms.", "A person must open the network's creator marketplace in its business tools and accept the terms; then retry."),
  creator_marketplace_unavailable: e("platform_error", 422, false, "The network has not published this edge.", "Use a photo-network account connected through the page network's door."),
  creator_search_unsupported: e("invalid_request", 400, false, "The network has no creator marketplace.", "Check `discovers.creators` on the account before searching."),
  handle_not_a_username: e("invalid_request", 400, false, "A numeric id was passed where a username is expected.", "Pass the handle (username), not the numeric id."),
  handle_not_found: e("not_found", 404, false, "No account has that handle (the photo network answers only for professional accounts).", "Check the spelling of the handle."),
  photo_page_door_required: e("invalid_request", 400, false, "This feature exists only on a photo-network account connected through the page network's door.", "Reconnect with GET /v1/connect-link?platform=instagram&variant=facebook_login."),
  photo_messages_switched_off: e("platform_error", 422, false, "The account has message access switched off.", "Turn on 'Allow access to messages' in the photo app's settings."),
  photo_reply_window_closed: e("platform_error", 422, false, "The 24-hour reply window is closed.", "A reply a person wrote may set `humanAgent: true`, which allows 7 days."),
  page_reply_window_closed: e("platform_error", 422, false, "The page network's 24-hour reply window is closed (7 days for a reply sent with `humanAgent: true`).", "A reply a person wrote may set `humanAgent: true`, which allows 7 days from the person's last message; past that, wait for the person to write again."),
  invalid_return_url: e("invalid_request", 400, false, "returnUrl is missing, too long, not a URL, or not https (http only for localhost).", "Send an absolute https URL of at most 2,048 characters."),
  invalid_webhook_events: e("invalid_request", 400, false, "`events` is not an array.", "Send `events` as an array of event names, or omit it to subscribe to every event."),
  invalid_webhook_url: e("invalid_request", 400, false, "The URL is not a complete URL.", "Send an absolute https URL."),
  prof_video_unsupported: e("invalid_request", 400, false, "Video posts to a personal profile are not accepted by the professional network.", "Post the video to an organisation target (`platformOptions.linkedin.author` set to an organisation URN from GET /v1/social-accounts/{id}/targets), or post images."),
  media_unknown: e("not_found", 404, false, "A media id does not resolve in this workspace.", "Upload the file with POST /v1/media and use the returned `med_` id."),
  media_type_mismatch: e("invalid_request", 400, false, "The Content-Type sent with an upload names another format than the file's bytes are; nothing was stored.", "Send the file's true type as Content-Type (the message names the type read from the bytes)."),
  media_url_invalid: e("forbidden", 403, false, "A signed media URL was altered, or was not made by this server.", "Use the media URL exactly as Chorus gave it; publishing again gives the network a fresh one."),
  media_url_expired: e("invalid_request", 410, false, "A signed media URL is past its expiry.", "Publish again: every attempt gives the network a freshly signed URL."),
  range_not_satisfiable: e("invalid_request", 416, false, "The Range header asks for bytes outside the file.", "Ask for a range within the size given in `Content-Range: bytes */<size>`, or send no Range header."),
  owner_identity_check: e("platform_error", 422, false, "The network requires a one-time identity confirmation of the page.", "The page owner must confirm their identity in the network's page settings."),
  missing_permission: e("conflict", 409, false, "A permission was not granted on the connection.", reconnect),
  no_channels: e("invalid_request", 400, false, "The account has no connected channels.", "Connect a channel with POST /v1/connect-link."),
  no_matching_accounts: e("invalid_request", 400, false, "The requested networks have nothing connected.", "Connect an account on those networks, or change `platforms`."),
  no_target: e("invalid_request", 400, false, "No accounts and no profile with channels were given.", "Pass `accounts` (acc_ ids) or a `profile` that owns connected accounts."),
  pin_board_missing: e("platform_error", 422, false, "The board is gone or not visible.", "Pick a board from GET /v1/social-accounts/{id}/targets."),
  pin_site_blocked: e("platform_error", 422, true, "The network could not fetch a media URL.", "Publish again."),
  search_keyword_unsupported: e("invalid_request", 400, false, "The photo network searches hashtags only: a query of several words cannot match one, so it is not sent.", "Search one hashtag (a single word, with or without #) with `mode=tag`, or leave the photo network out with `account`."),
  hashtag_search_limit: e("rate_limited", 429, true, "The account already searched 30 different hashtags in the last 7 days, the photo network's limit; the network would refuse the 31st.", "Search one of the hashtags already searched this week (repeating them is free), use another account, or wait until the oldest search is 7 days old (the message gives the time)."),
  place_search_unsupported: e("invalid_request", 400, false, "The network has no place search.", "Search places with an account on a network that lists place search in GET /v1/platforms."),
  approval_validation_failed: e(
    "conflict",
    409,
    false,
    "At the moment of approval, a target of the post no longer passes its checks (an account needs reconnecting, media was deleted, an option became invalid). Nothing was approved, sent or charged; the post is still pending_approval.",
    "Fix what the message names per target and approve again, or approve with `force: true` to send the targets that pass (the others are stored failed with their code), or reject the post.",
  ),
  approval_thread_unsupported: e("invalid_request", 400, false, "An approval rule holds this post, and a post with `thread` is sent in one go at creation, so it cannot wait for approval.", "Send the chain from a key or profile without an approval rule, or post its first item alone and add the replies after it is approved."),
  approval_link_invalid: e("invalid_request", 400, false, "The approval link is not valid: it was altered, or was not made by this server.", "Ask whoever sent the link for a new one: POST /v1/posts/{id}/approval-link with an API key."),
  approval_link_expired: e("invalid_request", 410, false, "The approval link expired (links work for 48 hours).", "Ask whoever sent the link for a new one: POST /v1/posts/{id}/approval-link with an API key."),
  post_state_invalid: e("conflict", 409, false, "The post's state does not allow this operation.", "Drafts are edited and deleted, scheduled posts are moved and cancelled, published posts are edited (PATCH, where their networks allow) and retracted."),
  edit_unsupported: e("invalid_request", 422, false, "The network offers no way to change this part of a published post through its API (or the post's media or schedule, which no network changes after publishing).", "Delete the post there (POST /v1/posts/{id}/retract) and publish it again with the change. The description of PATCH /v1/posts/{id} in the OpenAPI document lists what each network can change."),
  profile_required: e("invalid_request", 400, false, "The workspace has more than one profile and none was named.", "Pass `profile` with the profile's username."),
  profile_unknown: e("not_found", 404, false, "The named profile does not exist.", "Create it with POST /v1/profiles or list them with GET /v1/profiles."),
  queue_conflict: e(
    "invalid_request",
    400,
    false,
    "`queue: true` was sent with scheduledAt, timezone, draft or thread; the queue picks the time itself.",
    "Send either `queue: true` (the next free slot of the profile's queue) or `scheduledAt` (with an optional `timezone`), not both; queued posts cannot be drafts or thread chains.",
  ),
  queue_empty: e("conflict", 409, false, "The profile's posting queue has no time slots.", "Add weekly slots with PUT /v1/profiles/{id}/queue (e.g. `{ \"day\": \"mon\", \"time\": \"09:30\" }`), or send `scheduledAt` instead of `queue`."),
  queue_paused: e("conflict", 409, false, "The profile's posting queue is paused, so nothing new can be queued.", "Resume it with PUT /v1/profiles/{id}/queue and `paused: false`, or send `scheduledAt` instead of `queue`. Posts already queued keep their time while it is paused."),
  queue_profile_required: e(
    "invalid_request",
    400,
    false,
    "A queued post's targets name no single profile, so there is no queue to take a slot from.",
    "Send `profile` (its username) with `queue: true`, or only accounts that belong to one profile.",
  ),
  recurrence_invalid: e(
    "invalid_request",
    400,
    false,
    "`recurrence` is not an RRULE of the supported subset, or combines parts RFC 5545 forbids together.",
    "Send an RRULE such as `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`: FREQ is DAILY, WEEKLY or MONTHLY; optional INTERVAL (1-365), BYDAY (MO..SU; with MONTHLY an ordinal such as 1MO or -1FR), BYMONTHDAY (1-31 or -31..-1; not with WEEKLY), and at most one of COUNT (1-1000) and UNTIL (20270601T000000Z or 20270601).",
  ),
  recurrence_count_exceeded: e("invalid_request", 400, false, "The rule's COUNT is over 1,000 occurrences, the most one series may have.", "Send COUNT=1000 or less, or UNTIL, or no end at all (the series then runs until DELETE /v1/series/{id})."),
  recurrence_until_past: e("invalid_request", 400, false, "The rule's UNTIL is not in the future, or falls before the first occurrence, so the series would never post.", "Send an UNTIL after the first occurrence (UTC, `20270601T090000Z`), or COUNT instead."),
  recurrence_conflict: e("invalid_request", 400, false, "`recurrence` was sent with queue, draft or thread.", "A recurring post takes its times from its rule: drop `queue`, `draft` and `thread`, and send `scheduledAt` (the first occurrence) with `timezone`."),
  series_state_invalid: e(
    "conflict",
    409,
    false,
    "The series' state does not allow this operation.",
    "Read it with GET /v1/series/{id}: active series are paused, edited and cancelled; paused ones are resumed, edited and cancelled; ended and cancelled series only stay readable.",
  ),
  schedule_in_past: e("invalid_request", 400, false, "scheduledAt is not in the future.", "Send a future ISO 8601 timestamp, or omit scheduledAt to publish now."),
  text_invalid: e("invalid_request", 400, false, "The video-sharing network rejects the description (no < or >, under 5,000 characters).", "Remove < and > and keep the description under 5,000 characters."),
  clip_privacy_level: e("invalid_request", 400, false, "This privacy setting is not offered to the account.", "Use one of the privacy options in GET /v1/social-accounts/{id}/publish-info."),
  clip_url_unverified: e("platform_error", 422, false, "The service's media domain needs re-verification with the network.", "Contact support; this is on Chorus's side."),
  timezone_invalid: e("invalid_request", 400, false, "Not an IANA zone name; abbreviations are rejected.", "Use a zone name such as Europe/Berlin or America/New_York."),
  timezone_without_schedule: e("invalid_request", 400, false, "timezone was sent without scheduledAt.", "Send scheduledAt with timezone, or drop timezone."),
  title_invalid: e("invalid_request", 400, false, "The title is empty or contains < or >.", "Send a non-empty title without < or >."),
  unknown_webhook_event: e("invalid_request", 400, false, "An event name is not supported.", "Use event names from the Events table in /docs."),
  webhook_loopback_disabled: e(
    "invalid_request",
    400,
    false,
    "The webhook URL is on this server's loopback interface (localhost, 127.0.0.0/8, [::1]). Loopback endpoints are a local-development setting, off on a server others reach.",
    "Use a public https URL (a tunnel to a receiver on your machine works). Running Chorus on your own machine, listen on HOST=127.0.0.1 or set CHORUS_ALLOW_LOOPBACK_WEBHOOKS=true.",
  ),
  webhook_https_required: e("invalid_request", 400, false, "The webhook endpoint is not HTTPS.", "Use an https:// URL."),
  micro_account_locked: e("platform_error", 422, false, "The microblog network locked the account.", "The account holder must unlock the account on the network."),
  micro_unavailable: e("platform_error", 502, true, "Posting is briefly unavailable on the network's side.", "Retry in a few minutes."),
  video_no_channel: e("platform_error", 422, false, "The Google account has no channel.", "Create a channel for the account, then reconnect."),
  video_upload_limit: e("platform_error", 429, true, "The channel hit the network's upload limit.", "Wait until the network lifts the limit (usually 24 hours)."),
  broadcast_state_invalid: e("conflict", 409, false, "The live broadcast's status, as the network reports it now, does not allow this operation.", "Read the broadcast (GET /v1/social-accounts/{id}/live-broadcasts/{liveId}): `start` needs `scheduled` or `ready`, `end` needs `live` (or `scheduled`, which cancels it), and the stream credentials exist only until the broadcast is over."),
  live_not_enabled: e("platform_error", 422, false, "The channel is not enabled for live streaming on the network (the video-sharing network asks for a verified channel and takes up to 24 hours to enable it).", "The channel owner enables live streaming at https://www.youtube.com/features, waits until the network turns it on, then creates the broadcast again."),
  broadcast_schedule_too_far: e("invalid_request", 400, false, "scheduledStartTime is further ahead than the network lets a broadcast be scheduled (the page network: seven days).", "Send a scheduledStartTime within the network's window, or create the broadcast later."),
  connect_link_invalid: e("invalid_request", 400, false, "The connect link was altered or was not made by this server.", "Ask for a new link: the app that sent it creates one with POST /v1/connect-link."),
  connect_link_expired: e("invalid_request", 410, false, "The connect link (valid 15 minutes) or the sign-in started from it (valid 10 minutes) expired.", "Create a new link with POST /v1/connect-link and open it right away."),
  connect_state_invalid: e("invalid_request", 400, false, "The network sent the person back with a sign-in attempt (OAuth `state`) that is unknown, already finished, or was started in another browser.", "Start again from the connect link, and finish in the same browser."),
  connect_link_required: e("invalid_request", 400, false, "This network connects through its own consent screen, which a person must complete; the API cannot do it for them.", "Create a link with POST /v1/connect-link (or GET /v1/connect-link?platform=<network>) and open it in a browser."),
  app_credentials_missing: e("invalid_request", 400, false, "No app credentials are configured for this network, so Chorus cannot start its OAuth flow with a live key.", "Add your app's client id and secret with POST /v1/credentials, or set CHORUS_<NETWORK>_CLIENT_ID and CHORUS_<NETWORK>_CLIENT_SECRET on the server."),
  target_not_published: e("conflict", 409, false, "The post's target is not published on its network (draft, scheduled, processing, failed or retracted), so the network has no analytics for it.", "Analytics exist for published targets only: read GET /v1/posts/{id} for the target's `state` and `error`, and ask again once it is published."),
  capability_unsupported: e("invalid_request", 400, false, "The account's network does not offer this feature (for example ad accounts on the microblog network, or a profile edit where the network allows none).", "GET /v1/platforms/{platform} shows what each network supports; use an account on a network that has the feature."),
  publish_info_unsupported: e("not_found", 404, false, "The network has no creator-level publishing constraints to read; only the short-video network publishes them.", "Skip this call for this account: its limits are the network's capabilities in GET /v1/platforms/{platform}."),
  sandbox_only: e("invalid_request", 400, false, "This operation exists only for test keys and sandbox accounts.", "Use a test key (sk_test_…) and a sandbox account."),
  platform_rejected: e("platform_error", 422, false, "The network refused the request for a reason Chorus does not recognise; the message is the network's own.", null),
  platform_unavailable: e("platform_error", 502, true, "The network failed or did not answer.", "Retry later."),
  url_unreachable: e("invalid_request", 400, false, "Chorus could not fetch a URL you gave it. For safety every cause (a private or local address, a redirect to one or to http, no answer, an error status, too slow, too large) gives this same answer.", "Give a public https URL that answers directly (or within 3 redirects, all https) with the file, within the size and time limits the endpoint documents."),
  app_credentials_invalid: e("platform_error", 502, false, "The network does not recognise the app this server (or workspace) uses: its client id is invalid, or the app was deleted or not yet approved. Nothing the person does fixes it.", "The operator must check the network app's client id and secret: CHORUS_<NETWORK>_CLIENT_ID / CHORUS_<NETWORK>_CLIENT_SECRET on the server, or the workspace's own app in POST /v1/credentials."),
  video_thumbnail_not_set: e("platform_error", 422, false, "The video was published, but the video-sharing network refused its custom thumbnail (the channel is not verified for custom thumbnails, or the image was refused); the video shows an automatic thumbnail.", "Verify the channel (youtube.com/verify) to use custom thumbnails, then set the thumbnail in YouTube Studio; publishing again would upload the video twice."),
  timestamp_invalid: e("invalid_input", 400, false, "A timestamp is not a real ISO 8601 date-time: malformed, a date the calendar does not have (2030-02-30), a year outside 0001-9999, or a time without an offset where no `timezone` says which zone it is in.", "Send the field named in `param` as YYYY-MM-DDTHH:MM:SS with Z or an offset, such as 2030-01-31T09:30:00Z or 2030-01-31T09:30:00+01:00; a time without an offset needs `timezone`."),
  media_corrupt: e("invalid_request", 400, false, "The file is a format Chorus takes, but its bytes do not hold what its header claims: it is cut short (PNG without IDAT/IEND, JPEG without scan data or end marker, WebP shorter than its RIFF length, GIF without trailer, video without `moov` or with a box past the end) or damaged; nothing was stored.", "Upload the complete file again; if it was cut short while saving, export it again from the app that made it."),
  transform_unavailable: e("invalid_request", 422, false, "autoFix needs a media transform this server cannot run: sharp (images) or FFmpeg (video) did not load on Node, or the server runs on Workers, where Chorus transforms nothing yet. The target was not sent.", "Upload a file that already fits the network (the target's validation error says what it needs), or run Chorus on Node with sharp and FFmpeg installed (docs/media-transforms.md); `npm start` logs which transforms are on."),
  transform_failed: e("invalid_request", 422, false, "autoFix could not derive the network's variant from the file: it does not decode (cut short or damaged), it is larger than the pixel ceiling (a pixel bomb), or it cannot be compressed under the network's byte limit. Nothing was stored and the target was not sent.", "Export the file again from the app that made it (complete, within 36 megapixels), or upload one that already fits the network."),
  media_transform_applied: e("invalid_request", 400, false, "A note only, never a refusal: autoFix sends this target a variant of the file (converted, cropped, padded, resized or compressed, EXIF orientation applied, metadata stripped) instead of the upload itself.", "Nothing to do; set `autoFix: false` (per post or in `platformOptions.<network>.autoFix`) to send the upload unchanged."),
  media_in_use: e(
    "conflict",
    409,
    false,
    "A scheduled post, or a post still being sent or processed, uses this file: deleting it would break that post.",
    "Cancel the post (DELETE /v1/posts/{id}) or give it other media (PATCH /v1/posts/{id} with `media`), or wait until it is published; GET /v1/media/{id} lists the posts in `usedBy`. Then delete the file.",
  ),
  upload_unknown: e("not_found", 404, false, "The upload session id does not resolve in this workspace, or the session expired (24 hours after it started).", "Start a new upload session with POST /v1/media/uploads."),
  upload_closed: e(
    "conflict",
    409,
    false,
    "The upload session no longer takes parts: it is being completed, was completed, or was aborted.",
    "GET /v1/media/uploads/{id}: once `state` is `completed`, `media` is the file's id; otherwise start a new session with POST /v1/media/uploads.",
  ),
  upload_part_invalid: e(
    "invalid_request",
    400,
    false,
    "The part is not one the session expects: its number is past the last part, or its length is not `partSize` (the last part: the rest of `size`). The part was not kept.",
    "Send part n as bytes (n-1)*partSize up to n*partSize of the file, to the `url` the session lists for it.",
  ),
  upload_incomplete: e(
    "conflict",
    409,
    false,
    "Some parts of the upload session have not been received (the message names them).",
    "GET /v1/media/uploads/{id} lists the parts received; PUT the missing ones, then complete again.",
  ),
  media_dimensions_too_large: e("invalid_request", 400, false, "The file's picture is larger than any network takes: a side over 16,384 pixels or more than 36,152,320 pixels in all; nothing was stored.", "Resize the file within 16,384 pixels per side and 36 megapixels (GET /v1/platforms gives each network's own bounds), then upload it again."),
  text_invalid_characters: e("invalid_input", 400, false, "A string in the body, path or query contains a NUL character (U+0000) or an unpaired UTF-16 surrogate (such as a lone \\ud800), which no network and no database stores.", "Remove the character from the field named in `param`, and send text as well-formed UTF-8 (every \\ud800-\\udbff escape followed by a \\udc00-\\udfff one)."),
  server_misconfigured: e("service_unavailable", 503, false, "The server is missing a required setting (named in the message) and serves nothing until it has it.", "The operator sets it (`wrangler secret put <NAME>`, or `.dev.vars` locally; `npm run dev` writes them) and redeploys."),
  delete_unsupported: e("invalid_request", 400, false, "The network allows no deletion of a published post through its API (the short-video and photo networks); a retract leaves that target published.", "Delete the post in the network's own app."),
  webhook_verify_token_invalid: e("forbidden", 403, false, "The network's webhook verification handshake (`hub.mode=subscribe`) sent a `hub.verify_token` that does not match this server's, or none is configured.", "Set CHORUS_META_VERIFY_TOKEN on the server and enter the same value as the verify token in the Meta App Dashboard's webhook settings."),
  webhook_not_subscribed: e("conflict", 409, false, "The network delivers nothing for this account and event: the account (or its page) is not subscribed to that webhook field.", "Subscribe the account first with POST /v1/social-accounts/{id}/webhook (default fields feed, mention, messages)."),
  app_link_invalid: e("invalid_request", 400, false, "The dashboard link was altered, or was not made by this server.", "Ask for a new link: POST /v1/app-link with your API key, or `npm run chorus -- app-link --workspace ws_…` on the server."),
  app_link_used: e("invalid_request", 410, false, "The dashboard link was already used: each app link opens one session.", "Create a new link with POST /v1/app-link (or `npm run chorus -- app-link`) and open it once."),
  app_link_expired: e("invalid_request", 410, false, "The dashboard link expired: app links work for 5 minutes.", "Create a new link with POST /v1/app-link (or `npm run chorus -- app-link`) and open it right away."),
  action_unsupported: e("invalid_request", 400, false, "The account's network does not offer this engagement action through its API (removed, gated behind a tier, or never offered).", "Use one of the actions the message names for this network (GET /v1/platforms/{platform} lists them as `engagements`), or an account on a network that has the action."),
  engagement_target_not_found: e("not_found", 404, false, "The post or person an engagement names does not exist on the network, or is not visible to the acting account.", "Check the `target`: a post that was deleted or a handle that changed no longer resolves. Read the account's posts (GET /v1/social-accounts/{id}/posts) or the person's profile for the current id."),
  csrf_token_invalid: e("forbidden", 403, false, "A dashboard form was sent without this session's form token (or with another session's): nothing was changed.", "Reload the dashboard page and send the form again from it."),

  // Agents (OAuth): what the owner granted on the consent page
  agent_grant_expired: e("forbidden", 403, false, "The agent's grant has passed its `expiresAt`; nothing was read or written.", "The workspace owner renews the grant with a later `expiresAt` (or null for none): PATCH /v1/agents/{id} with an API key (`grant.expiresAt`), or approves the agent again on the consent page."),
  agent_grant_action: e("forbidden", 403, false, "The agent's grant does not include the action this call needs (read, draft, publish_or_schedule, reply_and_message, engage or delete). Nothing was read or written.", "The workspace owner widens the grant: PATCH /v1/agents/{id} with an API key (`grant.actions`), or approves the agent again on the consent page."),
  agent_grant_profile: e("forbidden", 403, false, "The call reaches a brand (profile) the agent may not act for. Nothing was written.", "Act only for the profiles in the grant (GET /v1/me shows it), or ask the owner to add the profile: PATCH /v1/agents/{id} (`grant.profiles`)."),
  agent_grant_platform: e("forbidden", 403, false, "The call reaches a network the agent may not use. Nothing was written.", "Use only the networks in the grant (GET /v1/me shows it), or ask the owner to add the network: PATCH /v1/agents/{id} (`grant.platforms`)."),
  agent_grant_daily_credits: e("forbidden", 403, false, "The post would take the agent past the credits per day its owner allowed. Nothing was written or charged.", "Wait for the next UTC day (GET /v1/me shows today's spend), or ask the owner to raise `grant.creditsPerDay` with PATCH /v1/agents/{id}."),
  agent_grant_purchased_credits: e("forbidden", 403, false, "Only purchased credits are left for this post, and the agent may not spend them. Nothing was written or charged.", "Ask the owner to allow purchased credits (`grant.purchasedCredits` with PATCH /v1/agents/{id}), or wait for the monthly allowance to renew."),
  agent_grant_owner_only: e("forbidden", 403, false, "This endpoint or tool is for the workspace owner (keys, webhooks, credentials, connecting accounts, agents); no grant gives it to an agent.", "Ask the workspace owner to do it with an API key or from the dashboard."),
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalogue, value);
}
