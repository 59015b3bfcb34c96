import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * YouTube Data API v3 facts (sheet: ../networks/youtube.md; discovery revision 20260601).
 * The Data API host is the discovery document's `rootUrl`, so requests can be checked against
 * it verbatim; `www.googleapis.com/youtube/v3` serves the same API.
 */
export const youtubeUrls = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revoke: "https://oauth2.googleapis.com/revoke",
  api: "https://youtube.googleapis.com/youtube/v3",
  /** Resumable uploads (`mediaUpload.protocols.resumable.path`), used by publishing. */
  upload: "https://youtube.googleapis.com/upload/youtube/v3",
  analytics: "https://youtubeanalytics.googleapis.com/v2",
  watch: "https://www.youtube.com/watch?v=",
  /** Where a Short plays (YouTube's own links to Shorts take this form). */
  shorts: "https://www.youtube.com/shorts/",
} as const;

/**
 * What makes an upload a Short (publishing-depth.md, YouTube since 2024-10-15): at most 3
 * minutes, square or taller. There is no API field: videos.insert is the same call.
 */
export const youtubeShorts = { maxVideoSeconds: 180, maxAspectRatio: 1 } as const;

/** Seconds between processing polls: YouTube processes in seconds to minutes, longer for long videos. */
export const youtubePollSeconds = 15;

/**
 * thumbnails.set takes a JPEG or PNG of at most 2 MB (the discovery document's mediaUpload; some
 * newer reference pages say 50 MB, so the saved document is what is enforced). Only channels
 * verified for custom thumbnails may set one.
 */
export const youtubeThumbnailTypes = ["image/jpeg", "image/png"] as const;
export const youtubeThumbnailMaxBytes = 2 * 1024 * 1024;

/** Pages of the channel's playlists read to check `playlistId` before uploading (50 per page). */
export const youtubeMaxPlaylistPages = 4;

/** The Data API has no version header; the path carries `v3`. */
export const youtubeApiVersion = "v3";

/** Discovery `auth.oauth2.scopes`; the bundle asked at connect is the sheet's recommendation. */
export const youtubeScopes = {
  upload: "https://www.googleapis.com/auth/youtube.upload",
  forceSsl: "https://www.googleapis.com/auth/youtube.force-ssl",
  readonly: "https://www.googleapis.com/auth/youtube.readonly",
  manage: "https://www.googleapis.com/auth/youtube",
  analytics: "https://www.googleapis.com/auth/yt-analytics.readonly",
} as const;

export const youtubeConnectScopes = [youtubeScopes.upload, youtubeScopes.forceSsl, youtubeScopes.readonly, youtubeScopes.analytics];

/**
 * YouTube sends no rate-limit headers: quota is per Google Cloud project and per day, and a
 * throttled call answers 403 `rateLimitExceeded` or 429 without `Retry-After`.
 */
export const youtubeRateLimitHeaders = { remaining: null, reset: null, retryAfter: "retry-after" } as const;

/** Access tokens live about an hour; refresh tokens have no fixed expiry and are not rotated. */
export const youtubeTokenLifetimes = { accessSeconds: 3600, refreshSeconds: null } as const;

export const youtubeCapabilities = {
  platform: "youtube",
  name: "YouTube",
  kind: "video-sharing",
  errorPrefix: "video_",
  text: {
    maxLength: 5000,
    counting: "bytes",
    notes: "The post text becomes the video description: at most 5,000 UTF-8 bytes, and no < or >. The title (platformOptions.youtube.title) is required: 1-100 characters, no < or >.",
  },
  media: {
    required: true,
    videoOnly: true,
    maxImages: 0,
    maxVideos: 1,
    mixed: false,
    imageFormats: [],
    videoFormats: ["video/mp4", "video/quicktime", "video/webm", "video/x-msvideo", "video/x-ms-wmv", "video/x-flv", "video/3gpp", "video/mpeg"],
    // Discovery `mediaUpload.maxSize` for videos.insert: 256 GB.
    maxImageBytes: null,
    maxVideoBytes: 274_877_906_944,
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: null,
    minVideoSeconds: null,
    // 12 hours for verified channels; unverified channels are held to 15 minutes by YouTube.
    maxVideoSeconds: 43_200,
  },
  asynchronousPublishing: true,
  connect: { method: "oauth2", pkce: true, variants: [], scopes: youtubeConnectScopes },
  targets: [],
  rateLimits: [
    { scope: "project", limit: 10_000, windowSeconds: 86_400, notes: "Quota units shared by all methods except uploads and search; list calls cost 1, writes 50. Resets at midnight Pacific time." },
    { scope: "project:videos.insert", limit: 100, windowSeconds: 86_400, notes: "Own bucket since 2026-06-01, 1 unit per upload." },
    { scope: "project:search.list", limit: 100, windowSeconds: 86_400, notes: "Own bucket since 2026-06-01." },
  ],
  options: {
    postType: {
      type: "string",
      values: ["video", "short"],
      required: false,
      description:
        "`short` publishes a YouTube Short: one video of at most 3 minutes, square or vertical (YouTube has no API flag; it classifies such uploads as Shorts itself, so Chorus refuses a `short` that YouTube would file as a regular video). Default `video`.",
    },
    title: { type: "string", maxLength: 100, required: true, description: "Video title (snippet.title), 1-100 characters, no < or >." },
    privacyStatus: {
      type: "string",
      values: ["public", "unlisted", "private"],
      required: false,
      description: "Who can watch (status.privacyStatus); default public. Apps that have not passed YouTube's audit get every upload locked to private.",
    },
    categoryId: { type: "string", required: false, description: 'Video category id from videoCategories.list, e.g. "22" (People & Blogs).' },
    tags: { type: "array", required: false, description: "Keywords (snippet.tags); at most 500 characters in total, counting separators." },
    madeForKids: { type: "boolean", required: false, description: "COPPA self-declaration (status.selfDeclaredMadeForKids); set it explicitly." },
    containsSyntheticMedia: { type: "boolean", required: false, description: "Discloses realistic altered or synthetic content (status.containsSyntheticMedia)." },
    embeddable: { type: "boolean", required: false, description: "Whether other sites may embed the video (status.embeddable)." },
    license: { type: "string", values: ["youtube", "creativeCommon"], required: false, description: "Video licence (status.license)." },
    publicStatsViewable: { type: "boolean", required: false, description: "Whether the public sees view and like counts (status.publicStatsViewable)." },
    notifySubscribers: { type: "boolean", required: false, description: "Whether subscribers are notified of the upload (videos.insert notifySubscribers); default true." },
    paidProductPlacement: { type: "boolean", required: false, description: "Declares a paid product placement (paidProductPlacementDetails.hasPaidProductPlacement)." },
    defaultLanguage: { type: "string", required: false, description: "BCP-47 language of the title and description (snippet.defaultLanguage)." },
    defaultAudioLanguage: { type: "string", required: false, description: "BCP-47 language spoken in the video (snippet.defaultAudioLanguage)." },
    playlistId: { type: "string", required: false, description: "Playlist to add the video to after upload (playlistItems.insert)." },
    thumbnail: {
      type: "string",
      required: false,
      description:
        "A `med_` id of a JPEG or PNG image of at most 2 MB, set as the video's custom thumbnail (thumbnails.set) right after the upload. The channel must be verified for custom thumbnails; when YouTube refuses it the video is still published and the target carries the warning `video_thumbnail_not_set`.",
    },
  },
} satisfies NetworkCapabilities;
