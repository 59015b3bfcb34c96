import * as v from "valibot";
import { platformIds } from "../../../networks/registry.js";
import { cursorQuery, limitQuery, named } from "../../openapi-helpers.js";
import { ReadProblemSchema, SocialActorSchema } from "../notifications/schema.js";

export const ReviewListQuery = v.strictObject({
  target: v.pipe(
    v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(300))),
    v.description(
      "The location (Google Business: `accounts/{a}/locations/{l}`) or page (Facebook: its id) whose reviews to read: an id of GET /v1/social-accounts/{id}/targets. May be left out when the account manages one.",
    ),
  ),
  cursor: cursorQuery,
  limit: limitQuery(),
});

const Rating = v.pipe(
  v.object({
    stars: v.pipe(v.nullable(v.picklist([1, 2, 3, 4, 5])), v.description("One to five stars (Google Business); null where the network asks for a recommendation instead.")),
    recommendation: v.pipe(v.nullable(v.picklist(["positive", "negative"])), v.description("Whether the person recommends the page (Facebook); null where the network counts stars.")),
  }),
  v.description("Exactly one of `stars` and `recommendation` is set."),
);

export const ReviewSchema = named(
  "Review",
  v.object({
    id: v.pipe(
      v.string(),
      v.description(
        "The network's own review id (Google Business: the resource name `accounts/{a}/locations/{l}/reviews/{r}`; Facebook: the recommendation's story id). Send it, percent-encoded, to POST /v1/comments/{id}/replies to answer (Google keeps one answer and replaces it) and to DELETE /v1/comments/{id} to delete your answer.",
      ),
    ),
    account: v.string(),
    platform: v.picklist(platformIds),
    target: v.pipe(v.string(), v.description("The location or page reviewed.")),
    rating: v.pipe(v.nullable(Rating), v.description("Null where the network gives none.")),
    text: v.pipe(v.nullable(v.string()), v.description("Null for a rating without words.")),
    // Google gives only a reviewer's display name and photo: `id` is then empty and `url` null.
    author: SocialActorSchema,
    createdAt: v.pipe(v.string(), v.description("ISO 8601 UTC.")),
    reply: v.pipe(v.nullable(v.object({ text: v.string(), updatedAt: v.string() })), v.description("Your answer to the review, or null.")),
  }),
  {
    id: "accounts/1048576/locations/2097152/reviews/AbFvOqk3Lm9xQ2",
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "googlebusiness",
    target: "accounts/1048576/locations/2097152",
    rating: { stars: 5, recommendation: null },
    text: "Best sourdough in town.",
    author: { id: "", handle: "Dana K.", displayName: "Dana K.", avatarUrl: null, url: null, platform: "googlebusiness" },
    createdAt: "2026-11-20T09:30:00.000Z",
    reply: { text: "Thank you, Dana!", updatedAt: "2026-11-20T10:00:00.000Z" },
  },
);

export const ReviewListSchema = named(
  "ReviewList",
  v.object({
    items: v.array(ReviewSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description("Opaque; pass it back as `cursor` (with the same `target`) for the next page. Null at the end.")),
    platform: v.picklist(platformIds),
    problems: v.pipe(
      v.array(ReadProblemSchema),
      v.description(
        "Why the reviews could not be read for this page, when they could not: the connection must be renewed (`needs_reauth`) or the network failed or timed out (`platform_unavailable`, `retryable`).",
      ),
    ),
  }),
);
