import type { NetworkCapabilities } from "../capabilities-schema.js";

/** X API v2 hosts: the browser consent page lives on x.com, every API call on api.x.com. */
export const twitterAuthorizeUrl = "https://x.com/i/oauth2/authorize";
export const twitterApiBaseUrl = "https://api.x.com";
/** Path version of the API; X sends no dated version header. */
export const twitterApiVersion = "2";
export const twitterTokenUrl = `${twitterApiBaseUrl}/${twitterApiVersion}/oauth2/token`;
export const twitterRevokeUrl = `${twitterApiBaseUrl}/${twitterApiVersion}/oauth2/revoke`;

/**
 * The scopes each feature Chorus has needs, from the `security` of every X endpoint it calls (X's
 * OpenAPI document). A connection asks only for the features Chorus uses, so the consent screen
 * never lists a permission nothing uses; an inbox or DM feature adds its row here and to
 * `twitterConnectedFeatures` when it ships (existing connections then reconnect for it).
 */
export const twitterFeatureScopes = {
  /** GET /2/users/me: X refuses it without tweet.read besides users.read. */
  identity: ["tweet.read", "users.read"],
  /** X issues a refresh token only with offline.access; without it a connection dies in two hours. */
  staySignedIn: ["offline.access"],
  /** POST /2/tweets, GET /2/users/{id}/tweets (finding a post whose answer was lost), DELETE /2/tweets/{id}. */
  publish: ["tweet.read", "tweet.write", "users.read"],
  /** POST /2/media/upload (+ initialize, append, finalize, GET status) and POST /2/media/metadata (alt text). */
  media: ["media.write"],
  /** GET /2/users/{id}/mentions (notifications: mentions and replies). */
  inbox: ["tweet.read", "users.read"],
  /** GET /2/dm_events, GET /2/dm_conversations/{id}/dm_events, POST /2/dm_conversations/{id}/messages. */
  messages: ["dm.read", "dm.write", "tweet.read", "users.read"],
  /** Reposts (POST/DELETE /2/users/{id}/retweets), mutes (/muting), bookmarks (/bookmarks), and the user lookup by username they need. */
  engage: ["tweet.read", "users.read", "tweet.write", "mute.write", "bookmark.write"],
  /** GET /2/users/{id}/tweets, /followers and /following. */
  accountReads: ["tweet.read", "users.read", "follows.read"],
  /**
   * GET /2/tweets/search/recent (a post's replies), POST /2/tweets with `reply`, DELETE
   * /2/tweets/{id}, and PUT /2/tweets/{tweet_id}/hidden, the one needing tweet.moderate.write.
   */
  comments: ["tweet.read", "tweet.write", "users.read", "tweet.moderate.write"],
} as const satisfies Record<string, readonly string[]>;

export type TwitterFeature = keyof typeof twitterFeatureScopes;
export const twitterConnectedFeatures: readonly TwitterFeature[] = ["identity", "staySignedIn", "publish", "media", "inbox", "messages", "engage", "accountReads", "comments"];

/** Scopes asked at connect: those of the connected features, once each. */
export const twitterScopes: readonly string[] = [...new Set(twitterConnectedFeatures.flatMap((feature) => twitterFeatureScopes[feature]))];

/** Per-endpoint limits come back on every answer; the reset header is epoch seconds. */
export const twitterRateLimitHeaders = {
  limit: "x-rate-limit-limit",
  remaining: "x-rate-limit-remaining",
  reset: "x-rate-limit-reset",
  dailyAppReset: "x-app-limit-24hour-reset",
  dailyUserReset: "x-user-limit-24hour-reset",
} as const;

/**
 * X's weighted counting (twitter-text config v3, the reference implementation X publishes):
 * code points in `ranges` weigh `weight / scale` = 1, every other code point 2 (CJK, emoji), every
 * URL counts `transformedURLLength`, and text is NFC-normalised first.
 */
export const twitterTextCounting = {
  version: 3,
  maxWeightedLength: 280,
  scale: 100,
  defaultWeight: 200,
  transformedUrlLength: 23,
  emojiParsingEnabled: true,
  ranges: [
    { start: 0x0000, end: 0x10ff, weight: 100 },
    { start: 0x2000, end: 0x200d, weight: 100 },
    { start: 0x2010, end: 0x201f, weight: 100 },
    { start: 0x2032, end: 0x2037, weight: 100 },
  ],
} as const;

const MB = 1024 * 1024;

/** APPEND chunk size for chunked uploads (X accepts up to 1,000 segments; 4 MiB keeps each request small). */
export const twitterMediaChunkBytes = 4 * MB;

/** X has no post URL without the author's username; this address redirects to the post. */
export const twitterPostUrl = (id: string) => `https://x.com/i/web/status/${id}`;

