import type { NetworkRules } from "../rules-schema.js";
import { youtubeThumbnailMaxBytes, youtubeThumbnailTypes } from "./capabilities.js";

/** YouTube's rules beyond its capability record (the shape: rules-schema.ts). */
export const youtubeRules: NetworkRules = {
  validation: {
    // publishing-depth.md: commentThreads.insert, text only; youtube.md: comment text at most 10,000 characters (unverified).
    firstComment: { maxLength: 10000, counting: "characters", source: "commentThreads.insert `textOriginal` (10,000 characters, unverified)" },
    // Spec: text_invalid for the description (no < or >, length); title_invalid for the title.
    textTooLongCode: "text_invalid",
    textForbiddenChars: "<>",
    title: { required: true, forbiddenChars: "<>" },
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
  },
};
