import type { MediaKindOf, NetworkOptionRules } from "../option-scope.js";
import type { NetworkRules } from "../rules-schema.js";
import { threadsCapabilities, threadsPublishing } from "./capabilities.js";
import { threadsTextLength, threadsTextLimit } from "./text.js";

/**
 * Threads' option rules, read by the publish plan and by POST /v1/posts/validate. A post is a
 * TEXT, IMAGE or VIDEO container, or a CAROUSEL of 2-20 items (threads.md §2).
 */
export type ThreadsKind = "TEXT" | "IMAGE" | "VIDEO" | "CAROUSEL";

export function threadsKindOf(media: readonly MediaKindOf[]): ThreadsKind | null {
  if (media.length > threadsPublishing.carouselItems.max) return null;
  if (media.length > 1) return "CAROUSEL";
  const [first] = media;
  return first === undefined ? "TEXT" : first === "video" ? "VIDEO" : "IMAGE";
}

const labels: Record<string, string> = { TEXT: "a text", IMAGE: "an image", VIDEO: "a video", CAROUSEL: "a carousel" };

/** Counted in code points, as the capability record's maxLength counts. */
const length = (value: string) => [...value].length;
const strings = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null);

export const threadsPoll = { minItems: 2, maxItems: 4, itemMaxLength: 25 } as const;
export const threadsTopicTagMax = threadsCapabilities.options.topicTag.maxLength ?? 50;

export const threadsPostKinds: NetworkOptionRules = {
  kindOf: ({ media }) => threadsKindOf(media),
  label: (kind) => labels[kind] ?? kind,
  // Link previews and polls are text posts' attachments; `alt_text` goes on one image or video
  // container (carousel items take their own, from mediaAlt).
  options: {
    linkAttachment: { kinds: ["TEXT"], outside: "refused" },
    pollOptions: { kinds: ["TEXT"], outside: "refused" },
    altText: { kinds: ["IMAGE", "VIDEO"], outside: "refused" },
  },
  checks: {
    // Its length is the capability record's maxLength.
    topicTag: { valid: (v) => typeof v === "string" && length(v) >= 1 && !/[.&]/.test(v), expected: `1 to ${threadsTopicTagMax} characters without '.' or '&'` },
    linkAttachment: { valid: (v) => typeof v === "string" && URL.canParse(v), expected: "a URL" },
    pollOptions: {
      valid: (v) => {
        const options = strings(v);
        return options !== null && options.length >= threadsPoll.minItems && options.length <= threadsPoll.maxItems && options.every((o) => length(o) >= 1 && length(o) <= threadsPoll.itemMaxLength);
      },
      expected: `${threadsPoll.minItems} to ${threadsPoll.maxItems} options of 1 to ${threadsPoll.itemMaxLength} characters`,
    },
    allowlistedCountryCodes: { valid: (v) => strings(v)?.every((c) => /^[A-Z]{2}$/.test(c)) === true, expected: "ISO 3166-1 alpha-2 codes such as US or DE" },
  },
};

/** Threads' rules beyond its capability record (the shape: rules-schema.ts). */
export const threadsRules: NetworkRules = {
  validation: {
    // publishing-depth.md: a reply container (`reply_to_id`), with a post's limit.
    firstComment: {
      maxLength: 500,
      counting: "characters",
      source: "POST /{threads-user-id}/threads with `reply_to_id`: a post's 500 characters",
      // Create Replies (updated 2025-12-22) shows a reply container with `media_type` and `text`, then
      // threads_publish; an IMAGE or VIDEO container takes one file (threads.md §2), and carousel
      // replies are not documented for creation (publishing-depth.md: "partly unverified"), so one.
      media: {
        maxItems: 1,
        mimeTypes: ["image/jpeg", "image/png", "video/mp4", "video/quicktime"],
        maxBytes: 1024 * 1024 * 1024,
        imageMaxBytes: 8 * 1024 * 1024,
        source: "a reply container of media_type IMAGE or VIDEO (threads.md §2: JPEG/PNG up to 8 MB, MOV/MP4 up to 1 GB and 5 min); one file, carousel replies are undocumented",
      },
    },
    // threads.md §2: emoji count as their UTF-8 byte length, and Threads refuses a text over 500 counted so.
    networkTextCount: { count: threadsTextLength, maxLength: threadsTextLimit, how: "Threads counts an emoji as its UTF-8 byte length" },
    // At most 5 links per post [3p].
    maxLinks: 5,
    altText: { option: "altText" },
    postKinds: threadsPostKinds,
    options: {
      // Location search answers numeric ids (Threads "Location Tagging" guide).
      locationId: { pattern: { regex: /^[0-9]{1,30}$/, meaning: "the numeric id of a place from GET /v1/discover/places on this Threads account" } },
    },
  },
  // No chain length is documented (publishing-depth.md); replies have their own quota of 1,000 per
  // 24 h beside the 250 posts. 25 items match the cap chosen for X and Bluesky.
  thread: { maxItems: 25 },
  // threads.md §2: `link_attachment` on text posts, else the first URL in the text becomes the preview.
  linkCard: { link: "first", option: "linkAttachment", source: "threads.md §2: link_attachment, else the text's first URL" },
  formats: [
    {
      id: "carousel",
      description: "A carousel: image and video containers made with `is_carousel_item=true`, then a CAROUSEL container naming them as `children`, then one publish.",
      selectedBy: `media: ${threadsPublishing.carouselItems.min} to ${threadsPublishing.carouselItems.max} items`,
      media: { kinds: ["image", "video"], minItems: threadsPublishing.carouselItems.min, maxItems: threadsPublishing.carouselItems.max },
    },
    {
      id: "poll",
      description: "A text post with a poll (`poll_attachment`); no media or link preview beside it.",
      selectedBy: "platformOptions.threads.pollOptions",
      limits: { minOptions: threadsPoll.minItems, maxOptions: threadsPoll.maxItems, optionMaxLength: threadsPoll.itemMaxLength },
    },
  ],
  tokens: {
    // `refresh_access_token` renews a 60-day token only while it is unexpired (and at least a day
    // old); nothing can save it once it lapses, so it is renewed ahead.
    expiry: "renews",
    renewAhead: {},
  },
  // Threads webhooks (`replies`, `mentions`) reach POST /webhooks/meta; Threads has no direct messages.
  pushed: ["comment", "mention"],
};
