import type { MediaKindOf, NetworkOptionRules } from "../option-scope.js";
import type { NetworkRules } from "../rules-schema.js";

/**
 * Instagram's option rules, read by the publish plan and by POST /v1/posts/validate. Every post
 * is a container of one kind (instagram.md §2): an image, a reel (also a feed post of one video,
 * since `media_type=VIDEO` was retired), a story, or a carousel of 2-10 items.
 */
export type InstagramKind = "image" | "reel" | "story" | "carousel";

export const instagramPostTypes = ["feed", "reel", "story"] as const;

/** Instagram takes 2 to 10 items in a carousel. */
export const carouselItems = { min: 2, max: 10 } as const;

/** Collaborators invited on one post (capability option description; IG User media `collaborators`). */
export const instagramMaxCollaborators = 3;

export function instagramKindOf(postType: string, media: readonly MediaKindOf[]): InstagramKind | null {
  if (media.length === 0) return null;
  if (postType === "story" || postType === "reel") return media.length === 1 ? postType : null;
  if (postType !== "feed") return null;
  if (media.length === 1) return media[0] === "video" ? "reel" : "image";
  return "carousel";
}

const labels: Record<string, string> = { image: "an image", reel: "a reel", story: "a story", carousel: "a carousel" };

/**
 * Which container parameters each kind takes (instagram.md §2: `alt_text` images only; reels
 * take `share_to_feed`, `cover_url`, `thumb_offset`, `audio_name`, `trial_params`; stories take
 * only `user_tags`; a carousel parent takes collaborators and location, its children the tags).
 * Chorus refuses an option the container would not take rather than publish without it.
 */
export const instagramPostKinds: NetworkOptionRules = {
  kindOf: ({ options, media }) => instagramKindOf(typeof options.postType === "string" ? options.postType : "feed", media),
  label: (kind) => labels[kind] ?? kind,
  options: {
    altText: { kinds: ["image"], outside: "refused" },
    locationId: { kinds: ["image", "reel", "carousel"], outside: "refused" },
    userTags: { kinds: ["image", "reel", "story"], outside: "refused" },
    collaborators: { kinds: ["image", "reel", "carousel"], outside: "refused" },
    productTags: { kinds: ["image"], outside: "refused" },
    shareToFeed: { kinds: ["reel"], outside: "refused" },
    coverUrl: { kinds: ["reel"], outside: "refused" },
    thumbOffset: { kinds: ["reel"], outside: "refused" },
    audioName: { kinds: ["reel"], outside: "refused" },
    trialParams: { kinds: ["reel"], outside: "refused" },
  },
};

/** Instagram's rules beyond its capability record (the shape: rules-schema.ts). */
export const instagramRules: NetworkRules = {
  validation: {
    // publishing-depth.md: POST /{ig-media-id}/comments takes `message` only (no media); the
    // comment limit is not in the spec: the caption's 2,200 characters are used (unverified).
    firstComment: { maxLength: 2200, counting: "characters", source: "POST /{ig-media-id}/comments `message`; Instagram's caption limit (the comment limit is undocumented)" },
    // Capability note: at most 30 hashtags and 20 @-mentions per caption.
    maxHashtags: 30,
    maxMentions: 20,
    // Option postType: a carousel holds 2-10 items.
    maxMediaItems: carouselItems.max,
    // Sheet: 4:5 to 1.91:1 is the image rule; reels and story video take 0.01:1 to 10:1.
    aspectRatioAppliesTo: "image",
    altText: { option: "altText" },
    postTypes: {
      option: "postType",
      default: "feed",
      types: {
        feed: {},
        // Option description: one video, 3 s to 15 min.
        reel: {
          description: "A reel: one video container (`media_type=REELS`), shown in the feed unless `shareToFeed` is false.",
          kinds: ["video"],
          maxItems: 1,
          minVideoSeconds: 3,
          maxVideoSeconds: 900,
          aspectRatio: false,
        },
        // Option description: one image or video up to 60 s (sheet: story video 3-60 s).
        story: { description: "A story of one image or one video (`media_type=STORIES`).", maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 60, aspectRatio: false },
      },
    },
    postKinds: instagramPostKinds,
    options: {
      // A place is a Facebook Page: its id is digits (GET /v1/discover/places on an Instagram or Facebook account).
      locationId: { pattern: { regex: /^[0-9]{1,30}$/, meaning: "the numeric id of a place from GET /v1/discover/places on this Instagram account" } },
      collaborators: { maxItems: instagramMaxCollaborators },
      productTags: { variants: ["facebook_login"] },
      thumbOffset: { min: 0 },
    },
  },
  formats: [
    {
      id: "carousel",
      description: "A carousel: image and video child containers (`is_carousel_item=true`) under one CAROUSEL container, which takes the caption, collaborators and location.",
      selectedBy: `media: ${carouselItems.min} to ${carouselItems.max} items with postType feed`,
      media: { kinds: ["image", "video"], minItems: carouselItems.min, maxItems: carouselItems.max },
      limits: { maxCollaborators: instagramMaxCollaborators },
    },
  ],
  tokens: {
    // Through the Facebook-login door the connection holds a long-lived Facebook user token (about
    // 60 days, no refresh token; Meta documents only the short-to-long exchange): it expires.
    // Through the Instagram-login door `refresh_access_token` renews a valid token for 60 days,
    // only while it is unexpired (and at least a day old), so it is renewed ahead.
    expiry: async (connection) => connection.connectVariant === "facebook_login",
    renewAhead: { exceptVariants: ["facebook_login"] },
  },
  // Instagram webhooks (`comments`, `mentions`, `messaging`) reach POST /webhooks/meta.
  pushed: ["comment", "mention", "message"],
};
