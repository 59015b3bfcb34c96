import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * Bluesky (AT Protocol) facts kept as data. Sources: /work/shared/networks/bluesky.md (lexicons and
 * PDS source at the versions Chorus tests against, PDS 0.4.217) and the lexicons shipped in
 * @atproto/api 0.19.19.
 */

/** Where a person logs in when the operator sets no `serviceUrl`: Bluesky's entryway. */
export const BLUESKY_DEFAULT_SERVICE_URL = "https://bsky.social";

/** The PDS serves XRPC under this path prefix: `<pds>/xrpc/<nsid>`. */
export const BLUESKY_XRPC_PATH = "/xrpc/";

/** XRPC methods the adapter calls (all on the PDS or entryway). */
export const BLUESKY_METHODS = {
  createSession: "com.atproto.server.createSession",
  refreshSession: "com.atproto.server.refreshSession",
  getSession: "com.atproto.server.getSession",
  deleteSession: "com.atproto.server.deleteSession",
  getRecord: "com.atproto.repo.getRecord",
  putRecord: "com.atproto.repo.putRecord",
  uploadBlob: "com.atproto.repo.uploadBlob",
  getBlob: "com.atproto.sync.getBlob",
  createRecord: "com.atproto.repo.createRecord",
  applyWrites: "com.atproto.repo.applyWrites",
  deleteRecord: "com.atproto.repo.deleteRecord",
  listRecords: "com.atproto.repo.listRecords",
  resolveHandle: "com.atproto.identity.resolveHandle",
  listNotifications: "app.bsky.notification.listNotifications",
  updateSeen: "app.bsky.notification.updateSeen",
  getPosts: "app.bsky.feed.getPosts",
  getProfile: "app.bsky.actor.getProfile",
  listConvos: "chat.bsky.convo.listConvos",
  getMessages: "chat.bsky.convo.getMessages",
  sendMessage: "chat.bsky.convo.sendMessage",
  muteActor: "app.bsky.graph.muteActor",
  unmuteActor: "app.bsky.graph.unmuteActor",
  createBookmark: "app.bsky.bookmark.createBookmark",
  deleteBookmark: "app.bsky.bookmark.deleteBookmark",
  getAuthorFeed: "app.bsky.feed.getAuthorFeed",
  getFollowers: "app.bsky.graph.getFollowers",
  getFollows: "app.bsky.graph.getFollows",
  getPostThread: "app.bsky.feed.getPostThread",
  searchPosts: "app.bsky.feed.searchPosts",
} as const;

/** The record collections of engagement (lexicons app.bsky.feed.like, .repost, app.bsky.graph.follow, .block). */
export const BLUESKY_ENGAGEMENT_COLLECTIONS = {
  like: "app.bsky.feed.like",
  repost: "app.bsky.feed.repost",
  follow: "app.bsky.graph.follow",
  block: "app.bsky.graph.block",
} as const;

/** The PDS forwards `chat.bsky.*` calls to Bluesky's chat service only when asked with this proxy header. */
export const BLUESKY_CHAT_PROXY = "did:web:api.bsky.chat#bsky_chat";

/** Collections a publish writes: the post, and the gates that share its record key. */
export const BLUESKY_POST_COLLECTION = "app.bsky.feed.post";
export const BLUESKY_THREADGATE_COLLECTION = "app.bsky.feed.threadgate";
export const BLUESKY_POSTGATE_COLLECTION = "app.bsky.feed.postgate";

/**
 * Limits of the `app.bsky.feed.threadgate` record: `allow` at most 5 rules, `hiddenReplies` at
 * most 300 at-uris (lexicons/app/bsky/feed/threadgate.json, bluesky-social/atproto at d6296a1,
 * and the lexicon bundled in @atproto/pds 0.4.217).
 */
export const BLUESKY_THREADGATE_LIMITS = { allow: 5, hiddenReplies: 300 } as const;

/** Posts are shown at `https://bsky.app/profile/<handle or DID>/post/<rkey>`. */
export const BLUESKY_WEB_URL = "https://bsky.app";

/**
 * Limits of the `app.bsky.feed.post` record (lexicon) and of what a PDS accepts in it. Images:
 * see MAX_IMAGE_BYTES below; the link-card thumbnail has kept its 1,000,000-byte limit.
 */
export const BLUESKY_POST_LIMITS = {
  textGraphemes: 300,
  textBytes: 3000,
  images: 4,
  langs: 3,
  tags: 8,
  tagGraphemes: 64,
  tagBytes: 640,
  thumbBytes: 1_000_000,
} as const;

/** The profile is one record per repo, in this collection, under the literal key `self`. */
export const BLUESKY_PROFILE_COLLECTION = "app.bsky.actor.profile";
export const BLUESKY_PROFILE_RKEY = "self";

/**
 * The `scope` claim of a PDS access token says how the person logged in. Chorus asks for an app
 * password; the main password works too but should be replaced (it can change the account's
 * email, password and app passwords), so the adapter flags it.
 */
export const BLUESKY_SCOPES = {
  appPassword: "com.atproto.appPass",
  /** App password created with "Allow access to your direct messages" ticked. */
  appPasswordPrivileged: "com.atproto.appPassPrivileged",
  mainPassword: "com.atproto.access",
  refresh: "com.atproto.refresh",
} as const;

/** Token lifetimes of the reference PDS, used only when a token's `exp` claim cannot be read. */
export const BLUESKY_ACCESS_TOKEN_SECONDS = 120 * 60;
export const BLUESKY_REFRESH_TOKEN_SECONDS = 90 * 24 * 60 * 60;
/** After a refresh the previous refresh token stays usable this long (PDS `REFRESH_GRACE_MS`). */
export const BLUESKY_REFRESH_GRACE_SECONDS = 2 * 60 * 60;

