import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * Threads as data. Facts from shared/networks/threads.md. The Threads API is versioned on its
 * own (`v1.0`, unchanged since 2024-06), not with the Graph API.
 */
export const threadsDefaultApiVersion = "v1.0";

export const threadsUrls = {
  /** Authorize page; Meta's newer pages show threads.com, which serves the same flow. */
  authorize: "https://threads.net/oauth/authorize",
  graph: "https://graph.threads.net",
} as const;

export const threadsHosts = ["threads.net", "graph.threads.net"] as const;

/**
 * Asked at connect, comma-separated. threads_basic is needed by every call and by refresh;
 * threads_content_publish also gates the publishing-limit read.
 */
export const threadsScopes = [
  "threads_basic",
  "threads_content_publish",
  "threads_read_replies",
  "threads_manage_replies",
  "threads_manage_insights",
  "threads_manage_mentions",
  "threads_delete",
  "threads_keyword_search",
  "threads_profile_discovery",
  "threads_location_tagging",
] as const;

/** Threads runs on Meta's Graph infrastructure; the same usage headers are expected [unverified for Threads]. */
export const threadsRateLimitHeaders = ["x-app-usage", "x-business-use-case-usage"] as const;

export const threadsCapabilities = {
  platform: "threads",
  name: "Threads",
  kind: "threaded",
  errorPrefix: null,
  text: {
    maxLength: 500,
    counting: "characters",
    notes: "Emoji count as their UTF-8 byte length, not as one character; at most 5 links per post [3p].",
  },
  media: {
    required: false,
    videoOnly: false,
    maxImages: 20,
    maxVideos: 20,
    mixed: true,
    imageFormats: ["jpeg", "png"],
    videoFormats: ["mp4", "mov"],
    maxImageBytes: 8 * 1024 * 1024,
    maxVideoBytes: 1024 * 1024 * 1024,
    minWidth: 320,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: { min: 0.1, max: 10 },
    minVideoSeconds: null,
    maxVideoSeconds: 300,
  },
  asynchronousPublishing: true,
  connect: { method: "oauth2", pkce: false, variants: [], scopes: [...threadsScopes] },
  targets: [],
  rateLimits: [
    { scope: "account_posts", limit: 250, windowSeconds: 86400, notes: "API-published posts per rolling 24 h; read live from threads_publishing_limit." },
    { scope: "account_replies", limit: 1000, windowSeconds: 86400, notes: "Replies per rolling 24 h." },
    { scope: "account_deletes", limit: 100, windowSeconds: 86400, notes: "Deletes per 24 h." },
    { scope: "keyword_search", limit: 2200, windowSeconds: 86400, notes: "Search queries per user across all apps per rolling 24 h; empty results do not count." },
    { scope: "profile_discovery", limit: 1000, windowSeconds: 86400, notes: "profile_lookup and profile_posts requests per user per rolling 24 h." },
  ],
  options: {
    replyControl: {
      type: "string",
      values: ["everyone", "accounts_you_follow", "mentioned_only", "parent_post_author_only", "followers_only"],
      required: false,
      description: "Who may reply to the post.",
    },
    topicTag: { type: "string", maxLength: 50, required: false, description: "One topic tag for the post, 1-50 characters, without '.' or '&'." },
    linkAttachment: { type: "string", required: false, description: "URL shown as a link preview; text-only posts only." },
    pollOptions: { type: "array", required: false, description: "2 to 4 poll options of 1-25 characters each; text-only posts only." },
    altText: { type: "string", maxLength: 1000, required: false, description: "Alternative text for an image or video." },
    locationId: { type: "string", required: false, description: "Id of a place from GET /v1/discover/places on a Threads account (Threads location search; needs threads_location_tagging)." },
    allowlistedCountryCodes: { type: "array", required: false, description: "ISO 3166-1 alpha-2 codes: only people in these countries see the post." },
    quotePostId: { type: "string", required: false, description: "Id of a Threads post to quote." },
  },
} satisfies NetworkCapabilities;

/**
 * Container pacing: Meta advises waiting about 30 seconds before publishing a container and
 * polling its status at most once a minute for up to five minutes. A carousel takes 2 to 20
 * items. `findWindowHours` bounds the search for a post whose publish answer was lost.
 */
export const threadsPublishing = { pollSeconds: 30, videoPollSeconds: 60, carouselItems: { min: 2, max: 20 }, findWindowHours: 24, recentPostsLimit: 50 } as const;
