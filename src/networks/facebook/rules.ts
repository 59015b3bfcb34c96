import type { MediaKindOf, NetworkOptionRules } from "../option-scope.js";
import type { NetworkRules } from "../rules-schema.js";

/**
 * Facebook Page option rules, read by the publish plan and by POST /v1/posts/validate. A page
 * post is a status (text and/or a link), one photo, an album of photos, one video, a reel (one
 * video through `/video_reels`), or a story of one photo or one video (facebook.md §2, Meta's
 * Reels Publishing and Page Stories guides). `postType` chooses feed, reel or story, as it does
 * on Instagram.
 */
export type FacebookKind = "status" | "photo" | "album" | "video" | "reel" | "story" | "video_story";

export const facebookPostTypes = ["feed", "reel", "story"] as const;

export function facebookKindOf(postType: string, media: readonly MediaKindOf[]): FacebookKind | null {
  const videos = media.filter((m) => m === "video").length;
  if (postType === "story") return media.length === 1 ? (videos === 1 ? "video_story" : "story") : null;
  if (postType === "reel") return media.length === 1 && videos === 1 ? "reel" : null;
  if (postType !== "feed") return null;
  if (videos > 0) return media.length === 1 ? "video" : null;
  return media.length === 0 ? "status" : media.length === 1 ? "photo" : "album";
}

const labels: Record<string, string> = {
  status: "a status",
  photo: "a photo",
  album: "an album",
  video: "a video",
  reel: "a reel",
  story: "a photo story",
  video_story: "a video story",
};

export const facebookPostKinds: NetworkOptionRules = {
  kindOf: ({ options, media }) => facebookKindOf(typeof options.postType === "string" ? options.postType : "feed", media),
  label: (kind) => labels[kind] ?? kind,
  options: {
    // A link preview is the attachment of a post without photos or video: with media Graph would
    // publish the media and drop the preview, so Chorus refuses it.
    link: { kinds: ["status"], outside: "refused" },
    // `title` is a parameter of POST /{page-id}/videos and of the reel's finish call (Page.json
    // POST video_reels); photos, statuses and stories show no title.
    title: { kinds: ["video", "reel"], outside: "ignored" },
  },
};

/** Facebook's rules beyond its capability record (the shape: rules-schema.ts). */
export const facebookRules: NetworkRules = {
  validation: {
    // publishing-depth.md: POST /{page-post-id}/comments with `message`, as the page.
    firstComment: {
      maxLength: 8000,
      counting: "characters",
      source: "POST /{page-post-id}/comments `message` (8,000 characters, unverified)",
      // Spec PagePost → POST comments: single-valued `attachment_url` (an image or GIF the page fetches).
      media: { maxItems: 1, mimeTypes: ["image/jpeg", "image/png", "image/gif"], maxBytes: 10 * 1024 * 1024, source: "POST /{page-post-id}/comments `attachment_url`: one image or GIF" },
    },
    destinationOption: "pageId",
    // Page.json POST photos `alt_text_custom`, from `mediaAlt`.
    altText: {},
    postTypes: {
      option: "postType",
      default: "feed",
      types: {
        // Option description: the feed takes text, a link, photos or one video.
        feed: {},
        // Reels Publishing guide: one video, 3 to 90 seconds (9:16 recommended, not required).
        reel: {
          description: "A page reel: one video through /video_reels, published after Meta processes it.",
          kinds: ["video"],
          mediaRequired: true,
          maxItems: 1,
          minVideoSeconds: 3,
          maxVideoSeconds: 90,
        },
        // Page Stories guide: one photo, or one video of 3 s up to 60 s ("a reel published as a
        // story on a Facebook Page can not exceed 60 seconds").
        story: { description: "A page story of one photo or one video (/photo_stories, /video_stories).", mediaRequired: true, maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 60 },
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
