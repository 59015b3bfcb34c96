import type { NetworkRules } from "../rules-schema.js";
import { blueskyCapabilities } from "./capabilities.js";
import { pdsUrlOf } from "./connect.js";

/** Bluesky's rules beyond its capability record (the shape: rules-schema.ts). */
export const blueskyRules: NetworkRules = {
  validation: {
    // publishing-depth.md: a reply record (`reply.root` = `reply.parent` = the post), with a post's limit.
    firstComment: {
      maxLength: 300,
      counting: "graphemes",
      source: "app.bsky.feed.post with `reply`: a post's 300 graphemes",
      // Any embed is allowed on a reply; images need no processing (a video would need its own job first, which a comment does not wait for).
      media: { maxItems: 4, mimeTypes: ["image/jpeg", "image/png", "image/webp"], maxBytes: 1_000_000, source: "app.bsky.embed.images on the reply: 4 images, blob maxSize 1,000,000 bytes" },
    },
    // Capability note: "At most 300 grapheme clusters and 3,000 UTF-8 bytes".
    extraTextLimits: [{ counting: "bytes", maxLength: 3000 }],
    // Sheet: `alt` is required on every image (it may be empty).
    altText: {},
    options: {
      langs: { maxItems: 3 },
      tags: { maxItems: 8, itemMinLength: 1, itemMaxLength: 64, itemCounting: "graphemes" },
    },
  },
  // No chain length is documented (publishing-depth.md). Each item is one createRecord (3 of the
  // 5,000 points per hour, bluesky.md §6); 25 items keep one request far inside that and match the
  // cap chosen for X, so a chain written for one fits the other.
  thread: { maxItems: 25 },
  // publish.ts: the first link facet of a post without media becomes an app.bsky.embed.external card unless `linkCard: false`.
  linkCard: { link: "first", optOut: "linkCard", source: "bluesky.md: app.bsky.embed.external, built from the first link" },
  formats: [
    {
      id: "video",
      description: "A video post: the MP4 through Bluesky's video service (uploadVideo, then the job polled), embedded as app.bsky.embed.video.",
      selectedBy: "media: one video",
      media: { kinds: ["video"], minItems: 1, maxItems: blueskyCapabilities.media.maxVideos },
    },
  ],
  // Session refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
  polling: {
    // A PDS allows 3,000 requests per 5 min per client IP (shared/networks/bluesky.md), shared by
    // every account of that PDS that one Chorus server reads. One poll every 30 s is 10 per 5 min
    // per account: 30 accounts on one PDS take a tenth of the budget, 300 would take all of it
    // (bsky.social spreads accounts over many PDS hosts, each with its own budget).
    intervalMs: 30_000,
    // A quiet account backs off to one read per 10 min: 6 an hour instead of 120 (20x fewer), so
    // one PDS's 3,000 per 5 min holds ~6,000 quiet accounts instead of 300.
    maxIntervalMs: 10 * 60_000,
    // The chat service publishes no limit; one walk a minute costs one listConvos plus one
    // getMessages per conversation that moved, on the PDS's 3,000 per 5 min.
    feedIntervalMs: { messages: 60_000 },
  },
  budget: {
    // A PDS allows 3,000 requests per 5 min per client IP (shared/networks/bluesky.md, Rate
    // limits; `RateLimit-Policy: 3000;w=300` verified there): every account on one PDS read by
    // this deployment shares it, so the budget is per PDS host.
    unit: "requests",
    cap: 3_000,
    window: { seconds: 300 },
    pageUnits: 1,
    requestUnits: { read: 1, write: 1 },
    scope: (tokens, net) => new URL(pdsUrlOf(tokens, net)).host,
  },
};
