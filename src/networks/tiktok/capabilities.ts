import type { NetworkCapabilities } from "../capabilities-schema.js";

/** Login Kit v2 consent on www.tiktok.com; every API call (trailing slash included) on open.tiktokapis.com. */
export const tiktokAuthorizeUrl = "https://www.tiktok.com/v2/auth/authorize/";
export const tiktokApiBaseUrl = "https://open.tiktokapis.com";
/** Path version; TikTok has no dated version header and v1 OAuth was retired in 2024. */
export const tiktokApiVersion = "v2";
export const tiktokTokenUrl = `${tiktokApiBaseUrl}/${tiktokApiVersion}/oauth/token/`;
export const tiktokRevokeUrl = `${tiktokApiBaseUrl}/${tiktokApiVersion}/oauth/revoke/`;
export const tiktokUserInfoUrl = `${tiktokApiBaseUrl}/${tiktokApiVersion}/user/info/`;
export const tiktokCreatorInfoUrl = `${tiktokApiBaseUrl}/${tiktokApiVersion}/post/publish/creator_info/query/`;

/** Content Posting API: Direct Post video, inbox (draft) video, photo posts and the status poll. */
export const tiktokPublishUrls = {
  videoInit: `${tiktokApiBaseUrl}/${tiktokApiVersion}/post/publish/video/init/`,
  inboxVideoInit: `${tiktokApiBaseUrl}/${tiktokApiVersion}/post/publish/inbox/video/init/`,
  contentInit: `${tiktokApiBaseUrl}/${tiktokApiVersion}/post/publish/content/init/`,
  statusFetch: `${tiktokApiBaseUrl}/${tiktokApiVersion}/post/publish/status/fetch/`,
  /** Display API: the creator's public videos, newest first (used to find a post after a lost answer). */
  videoList: `${tiktokApiBaseUrl}/${tiktokApiVersion}/video/list/`,
} as const;

/** Public address of a post, from the creator's username and the post id moderation releases. */
export const tiktokPostUrl = (username: string, postId: string) => `https://www.tiktok.com/@${encodeURIComponent(username)}/video/${postId}`;

/**
 * TikTok sends no Retry-After; its limits are per-minute sliding windows (6 inits, 30 status
 * polls per token), so a throttled call is worth retrying after a minute.
 */
export const tiktokRetryAfterSeconds = 60;

/** Seconds between status polls: PULL_FROM_URL downloads take seconds to minutes, moderation about a minute. */
export const tiktokPollSeconds = { processing: 5, moderation: 30 } as const;

/** Longest caption TikTok returns in the Display API (`video_description`, `title`); longer ones are cut. */
export const tiktokListedCaptionLength = 150;

/**
 * Scopes asked at connect (comma-separated on the wire). Each one is a double gate: the app must
 * be approved for it and the person may still refuse it, so the granted list comes back in the
 * token answer and the adapter reads only what was granted.
 */
export const tiktokScopes = ["user.info.basic", "user.info.profile", "user.info.stats", "video.list", "video.publish", "video.upload"] as const;

/** TikTok documents no rate-limit headers; a 429 `rate_limit_exceeded` means back off about a minute. */
export const tiktokRateLimitHeaders = {} as const;

export const tiktokPrivacyLevels = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"] as const;

const MB = 1024 * 1024;

export const tiktokCapabilities = {
  platform: "tiktok",
  name: "TikTok",
  kind: "short-video",
  errorPrefix: "clip_",
  text: {
    maxLength: 2200,
    counting: "characters",
    notes: "TikTok counts UTF-16 code units, so an emoji uses 2 of the 2,200. Photo posts take the text as `description` (4,000) and a separate `title` of 90.",
  },
  media: {
    required: true,
    videoOnly: false,
    maxImages: 35,
    maxVideos: 1,
    mixed: false,
    imageFormats: ["jpeg", "webp"],
    videoFormats: ["mp4", "webm", "mov"],
    maxImageBytes: 20 * MB,
    maxVideoBytes: 4 * 1024 * MB,
    // Photo bounds from the spec (540x960 to 1080x1920); videos may be 360 to 4096 px a side.
    minWidth: 540,
    minHeight: 960,
    maxWidth: 1080,
    maxHeight: 1920,
    aspectRatio: null,
    minVideoSeconds: null,
    // The API accepts 10 minutes; the creator's own cap (publish-info maxVideoPostDurationSec) is often lower.
    maxVideoSeconds: 600,
  },
  asynchronousPublishing: true,
  // PKCE is required for TikTok's desktop and mobile apps and optional for web server apps, which
  // authenticate with client_secret; Chorus is a web server app, so it does not send it.
  connect: { method: "oauth2", pkce: false, variants: [], scopes: [...tiktokScopes] },
  targets: [],
  rateLimits: [
    { scope: "user token: POST /v2/post/publish/video/init/, inbox/video/init/, content/init/", limit: 6, windowSeconds: 60 },
    { scope: "user token: POST /v2/post/publish/creator_info/query/", limit: 20, windowSeconds: 60 },
    { scope: "user token: POST /v2/post/publish/status/fetch/", limit: 30, windowSeconds: 60 },
    { scope: "app: GET /v2/user/info/, POST /v2/video/list/, /v2/video/query/", limit: 600, windowSeconds: 60 },
    { scope: "creator: direct posts", limit: 15, windowSeconds: 86_400, notes: "About 15 per creator per day across all apps (spam_risk_too_many_posts)." },
    { scope: "creator: pending inbox uploads", limit: 5, windowSeconds: 86_400, notes: "spam_risk_too_many_pending_share." },
  ],
  options: {
    privacyLevel: {
      type: "string",
      values: [...tiktokPrivacyLevels],
      required: true,
      description: "Who can see the post (`privacy_level`); must be one of the account's options in publish-info. Unaudited apps may only use SELF_ONLY.",
    },
    title: { type: "string", maxLength: 90, required: false, description: "Photo posts only: the title shown above the description (`post_info.title`)." },
    disableComment: { type: "boolean", required: false, description: "Turns comments off (`disable_comment`); forced on when publish-info says comments are disabled." },
    disableDuet: { type: "boolean", required: false, description: "Video only: turns duets off (`disable_duet`)." },
    disableStitch: { type: "boolean", required: false, description: "Video only: turns stitches off (`disable_stitch`)." },
    videoCoverTimestampMs: { type: "integer", required: false, description: "Video only: the frame used as cover, in milliseconds (`video_cover_timestamp_ms`)." },
    photoCoverIndex: { type: "integer", required: false, description: "Photo posts: 0-based index of the cover image (`photo_cover_index`); defaults to 0." },
    autoAddMusic: { type: "boolean", required: false, description: "Photo posts: lets TikTok add music (`auto_add_music`)." },
    brandContentToggle: { type: "boolean", required: false, description: "Paid partnership promoting a third party (`brand_content_toggle`); cannot be SELF_ONLY." },
    brandOrganicToggle: { type: "boolean", required: false, description: "Promotes the creator's own business (`brand_organic_toggle`)." },
    isAigc: { type: "boolean", required: false, description: "Video only: labels AI-generated content (`is_aigc`)." },
    postMode: {
      type: "string",
      values: ["DIRECT_POST", "MEDIA_UPLOAD"],
      required: false,
      description: "DIRECT_POST publishes; MEDIA_UPLOAD sends the media to the creator's TikTok inbox to finish in the app (at most 5 pending a day). Default DIRECT_POST.",
    },
  },
} satisfies NetworkCapabilities;