export const twitterCapabilities = {
  platform: "twitter",
  name: "X",
  kind: "microblog",
  errorPrefix: "micro_",
  text: {
    maxLength: twitterTextCounting.maxWeightedLength,
    counting: "weighted",
    notes: "URLs count 23 and CJK characters and emoji count 2 (twitter-text v3). Subscribers may post longer text; 280 is the standard limit. At most one cashtag per post on self-serve apps.",
  },
  media: {
    required: false,
    videoOnly: false,
    maxImages: 4,
    maxVideos: 1,
    mixed: false,
    imageFormats: ["jpeg", "png", "gif", "webp"],
    videoFormats: ["mp4", "mov"],
    maxImageBytes: 5 * MB,
    maxVideoBytes: 512 * MB,
    // X's pixel bounds differ by kind (video 32x32 to 1280x1024, GIF up to 1280x1080, images
    // unbounded in practice); the shared record has one set, so none is claimed here.
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: null,
    minVideoSeconds: 0.5,
    maxVideoSeconds: 140,
  },
  // Video and GIFs are processed by X after upload: such a publish ends in `processing` and is
  // finished (the post created) by polling STATUS. Text and images publish at once.
  asynchronousPublishing: true,
  connect: { method: "oauth2", pkce: true, variants: [], scopes: [...twitterScopes] },
  targets: [],
  rateLimits: [
    { scope: "user: POST /2/tweets", limit: 100, windowSeconds: 900, notes: "Integrate page says 200; the x-rate-limit-* headers are authoritative." },
    { scope: "app: POST /2/tweets", limit: 10_000, windowSeconds: 86_400 },
    { scope: "user: DELETE /2/tweets/:id", limit: 50, windowSeconds: 900 },
    { scope: "user: GET /2/users/me", limit: 75, windowSeconds: 900 },
    { scope: "user: GET /2/users/:id/tweets", limit: 900, windowSeconds: 900 },
    { scope: "user: GET /2/users/:id/mentions", limit: 300, windowSeconds: 900 },
    { scope: "user: GET /2/tweets/search/recent", limit: 300, windowSeconds: 900 },
    { scope: "user: GET /2/users/:id/followers and /following", limit: 300, windowSeconds: 900 },
    { scope: "user: PUT /2/tweets/:id/hidden", limit: 50, windowSeconds: 900 },
    { scope: "user: POST /2/media/upload", limit: 500, windowSeconds: 900 },
    { scope: "user: GET /2/dm_events", limit: 15, windowSeconds: 900 },
  ],
  options: {
    replySettings: {
      type: "string",
      values: ["following", "mentionedUsers", "subscribers", "verified"],
      required: false,
      description: "Who may reply (`reply_settings`); omit to let everyone reply.",
    },
    replyToPostId: {
      type: "string",
      required: false,
      description: "Post id this post replies to (`reply.in_reply_to_tweet_id`). Self-serve apps may reply only where the author mentioned or quoted the replying account.",
    },
    quotePostId: { type: "string", required: false, description: "Post id to quote (`quote_tweet_id`); X allows it for Enterprise apps only." },
    pollOptions: { type: "array", required: false, description: "2 to 4 poll choices of 1 to 25 characters each (`poll.options`); a poll excludes media." },
    pollDurationMinutes: { type: "integer", required: false, description: "How long the poll stays open, 5 to 10080 minutes (`poll.duration_minutes`); required with pollOptions." },
    madeWithAi: { type: "boolean", required: false, description: "Discloses AI-generated media (`made_with_ai`)." },
    paidPartnership: { type: "boolean", required: false, description: "Discloses a paid partnership (`paid_partnership`)." },
    communityId: { type: "string", required: false, description: "Posts into an X Community the account belongs to (`community_id`, digits)." },
    forSuperFollowersOnly: { type: "boolean", required: false, description: "Restricts the post to the account's subscribers (`for_super_followers_only`)." },
    locationId: { type: "string", required: false, description: "X place id attached to the post (`geo.place_id`)." },
    excludeReplyUserIds: { type: "array", required: false, description: "With replyToPostId: user ids left out of the reply's mentions (`reply.exclude_reply_user_ids`)." },
    taggedUserIds: { type: "array", required: false, description: "Up to 10 user ids tagged in the attached images (`media.tagged_user_ids`)." },
    shareWithFollowers: { type: "boolean", required: false, description: "With forSuperFollowersOnly: also shows the exclusive post to every follower (`share_with_followers`)." },
    nullcast: { type: "boolean", required: false, description: "Promoted-only post, kept off the public timeline (`nullcast`); for ads accounts." },
    cardUri: { type: "string", required: false, description: "An ads card attached to the post (`card_uri`); excludes media, poll and quotePostId." },
    directMessageDeepLink: { type: "string", required: false, description: "A link that opens a Direct Message conversation with the account (`direct_message_deep_link`)." },
  },
} satisfies NetworkCapabilities;
