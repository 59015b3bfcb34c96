import type { MediaKindOf, NetworkOptionRules } from "../option-scope.js";

/**
 * Instagram's option rules, read by the publish plan and by POST /v1/posts/validate. Every post
 * is a container of one kind (instagram.md §2): an image, a reel (also a feed post of one video,
 * since `media_type=VIDEO` was retired), a story, or a carousel of 2-10 items.
 */
export type InstagramKind = "image" | "reel" | "story" | "carousel";

export const instagramPostTypes = ["feed", "reel", "story"] as const;

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
export const instagramRules: NetworkOptionRules = {
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
