import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * Instagram (professional accounts) as data, for both doors:
 * - `facebook_login`: Facebook Login, graph.facebook.com, an Instagram account linked to a Page;
 * - `instagram_login`: Business Login for Instagram, graph.instagram.com, no Page needed.
 * The door is recorded in TokenSet.extra.door at connect so later calls use the right host.
 * Facts from shared/networks/instagram.md.
 */

/** Same Graph version string on both hosts; NetworkConfig.apiVersion overrides it. */
export const instagramDefaultApiVersion = "v26.0";

export const instagramDoors = ["facebook_login", "instagram_login"] as const;
export type InstagramDoor = (typeof instagramDoors)[number];

/** The door used when a connect link names none: it needs no Facebook Page, so more people can use it. */
export const instagramDefaultDoor: InstagramDoor = "instagram_login";

export const instagramUrls = {
  facebookDialog: "https://www.facebook.com",
  facebookGraph: "https://graph.facebook.com",
  /** Business Login authorize page (the dashboard "embed URL"). */
  instagramAuthorize: "https://www.instagram.com/oauth/authorize",
  /** Code exchange for the Instagram-login door (form POST). */
  instagramToken: "https://api.instagram.com/oauth/access_token",
  instagramGraph: "https://graph.instagram.com",
} as const;

export const instagramHosts = ["www.facebook.com", "graph.facebook.com", "www.instagram.com", "api.instagram.com", "graph.instagram.com"] as const;

/** Facebook-login door. pages_* find the linked Page and install webhooks; ads_read lists ad accounts; instagram_branded_content_ads_brand and instagram_branded_content_brand read branded-content partners. */
export const instagramFacebookLoginScopes = [
  "instagram_basic",
  "instagram_content_publish",
  "instagram_manage_comments",
  "instagram_manage_insights",
  "instagram_manage_messages",
  "instagram_branded_content_ads_brand",
  "instagram_branded_content_brand",
  "instagram_creator_marketplace_discovery",
  "pages_show_list",
  "pages_read_engagement",
  "pages_manage_metadata",
  "business_management",
  "ads_read",
] as const;

/** Instagram-login door (the old business_* names died 2025-01-27). */
export const instagramLoginScopes = [
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
  "instagram_business_manage_insights",
] as const;

/** Webhook field names on the Instagram-login door (`/me/subscribed_apps`). */
export const instagramWebhookFields = [
  "comments",
  "live_comments",
  "mentions",
  "messages",
  "messaging_postbacks",
  "messaging_seen",
  "message_reactions",
  "messaging_referral",
  "messaging_handover",
  "standby",
] as const;

export const instagramRateLimitHeaders = ["x-app-usage", "x-business-use-case-usage"] as const;

export const instagramCapabilities = {
  platform: "instagram",
  name: "Instagram",
  kind: "photo and video sharing",
  errorPrefix: "photo_",
  text: { maxLength: 2200, counting: "characters", notes: "At most 30 hashtags and 20 @-mentions per caption; links are not clickable." },
  media: {
    required: true,
    videoOnly: false,
    maxImages: 10,
    maxVideos: 10,
    mixed: true,
    imageFormats: ["jpeg"],
    videoFormats: ["mp4", "mov"],
    maxImageBytes: 8 * 1024 * 1024,
    maxVideoBytes: 300 * 1024 * 1024,
    minWidth: 320,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: { min: 0.8, max: 1.91 },
    minVideoSeconds: 3,
    maxVideoSeconds: 900,
  },
  asynchronousPublishing: true,
  connect: {
    method: "oauth2",
    pkce: false,
    variants: [...instagramDoors],
    scopes: [...instagramFacebookLoginScopes, ...instagramLoginScopes],
  },
  targets: [],
  rateLimits: [
    { scope: "account_posts", limit: 100, windowSeconds: 86400, notes: "API-published posts per rolling 24 h (a carousel counts once); read live from content_publishing_limit." },
    { scope: "account_containers", limit: 400, windowSeconds: 86400, notes: "Media containers created per rolling 24 h." },
    { scope: "account_hashtags", limit: 30, windowSeconds: 604800, notes: "Unique hashtags searched per rolling 7 days (Facebook-login door)." },
    { scope: "messaging_send", limit: 300, windowSeconds: 1, notes: "Send API text messages per second (10/s for audio and video)." },
    { scope: "private_replies", limit: 750, windowSeconds: 3600, notes: "Private replies to comments per hour." },
  ],
  options: {
    postType: {
      type: "string",
      values: ["feed", "reel", "story"],
      required: false,
      description: "feed (default: one image, or a carousel of 2-10 items), reel (one video, 3 s to 15 min) or story (one image or video up to 60 s).",
    },
    altText: { type: "string", maxLength: 1000, required: false, description: "Alternative text for images (not videos)." },
    locationId: { type: "string", required: false, description: "Id of a Facebook Page with a location, from place search." },
    userTags: { type: "array", required: false, description: "People tagged on the image: [{ username, x, y }] with x and y between 0 and 1 (stories need no x/y)." },
    collaborators: { type: "array", required: false, description: "Up to 3 usernames invited as collaborators." },
    productTags: { type: "array", required: false, description: "Products tagged: [{ product_id, x, y }]; Facebook-login door only." },
    shareToFeed: { type: "boolean", required: false, description: "Reels: also show the reel in the profile feed." },
    coverUrl: { type: "string", required: false, description: "Reels: public URL of a JPEG cover image (wins over thumbOffset)." },
    thumbOffset: { type: "integer", required: false, description: "Reels: milliseconds into the video of the frame used as cover." },
    audioName: { type: "string", required: false, description: "Reels: name of the original audio." },
    trialParams: {
      type: "object",
      required: false,
      description: "Reels: post as a trial reel, shown to non-followers first (`trial_params`).",
      fields: {
        graduation_strategy: {
          values: ["MANUAL", "SS_PERFORMANCE"],
          required: true,
          description: "MANUAL: you decide in the Instagram app whether the trial reel goes to your followers; SS_PERFORMANCE: Instagram shares it with them when it performs well with non-followers.",
        },
      },
    },
  },
} satisfies NetworkCapabilities;

/**
 * Container pacing. Meta advises polling a container's `status_code` no more than once a
 * minute for video and giving up after about five minutes; images usually finish within
 * seconds. `findWindowHours` bounds the search for a post whose publish answer was lost;
 * stories carry no caption, so a lost story is the newest one within `findStoryWindowMinutes`.
 */
export const instagramPublishing = { imagePollSeconds: 5, videoPollSeconds: 30, findWindowHours: 24, findStoryWindowMinutes: 60, recentMediaLimit: 50 } as const;
