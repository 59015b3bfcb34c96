import type { NetworkCapabilities } from "../capabilities-schema.js";

/** Consent on www.pinterest.com; the API (spec `servers[0]`) on api.pinterest.com/v5. */
export const pinterestAuthorizeUrl = "https://www.pinterest.com/oauth/";
/** Path version of the API; v4 was retired in 2024 and no version header exists. */
export const pinterestApiVersion = "v5";
export const pinterestApiBaseUrl = `https://api.pinterest.com/${pinterestApiVersion}`;
export const pinterestTokenUrl = `${pinterestApiBaseUrl}/oauth/token`;

/**
 * Scopes asked at connect (comma-separated on the wire). The `_secret` variants let a person pick
 * and post to secret boards; `ads:read` lists the ad accounts the connection can use.
 */
export const pinterestScopes = [
  "boards:read",
  "boards:read_secret",
  "boards:write",
  "boards:write_secret",
  "pins:read",
  "pins:read_secret",
  "pins:write",
  "pins:write_secret",
  "user_accounts:read",
  "ads:read",
] as const;

/**
 * Header names Pinterest is reported to send (not confirmed for v5, so read them only if present;
 * without them a 429 is handled with back-off).
 */
export const pinterestRateLimitHeaders = {
  limit: "x-ratelimit-limit",
  remaining: "x-ratelimit-remaining",
  reset: "x-ratelimit-reset",
} as const;

/**
 * Where video bytes go: POST /v5/media answers with this S3 bucket (spec `MediaUpload.upload_url`
 * example) and the form fields of a presigned POST policy. The URL is always taken from the answer.
 */
export const pinterestMediaUploadHost = "pinterest-media-upload.s3-accelerate.amazonaws.com";

/** Public address of a Pin. */
export const pinterestPinUrl = (pinId: string) => `https://www.pinterest.com/pin/${pinId}/`;

/** Seconds between polls of a video's media status (registered, processing, succeeded, failed). */
export const pinterestPollSeconds = 5;

/** A video Pin needs a cover; without coverImageUrl or coverImageKeyFrameTime the frame at this second is used. */
export const pinterestDefaultCoverSecond = 1;

/** Pins of the board read to find a Pin after a lost answer (newest first). */
export const pinterestRecentPinsPage = 50;

/** Pinterest pages with an opaque `bookmark`; 250 is the spec's largest page. */
export const pinterestMaxPageSize = 250;

const MB = 1024 * 1024;

export const pinterestCapabilities = {
  platform: "pinterest",
  name: "Pinterest",
  kind: "pinboard",
  errorPrefix: "pin_",
  text: {
    maxLength: 800,
    counting: "characters",
    notes: "The text is the Pin description (800 in the API; Pinterest's own guidance shows 500). Title 100, alt text 500, link 2,048.",
  },
  media: {
    required: true,
    videoOnly: false,
    // One image, a carousel of 2 to 5 images of identical dimensions, or one video.
    maxImages: 5,
    maxVideos: 1,
    mixed: false,
    imageFormats: ["jpeg", "png"],
    videoFormats: ["mp4", "mov", "m4v"],
    maxImageBytes: 20 * MB,
    maxVideoBytes: 2 * 1024 * MB,
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    // Video must sit between 1:2 and 1.91:1; images have no hard bound, so none is claimed here.
    aspectRatio: null,
    minVideoSeconds: 4,
    maxVideoSeconds: 900,
  },
  asynchronousPublishing: true,
  // The spec and Pinterest's pages describe only the confidential flow (HTTP Basic at the token endpoint).
  connect: { method: "oauth2", pkce: false, variants: [], scopes: [...pinterestScopes] },
  targets: ["board"],
  rateLimits: [
    { scope: "user per app (Standard access)", limit: 100, windowSeconds: 1, notes: "Universal limit for every call." },
    { scope: "app (Trial access)", limit: 1000, windowSeconds: 86_400, notes: "Trial apps: every call; Pins they create are visible only to their creator." },
    {
      scope: "category org_read / org_write / org_analytics / ads_read",
      limit: 0,
      windowSeconds: 60,
      notes: "Per-category limits apply on top (x-ratelimit-category in the spec); Pinterest does not publish the org_* numbers, so 0 means unknown.",
    },
  ],
  options: {
    boardId: { type: "string", required: true, description: "The board the Pin goes on (`board_id`, digits); pick one from GET /v1/social-accounts/{id}/targets." },
    boardSectionId: { type: "string", required: false, description: "A section of that board (`board_section_id`, digits)." },
    title: { type: "string", maxLength: 100, required: false, description: "Pin title (`title`)." },
    link: { type: "string", maxLength: 2048, required: false, description: "Destination URL opened from the Pin (`link`)." },
    altText: { type: "string", maxLength: 500, required: false, description: "Alternative text for the image (`alt_text`)." },
    dominantColor: { type: "string", required: false, description: "Placeholder colour shown while the image loads, as hex such as #6E7874 (`dominant_color`)." },
    coverImageUrl: { type: "string", required: false, description: "Video Pins: public URL of the cover image (`cover_image_url`); a cover is required, this or coverImageKeyFrameTime." },
    coverImageKeyFrameTime: {
      type: "integer",
      required: false,
      description: "Video Pins: second of the video used as cover (`cover_image_key_frame_time`); default 1 when no coverImageUrl is given.",
    },
    parentPinId: { type: "string", required: false, description: "The Pin this one was saved from (`parent_pin_id`, digits)." },
    sponsorId: { type: "string", required: false, description: "Account asked to sponsor the Pin as a paid partnership (`sponsor_id`); a closed beta at Pinterest." },
    adAccountId: { type: "string", required: false, description: "Business Access: publish as the owner of this ad account (`ad_account_id` query parameter)." },
  },
} satisfies NetworkCapabilities;
