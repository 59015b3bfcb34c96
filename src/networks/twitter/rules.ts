import type { NetworkRules } from "../rules-schema.js";

const poll = { minItems: 2, maxItems: 4, itemMinLength: 1, itemMaxLength: 25 } as const;
const pollMinutes = { min: 5, max: 10080 } as const;

/** X's rules beyond its capability record (the shape: rules-schema.ts). */
export const twitterRules: NetworkRules = {
  validation: {
    // publishing-depth.md: the first comment is a reply post (`reply.in_reply_to_tweet_id`), with a post's limit.
    firstComment: {
      maxLength: 280,
      counting: "weighted",
      source: "POST /2/tweets with `reply`: a post's 280 weighted characters",
      // A reply is a post (`media.media_ids`). Images only: GIFs and video are processed by X before they can be attached, and a comment does not wait.
      media: { maxItems: 4, mimeTypes: ["image/jpeg", "image/png", "image/webp"], maxBytes: 5 * 1024 * 1024, source: "POST /2/tweets `media.media_ids` on the reply: 4 images of 5 MB" },
    },
    // Capability note: at most one cashtag per post on self-serve apps.
    maxCashtags: 1,
    altText: {},
    options: {
      pollOptions: { ...poll, textOnly: true, requires: ["pollDurationMinutes"] },
      pollDurationMinutes: { ...pollMinutes, requires: ["pollOptions"] },
      taggedUserIds: { maxItems: 10, appliesToMedia: "image" },
      excludeReplyUserIds: { requires: ["replyToPostId"] },
      shareWithFollowers: { requires: ["forSuperFollowersOnly"] },
      cardUri: { textOnly: true, excludes: ["pollOptions", "quotePostId"] },
    },
  },
  // X documents no chain length (shared/networks/publishing-depth.md, "No documented chain length
  // limit"). 25 is the cap of X's own composer as people report it (unverified), and it keeps one
  // request's sends within X's 100 posts per 15 min per user (twitter.md §3) four times over.
  thread: { maxItems: 25 },
  // X's Cards documentation (developer.x.com, "Cards markup"): a post with several links shows the card of the last one; a post with media shows the media.
  linkCard: { link: "last", source: "X Cards: the card of the last URL in the post" },
  formats: [
    {
      id: "poll",
      description: "A post with a poll (`poll.options`, `poll.duration_minutes`); X takes no media, quote or card beside a poll.",
      selectedBy: "platformOptions.twitter.pollOptions with pollDurationMinutes",
      limits: { minOptions: poll.minItems, maxOptions: poll.maxItems, optionMaxLength: poll.itemMaxLength, minDurationMinutes: pollMinutes.min, maxDurationMinutes: pollMinutes.max },
    },
  ],
  // Two-hour access tokens with refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
  polling: {
    // `GET /2/users/{id}/mentions` allows 300 requests per 15 min per user (450 per app token),
    // shared/networks/twitter.md. One a minute is 15 per 15 min, 5 % of the user's budget. X also
    // bills every post read, so the poll asks only for posts newer than the last one it saw
    // (`since_id`): a quiet account costs nothing but the request.
    intervalMs: 60_000,
    // A quiet account backs off to one read per 15 min: 4 an hour instead of 60 (15x fewer), and
    // X's own rate window is 15 min, so a mention on a quiet account waits at most one window.
    maxIntervalMs: 15 * 60_000,
    // X allows 15 DM reads per 15 min per user and bills each event (shared/networks/twitter.md,
    // inbox/twitter-inbox.md): one read every 5 min is 3 of the 15 and leaves the rest to
    // GET /v1/conversations.
    feedIntervalMs: { messages: 5 * 60_000 },
  },
  budget: {
    // Pay-per-use X bills each resource a read returns ($0.005 a post read, $0.001 an owned read;
    // deduplicated per UTC day, shared/networks/twitter.md, Billing), not the request: a quiet
    // `since_id` poll bills nothing. The cap is the operator's daily spend on reads, in billed
    // items (CHORUS_TWITTER_BUDGET); 5,000 is at most $25 a day at the post-read price.
    unit: "billed reads",
    cap: 5_000,
    window: { day: "UTC" },
    pageUnits: 0,
    requestUnits: { read: 1, write: 1 },
    billsItems: true,
  },
};
