import type { NetworkRules } from "../rules-schema.js";

/** Bluesky's rules beyond its capability record (the shape: rules-schema.ts). */
export const blueskyRules: NetworkRules = {
  validation: {
    // publishing-depth.md: a reply record (`reply.root` = `reply.parent` = the post), with a post's limit.
    firstComment: { maxLength: 300, counting: "graphemes", source: "app.bsky.feed.post with `reply`: a post's 300 graphemes" },
    // Capability note: "At most 300 grapheme clusters and 3,000 UTF-8 bytes".
    extraTextLimits: [{ counting: "bytes", maxLength: 3000 }],
    // Sheet: `alt` is required on every image (it may be empty).
    altText: {},
    options: {
      langs: { maxItems: 3 },
      tags: { maxItems: 8, itemMinLength: 1, itemMaxLength: 64, itemCounting: "graphemes" },
    },
  },
  // Session refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
  polling: {
    // A PDS allows 3,000 requests per 5 min per client IP (shared/networks/bluesky.md), shared by
    // every account of that PDS that one Chorus server reads. One poll every 30 s is 10 per 5 min
    // per account: 30 accounts on one PDS take a tenth of the budget, 300 would take all of it
    // (bsky.social spreads accounts over many PDS hosts, each with its own budget).
    intervalMs: 30_000,
    // The chat service publishes no limit; one walk a minute costs one listConvos plus one
    // getMessages per conversation that moved, on the PDS's 3,000 per 5 min.
    feedIntervalMs: { messages: 60_000 },
  },
};
