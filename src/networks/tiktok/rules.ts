import type { NetworkRules } from "../rules-schema.js";
import { tiktokCapabilities } from "./capabilities.js";

/** TikTok's rules beyond its capability record (the shape: rules-schema.ts). */
export const tiktokRules: NetworkRules = {
  validation: {
    // publishing-depth.md: the Content Posting API has no comment-create operation.
    firstComment: {
      unsupported: true,
      why: "TikTok's Content Posting API has no way to comment on a post.",
      instead: "Put the text in the caption, or turn the first comment off for this target with `platformOptions.tiktok.firstComment: false`.",
    },
    // Capability note: TikTok counts UTF-16 code units (an emoji uses 2 of the 2,200).
    advisoryTextCount: { count: "utf16", maxLength: 2200, how: "TikTok counts UTF-16 code units, so most emoji use 2" },
    // Capability note: photo posts send the text as `description` (4,000).
    photoPostTextMaxLength: 4000,
    title: { photoPostsOnly: true },
    brandedContent: { toggle: "brandContentToggle", privacyOption: "privacyLevel", privateValues: ["SELF_ONLY"] },
    publishInfo: { privacyOption: "privacyLevel", privacyOptionsField: "privacyLevelOptions", maxVideoSecondsField: "maxVideoPostDurationSec" },
    options: {
      // Sheet: privacy_level is required for DIRECT_POST; inbox uploads (MEDIA_UPLOAD) are finished in the app.
      privacyLevel: { notRequiredWhen: { option: "postMode", values: ["MEDIA_UPLOAD"] } },
      disableDuet: { appliesToMedia: "video" },
      disableStitch: { appliesToMedia: "video" },
      videoCoverTimestampMs: { appliesToMedia: "video", min: 0 },
      isAigc: { appliesToMedia: "video" },
      photoCoverIndex: { appliesToMedia: "image", min: 0, indexOfImages: true },
      autoAddMusic: { appliesToMedia: "image" },
    },
  },
  // Day-long access tokens with refresh tokens, renewed on use.
  formats: [
    {
      id: "photo",
      description: "A photo post (Content Posting API `media_type=PHOTO`, `PULL_FROM_URL`): the images, a cover (`photoCoverIndex`), the title and the text as description.",
      selectedBy: `media: 1 to ${tiktokCapabilities.media.maxImages} images`,
      media: { kinds: ["image"], minItems: 1, maxItems: tiktokCapabilities.media.maxImages },
    },
  ],
  tokens: { expiry: "renews" },
  // The creator's direct-post window in capabilities.rateLimits: TikTok documents it per account
  // but has no endpoint that reads it.
  postingWindowScope: "creator: direct posts",
};
