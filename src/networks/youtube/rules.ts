import type { NetworkRules } from "../rules-schema.js";
import { youtubeShorts, youtubeThumbnailMaxBytes, youtubeThumbnailTypes } from "./capabilities.js";

/** YouTube's rules beyond its capability record (the shape: rules-schema.ts). */
export const youtubeRules: NetworkRules = {
  validation: {
    // publishing-depth.md: commentThreads.insert, text only; youtube.md: comment text at most 10,000 characters (unverified).
    firstComment: { maxLength: 10000, counting: "characters", source: "commentThreads.insert `textOriginal` (10,000 characters, unverified)" },
    // Spec: text_invalid for the description (no < or >, length); title_invalid for the title.
    textTooLongCode: "text_invalid",
    textForbiddenChars: "<>",
    title: { required: true, forbiddenChars: "<>" },
    postTypes: {
      option: "postType",
      default: "video",
      types: {
        video: {},
        // A Short is a video YouTube files as one: at most 3 minutes, square or taller.
        short: {
          description: "A YouTube Short: one video of at most 3 minutes, square or vertical.",
          kinds: ["video"],
          mediaRequired: true,
          maxItems: 1,
          maxVideoSeconds: youtubeShorts.maxVideoSeconds,
          maxAspectRatio: youtubeShorts.maxAspectRatio,
        },
      },
    },
    options: {
      // Discovery document, thumbnails.set mediaUpload: image/jpeg or image/png, maxSize 2097152.
      thumbnail: { appliesToMedia: "video", mediaRef: { kinds: ["image"], mimeTypes: youtubeThumbnailTypes, maxBytes: youtubeThumbnailMaxBytes, what: "custom thumbnail" } },
    },
  },
  // Hour-long access tokens with Google refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
  polling: {
    // Its comments feed (commentThreads.list, part=snippet) costs 3 units of the project's 10,000 a
    // day shared by every account (developers.google.com commentThreads.list and
    // determine_quota_cost; shared/networks/youtube.md). One poll every 15 min is 288 units a day
    // per account: about 35 listening accounts take the whole default quota, so raise it with
    // Google before more (a poll a minute would let three accounts spend it all).
    intervalMs: 15 * 60_000,
    // A quiet channel backs off to one read per 4 h: 6 a day instead of 96 (16x fewer), 18 units a
    // day, so the default 10,000 holds ~550 quiet channels instead of 35. Comments on YouTube
    // arrive slowly; a fresh one brings the channel back to 15 min.
    maxIntervalMs: 4 * 60 * 60_000,
  },
  budget: {
    // 10,000 units a day per Google Cloud project for every method outside search.list and
    // videos.insert, reset at midnight Pacific time (shared/networks/youtube.md, Quota;
    // developers.google.com/youtube/v3/determine_quota_cost). Google's quota table prices
    // commentThreads.list at 1 unit, the method's page at 1 plus 2 for `part=snippet`; a page is
    // reserved at 3 because underestimating is the costly mistake: a spent quota answers
    // `quotaExceeded` to every call until midnight, the user's own included. Writes cost 50.
    unit: "quota units",
    cap: 10_000,
    window: { day: "America/Los_Angeles" },
    pageUnits: 3,
    requestUnits: { read: 1, write: 50 },
  },
};
