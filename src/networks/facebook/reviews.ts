import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkPage } from "../facets/inbox.js";
import type { NetworkReview, ReviewPageRequest, ReviewsFacet, ReviewTarget } from "../facets/reviews.js";
import type { ErrorTable } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { graphPost, graphRequest, SuccessSchema } from "../meta/graph.js";
import { asEachPage, asPage, facebookGraphUrl, notOnPage, type PageAccess } from "../meta/page-access.js";

/**
 * A page's recommendations through the Graph API, with the page's own token: `GET
 * /{page-id}/ratings` (Meta's Recommendation node: created_time, recommendation_type,
 * review_text, reviewer, open_graph_story). A recommendation is an open graph story, and the page
 * answers it as it answers a post: a comment on the story (`POST /{story-id}/comments`). The
 * review's id in Chorus is the story id; the page's answer is its own comment on the story, found
 * with `GET /{story-id}/comments`, edited with `POST /{comment-id} message` and removed with
 * `DELETE /{comment-id}`, so a second answer replaces the first as on Google.
 */

/** Ratings asked per page: each one costs a read of its story's comments to find the page's answer. */
const PAGE_MAX = 25;
/** Graph story and object ids are digits; comment ids join two with `_`, so the two never meet. */
const STORY_ID = /^[0-9]+$/;

const table: ErrorTable = {
  ...facebookErrorTable,
  rows: [
    // Meta's reference marks the Recommendation node deprecated from v22.0 (unverified in practice: its own node descriptions still list ratings).
    { networkCode: "12", code: "reviews_unsupported", meaning: "(#12) the ratings edge is deprecated for the Graph version Chorus calls" },
    ...facebookErrorTable.rows,
  ],
};

const Rating = v.object({
  created_time: v.string(),
  recommendation_type: v.optional(v.picklist(["positive", "negative"])),
  review_text: v.optional(v.string()),
  reviewer: v.optional(v.object({ id: v.string(), name: v.optional(v.string()) })),
  open_graph_story: v.optional(v.object({ id: v.string() })),
});
const RatingPage = v.object({ data: v.array(Rating), paging: v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) })) });
const StoryComment = v.object({ id: v.string(), message: v.optional(v.string()), created_time: v.string(), from: v.optional(v.object({ id: v.string() })) });
const StoryComments = v.object({ data: v.array(StoryComment) });
const Created = v.object({ id: v.string() });

const FIELDS = "created_time,recommendation_type,review_text,reviewer{id,name},open_graph_story";

/** Graph's `2026-10-01T12:00:00+0000`. */
const isoOf = (graphTime: string) => new Date(graphTime.replace(/\+0000$/, "Z")).toISOString();

/** The page's own comment on a story: its answer to the recommendation. */
async function pageAnswer(net: NetworkContext, page: PageAccess, storyId: string): Promise<v.InferOutput<typeof StoryComment> | null> {
  const url = facebookGraphUrl(net, `${storyId}/comments`, { fields: "id,message,created_time,from{id}", order: "reverse_chronological", limit: "100", access_token: page.token });
  const comments = await graphRequest(net, table, url, StoryComments);
  return comments.data.find((c) => c.from?.id === page.pageId) ?? null;
}

/** Graph's #100 "does not exist" (`platform_rejected`): the story is not this page's. */
const notThisPages = (error: unknown) => error instanceof ApiError && error.code === "platform_rejected" && /does not exist|unsupported (get|post|delete) request/i.test(error.message);

/**
 * Runs `call` with each managed page's token until one holds the story: a story id does not
 * name its page. Graph's "does not exist" (#100, `platform_rejected`) and a page without the
 * answer (`notOnPage`) both move on to the next page; none left is `comment_not_found`.
 */
async function asStoryPage<T>(tokens: TokenSet, net: NetworkContext, target: ReviewTarget, call: (page: PageAccess) => Promise<T | typeof notOnPage>): Promise<T> {
  if (!STORY_ID.test(target.reviewId)) throw new ApiError("comment_not_found", { platform: "facebook", param: "id", message: `facebook: ${target.reviewId} is not a recommendation id.` });
  const result = await asEachPage(tokens, net, call, notThisPages);
  if (result !== notOnPage) return result;
  throw new ApiError("comment_not_found", { platform: "facebook", param: "id", message: `facebook: no page this account manages has an answer to, or the recommendation, ${target.reviewId}.` });
}

/** One page of a page's recommendations, each with the page's answer, as the page. */
async function listPageReviews(net: NetworkContext, access: PageAccess, page: ReviewPageRequest): Promise<NetworkPage<NetworkReview>> {
  const url = facebookGraphUrl(net, `${access.pageId}/ratings`, { fields: FIELDS, limit: String(Math.min(page.limit, PAGE_MAX)), after: page.cursor ?? undefined, access_token: access.token });
  const body = await graphRequest(net, table, url, RatingPage);
  // A rating without a story cannot be answered or named; Graph gives one to every recommendation.
  const stories = body.data.flatMap((r) => (r.open_graph_story ? [{ rating: r, storyId: r.open_graph_story.id }] : []));
  const answers = await Promise.all(stories.map(({ storyId }) => pageAnswer(net, access, storyId)));
  const items = stories.map(({ rating, storyId }, i): NetworkReview => {
    const answer = answers[i];
    const reviewer = rating.reviewer;
    return {
      id: storyId,
      destination: access.pageId,
      rating: rating.recommendation_type ? { stars: null, recommendation: rating.recommendation_type } : null,
      text: rating.review_text ?? null,
      author: { id: reviewer?.id ?? "", handle: reviewer?.name ?? "", displayName: reviewer?.name ?? null, avatarUrl: null, url: reviewer ? `https://www.facebook.com/${reviewer.id}` : null },
      createdAt: isoOf(rating.created_time),
      reply: answer ? { text: answer.message ?? "", updatedAt: isoOf(answer.created_time) } : null,
    };
  });
  return { items, cursor: body.paging?.next ? (body.paging.cursors?.after ?? null) : null };
}

export const facebookReviews: ReviewsFacet = {
  async listReviews(tokens, page, net) {
    return asPage(tokens, net, page.destination, (access) => listPageReviews(net, access, page));
  },

  isReviewId: (id) => STORY_ID.test(id),

  async replyToReview(tokens, input, net) {
    // The page's earlier answer is replaced, as Google keeps one answer per review; the story's
    // own page is the one that has it, or the one Graph lets comment as itself.
    const edited = await asStoryPage(tokens, net, input, async (page) => {
      const existing = await pageAnswer(net, page, input.reviewId);
      if (!existing) return notOnPage;
      await graphPost(net, table, facebookGraphUrl(net, existing.id), { message: input.text, access_token: page.token }, SuccessSchema);
      return { id: existing.id };
    }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "comment_not_found") return null;
      throw error;
    });
    if (edited) return edited;
    return asStoryPage(tokens, net, input, async (page) => {
      const created = await graphPost(net, table, facebookGraphUrl(net, `${input.reviewId}/comments`), { message: input.text, access_token: page.token }, Created);
      return { id: created.id };
    });
  },

  async deleteReviewReply(tokens, input, net) {
    await asStoryPage(tokens, net, input, async (page) => {
      const existing = await pageAnswer(net, page, input.reviewId);
      if (!existing) return notOnPage;
      return graphRequest(net, table, facebookGraphUrl(net, existing.id, { access_token: page.token }), SuccessSchema, { method: "DELETE" });
    });
  },
};