/** Rate-limit headers follow the IETF draft, without an `X-` prefix; the reset is in epoch seconds. */
export const BLUESKY_RATE_LIMIT_HEADERS = {
  limit: "ratelimit-limit",
  remaining: "ratelimit-remaining",
  reset: "ratelimit-reset",
  policy: "ratelimit-policy",
} as const;

/** Profile record limits (lexicon `app.bsky.actor.profile`). */
export const BLUESKY_PROFILE_LIMITS = {
  displayNameGraphemes: 64,
  displayNameBytes: 640,
  descriptionGraphemes: 256,
  descriptionBytes: 2560,
  imageBytes: 1_000_000,
  imageFormats: ["image/png", "image/jpeg"],
} as const;

/** What `uploadBlob` accepts before any record references the blob (PDS default `blobUploadLimit`). */
export const BLUESKY_BLOB_UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Post images: the lexicon raised the limit to 2,000,000 bytes in April 2026, but PDS 0.4.217 and
 * older self-hosted PDSes still refuse more than 1,000,000 at createRecord, so Chorus keeps the
 * value every PDS accepts.
 */
const MAX_IMAGE_BYTES = 1_000_000;
export const BLUESKY_IMAGE_MAX_BYTES = MAX_IMAGE_BYTES;

export const blueskyCapabilities = {
  platform: "bluesky",
  name: "Bluesky",
  kind: "open-protocol",
  errorPrefix: null,
  text: {
    maxLength: 300,
    counting: "graphemes",
    notes: "At most 300 grapheme clusters and 3,000 UTF-8 bytes. Links, mentions and hashtags are sent as facets whose offsets are UTF-8 byte positions; a mention is resolved to the person's DID.",
  },
  media: {
    required: false,
    videoOnly: false,
    maxImages: 4,
    // One video per post, through Bluesky's video service (video.bsky.app, video.ts); the
    // embed is a union, so a video never goes with images.
    maxVideos: 1,
    mixed: false,
    imageFormats: ["image/jpeg", "image/png", "image/webp", "image/gif"],
    // Lexicon app.bsky.embed.video: `accept: video/mp4`, maxSize 100,000,000 bytes ("formerly
    // limited to 50mb"); a later lexicon reportedly allows 300 MB (unverified), so the lower figure stays.
    videoFormats: ["video/mp4"],
    maxImageBytes: MAX_IMAGE_BYTES,
    maxVideoBytes: 100_000_000,
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: null,
    minVideoSeconds: null,
    maxVideoSeconds: 180,
  },
  // A post with a video waits for the video service's job (app.bsky.video.getJobStatus).
  asynchronousPublishing: true,
  connect: {
    method: "app_password",
    pkce: false,
    variants: [],
    scopes: [BLUESKY_SCOPES.appPassword],
  },
  targets: [],
  rateLimits: [
    { scope: "account_writes_hour", limit: 5000, windowSeconds: 3600, notes: "Points per account (DID): a create costs 3, an update 2, a delete 1 (about 1,666 posts an hour)." },
    { scope: "account_writes_day", limit: 35000, windowSeconds: 86400, notes: "Points per account (DID), same costs as the hourly budget." },
    { scope: "login_5min", limit: 30, windowSeconds: 300, notes: "createSession per identifier and IP. Chorus keeps the session and refreshes it instead of logging in again." },
    { scope: "login_day", limit: 300, windowSeconds: 86400, notes: "createSession per identifier and IP on a PDS; Bluesky's entryway has been seen enforcing 100 per day." },
    { scope: "blob_uploads_day", limit: 1000, windowSeconds: 86400, notes: "uploadBlob per account." },
    { scope: "ip_requests_5min", limit: 3000, windowSeconds: 300, notes: "Every request from one IP address to one PDS." },
    { scope: "video_uploads_day", limit: 25, windowSeconds: 86400, notes: "Bluesky's video service: 25 videos or 10 GB per account per day." },
  ],
  options: {
    langs: {
      type: "array",
      required: false,
      description: 'Up to 3 BCP-47 language codes of the text, for example ["en", "pt-BR"]. Bluesky uses them for feeds and translation.',
    },
    tags: {
      type: "array",
      required: false,
      description: "Up to 8 extra hashtags that do not appear in the text, without the leading #; each at most 64 graphemes.",
    },
    contentLabels: {
      type: "array",
      values: ["sexual", "nudity", "porn", "graphic-media"],
      required: false,
      description: "Self-applied content warnings for adult or graphic media (the post's self-labels).",
    },
    replyTo: {
      type: "string",
      required: false,
      description: "AT URI (at://did/app.bsky.feed.post/rkey) or bsky.app URL of the post to reply to; the thread root is found automatically.",
    },
    quote: {
      type: "string",
      required: false,
      description: "AT URI or bsky.app URL of a post to quote (embedded under the text, with the media when there is any).",
    },
    replyRules: {
      type: "array",
      values: ["mentioned", "following", "followers"],
      required: false,
      description: "Who may reply (a threadgate): people mentioned in the post, people you follow, your followers. An empty array means nobody; omit it to let everybody reply.",
    },
    disableQuotes: {
      type: "boolean",
      required: false,
      description: "When true, nobody can quote the post (a postgate with a disable rule).",
    },
    linkCard: {
      type: "boolean",
      required: false,
      description: "When true (the default) and the post has no media, the first link in the text is shown as a card with its page title, description and image.",
    },
  },
} satisfies NetworkCapabilities;
