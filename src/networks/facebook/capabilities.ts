import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * Facebook Pages as data: scopes, rate-limit headers and the public capability record (the
 * Graph hosts and version are the Meta family's, meta/facebook-graph.ts). Facts from shared/networks/facebook.md; [3p] marks third-party figures.
 */

/**
 * Asked at connect (comma-separated in the dialog). pages_show_list lists the pages; posting
 * needs pages_manage_posts + pages_read_engagement (+ publish_video for video); comments need
 * pages_read_user_content + pages_manage_engagement; webhooks need pages_manage_metadata;
 * ads_read lists the person's ad accounts.
 */
export const facebookScopes = [
  "public_profile",
  "pages_show_list",
  "pages_read_engagement",
  "pages_manage_posts",
  "pages_read_user_content",
  "pages_manage_engagement",
  "pages_manage_metadata",
  "pages_messaging",
  "read_insights",
  "publish_video",
  "business_management",
  "ads_read",
] as const;

/** Usage headers Graph sends (JSON bodies with call_count / total_cputime / total_time percentages). */
export const facebookRateLimitHeaders = ["x-app-usage", "x-page-usage", "x-business-use-case-usage"] as const;

export const facebookCapabilities = {
  platform: "facebook",
  name: "Facebook Pages",
  kind: "page-based",
  errorPrefix: "page_",
  text: { maxLength: 63206, counting: "characters", notes: "[3p] figure; the network does not document a feed post limit." },
  media: {
    required: false,
    videoOnly: false,
    maxImages: 10,
    maxVideos: 1,
    mixed: false,
    imageFormats: ["jpeg", "png", "gif", "bmp", "tiff"],
    videoFormats: ["mp4", "mov"],
    maxImageBytes: 4 * 1024 * 1024,
    maxVideoBytes: null,
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: null,
    minVideoSeconds: null,
    maxVideoSeconds: null,
  },
  // Text, link and photo posts publish at once; a video is accepted, then processed: it ends in `processing`.
  asynchronousPublishing: true,
  connect: { method: "oauth2", pkce: false, variants: [], scopes: [...facebookScopes] },
  targets: ["page"],
  rateLimits: [
    { scope: "page", limit: 4800, windowSeconds: 86400, notes: "Page-token calls: 4,800 x engaged users per rolling 24 h (business-use-case limit)." },
    { scope: "app_user", limit: 200, windowSeconds: 3600, notes: "User-token calls: 200 x daily active users per hour, app-wide." },
    { scope: "page_reels", limit: 30, windowSeconds: 86400, notes: "API-published reels per page per rolling 24 h." },
    { scope: "messenger_send", limit: 300, windowSeconds: 1, notes: "Send API text messages per page per second (10/s for audio and video)." },
    { scope: "conversations", limit: 2, windowSeconds: 1, notes: "Conversations API calls per page per second." },
  ],
  options: {
    pageId: { type: "string", required: true, description: "Id of the page to publish on, from GET /v1/social-accounts/{id}/targets." },
    postType: {
      type: "string",
      values: ["feed", "reel", "story"],
      required: false,
      description:
        "Where the post goes: the page feed (default: text, a link, photos or one video), a reel (one video of 3 to 90 seconds, 9:16 recommended; at most 30 reels per page per 24 hours) or a story (one photo, or one video of 3 to 60 seconds; stories take no text).",
    },
    link: { type: "string", required: false, description: "A URL shown as a link preview; feed posts without media only." },
    title: { type: "string", required: false, description: "Title of a feed video or a reel." },
    sponsorId: { type: "string", required: false, description: "Page id of the brand partner, for a branded-content post (sent as sponsor_id)." },
  },
} satisfies NetworkCapabilities;

/**
 * Publishing pacing: a video is processed after Meta fetched it (`GET /{video-id}?fields=status`);
 * the first poll comes after `videoPollSeconds`. `findWindowHours` bounds how far back a lost
 * publish is looked for among the page's posts.
 */
export const facebookPublishing = { videoPollSeconds: 15, findWindowHours: 24, recentPostsLimit: 50 } as const;
