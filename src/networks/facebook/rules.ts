import type { MediaKindOf, NetworkOptionRules } from "../option-scope.js";
import type { NetworkRules } from "../rules-schema.js";

/**
 * Facebook Page option rules, read by the publish plan and by POST /v1/posts/validate. A page
 * post is a status (text and/or a link), one photo, an album of photos, one video, or a story of
 * one photo (facebook.md §2).
 */
export type FacebookKind = "status" | "photo" | "album" | "video" | "story";

export function facebookKindOf(postType: string, media: readonly MediaKindOf[]): FacebookKind | null {
  const videos = media.filter((m) => m === "video").length;
  if (postType === "story") return media.length === 1 && videos === 0 ? "story" : null;
  if (postType !== "feed") return null;
  if (videos > 0) return media.length === 1 ? "video" : null;
  return media.length === 0 ? "status" : media.length === 1 ? "photo" : "album";
}

const labels: Record<string, string> = { status: "a status", photo: "a photo", album: "an album", video: "a video", story: "a story" };

export const facebookPostKinds: NetworkOptionRules = {
  kindOf: ({ options, media }) => facebookKindOf(typeof options.postType === "string" ? options.postType : "feed", media),
  label: (kind) => labels[kind] ?? kind,
  options: {
    // A link preview is the attachment of a post without photos or video: with media Graph would
    // publish the media and drop the preview, so Chorus refuses it.
    link: { kinds: ["status"], outside: "refused" },
    // `title` is a parameter of POST /{page-id}/videos only; the other calls have no title to send it as.
    title: { kinds: ["video"], outside: "ignored" },
  },
};

/** Facebook's rules beyond its capability record (the shape: rules-schema.ts). */
export const facebookRules: NetworkRules = {
  validation: {
    // publishing-depth.md: POST /{page-post-id}/comments with `message`, as the page.
    firstComment: { maxLength: 8000, counting: "characters", source: "POST /{page-post-id}/comments `message` (8,000 characters, unverified)" },
    destinationOption: "pageId",
    postTypes: {
      option: "postType",
      default: "feed",
      types: {
        // Option description: the feed takes text, a link, photos or one video.
        feed: {},
        // Option description: a story is one photo (video stories are not published yet).
        story: { kinds: ["image"], mediaRequired: true, maxItems: 1 },
      },
    },
    postKinds: facebookPostKinds,
  },
  // Long-lived user tokens last about 60 days, with no refresh token; Meta documents only the
  // short-to-long exchange, so the person connects again.
  tokens: { expiry: "expires" },
  // Page webhooks (`feed`, `mention`, `messaging`) reach POST /webhooks/meta.
  pushed: ["comment", "mention", "message"],
};
