import type { NetworkRules } from "../rules-schema.js";
import { pinterestCapabilities } from "./capabilities.js";

/** Pinterest's rules beyond its capability record (the shape: rules-schema.ts). */
export const pinterestRules: NetworkRules = {
  validation: {
    // publishing-depth.md: API v5 has no comment scope or operation.
    firstComment: {
      unsupported: true,
      why: "Pinterest's API v5 has no way to comment on a pin.",
      instead: "Put the text in the pin's description (or `link` for a call to action), or turn the first comment off for this target with `platformOptions.pinterest.firstComment: false`.",
    },
    destinationOption: "boardId",
    // Capability comment: a carousel is 2 to 5 images of identical dimensions.
    sameImageDimensions: true,
    altText: { option: "altText" },
    options: {
      coverImageUrl: { appliesToMedia: "video" },
      coverImageKeyFrameTime: { appliesToMedia: "video", min: 0 },
      altText: { appliesToMedia: "image" },
    },
  },
  formats: [
    {
      id: "carousel",
      description: "A carousel pin (`media_source.source_type: multiple_image_urls`) of images of identical dimensions.",
      selectedBy: `media: 2 to ${pinterestCapabilities.media.maxImages} images`,
      media: { kinds: ["image"], minItems: 2, maxItems: pinterestCapabilities.media.maxImages },
    },
    {
      id: "video",
      description: "A video pin: the file registered with POST /v5/media, uploaded, processed, then the pin with `media_source.source_type: video_id` and a cover.",
      selectedBy: "media: one video",
      media: { kinds: ["video"], minItems: 1, maxItems: pinterestCapabilities.media.maxVideos },
    },
  ],
  tokens: {
    expiry: "renews",
    // The continuous refresh token ends 60 days after its last use and the access token lasts
    // about 30, so renewing the access token ahead renews the refresh token too.
    renewAhead: {},
  },
};
