import type { NetworkRules } from "../rules-schema.js";

const poll = { minItems: 2, maxItems: 4, itemMinLength: 1, itemMaxLength: 25 } as const;

/** X's rules beyond its capability record (the shape: rules-schema.ts). */
export const twitterRules: NetworkRules = {
  validation: {
    // publishing-depth.md: the first comment is a reply post (`reply.in_reply_to_tweet_id`), with a post's limit.
    firstComment: { maxLength: 280, counting: "weighted", source: "POST /2/tweets with `reply`: a post's 280 weighted characters" },
    // Capability note: at most one cashtag per post on self-serve apps.
    maxCashtags: 1,
    altText: {},
    options: {
      pollOptions: { ...poll, textOnly: true, requires: ["pollDurationMinutes"] },
      pollDurationMinutes: { min: 5, max: 10080, requires: ["pollOptions"] },
      taggedUserIds: { maxItems: 10, appliesToMedia: "image" },
      excludeReplyUserIds: { requires: ["replyToPostId"] },
      shareWithFollowers: { requires: ["forSuperFollowersOnly"] },
      cardUri: { textOnly: true, excludes: ["pollOptions", "quotePostId"] },
    },
  },
  // Two-hour access tokens with refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
  polling: {
    // `GET /2/users/{id}/mentions` allows 300 requests per 15 min per user (450 per app token),
    // shared/networks/twitter.md. One a minute is 15 per 15 min, 5 % of the user's budget. X also
    // bills every post read, so the poll asks only for posts newer than the last one it saw
    // (`since_id`): a quiet account costs nothing but the request.
    intervalMs: 60_000,
    // X allows 15 DM reads per 15 min per user and bills each event (shared/networks/twitter.md,
    // inbox/twitter-inbox.md): one read every 5 min is 3 of the 15 and leaves the rest to
    // GET /v1/conversations.
    feedIntervalMs: { messages: 5 * 60_000 },
  },
};
