import type { NetworkRules } from "../rules-schema.js";

/** Pinterest's rules beyond its capability record (the shape: rules-schema.ts). */
export const pinterestRules: NetworkRules = {
  validation: {
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
  tokens: {
    expiry: "renews",
    // The continuous refresh token ends 60 days after its last use and the access token lasts
    // about 30, so renewing the access token ahead renews the refresh token too.
    renewAhead: {},
  },
};
