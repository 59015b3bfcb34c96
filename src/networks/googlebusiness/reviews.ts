import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkReview, ReviewRating, ReviewsFacet } from "../facets/reviews.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { ErrorTable } from "../http.js";
import type { TokenSet } from "../types.js";
import { googleBusinessUrls } from "./capabilities.js";
import { extractBusinessProfileError, googleBusinessErrorTable } from "./errors.js";

/**
 * Reviews of a location through the v4 API (the sheet's inbox section 1 and 2): `GET
 * {location}/reviews?pageSize&pageToken&orderBy=updateTime desc`, and one owner reply per
 * review, written (or overwritten) with `PUT {review}/reply {comment}` and removed with `DELETE
 * {review}/reply`. The review's id in Chorus is its resource name
 * `accounts/{a}/locations/{l}/reviews/{r}`: it names the location, so no lookup is needed to
 * answer it, and it cannot be mistaken for another network's comment id.
 */

/** reviews.list takes at most 50 a page. */
const PAGE_MAX = 50;
/** Google refuses a reply over 4,096 characters (reviews.updateReply). */
export const REPLY_MAX = 4096;
const REVIEW_NAME = /^accounts\/[^/]+\/locations\/[^/]+\/reviews\/[^/]+$/;
const LOCATION_NAME = /^accounts\/[^/]+\/locations\/[^/]+$/;

/** Google's NOT_FOUND for a review (or a reply) that is not there; the rest as every Business Profile call. */
const table: ErrorTable = {
  platform: "googlebusiness",
  extract: extractBusinessProfileError,
  rows: [
    { status: 404, code: "comment_not_found", meaning: "reviews.get/updateReply/deleteReply NOT_FOUND: no such review at the location, or no reply to delete." },
    { status: 400, code: "platform_rejected", meaning: "INVALID_ARGUMENT: Google's field violation says what (a reply over 4,096 characters is caught before sending)." },
    ...googleBusinessErrorTable.rows,
  ],
};

const Reply = v.object({ comment: v.optional(v.string()), updateTime: v.optional(v.string()) });
const Review = v.object({
  name: v.string(),
  reviewId: v.optional(v.string()),
  reviewer: v.optional(v.object({ profilePhotoUrl: v.optional(v.string()), displayName: v.optional(v.string()), isAnonymous: v.optional(v.boolean()) })),
  starRating: v.optional(v.string()),
  comment: v.optional(v.string()),
  createTime: v.string(),
  updateTime: v.optional(v.string()),
  reviewReply: v.optional(Reply),
});
const ReviewList = v.object({ reviews: v.optional(v.array(Review)), nextPageToken: v.optional(v.string()) });

const stars: Record<string, 1 | 2 | 3 | 4 | 5> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

const headers = (tokens: TokenSet, json = false) => ({
  authorization: `Bearer ${tokens.accessToken}`,
  accept: "application/json",
  ...(json ? { "content-type": "application/json; charset=UTF-8" } : {}),
});

function ratingOf(starRating: string | undefined): ReviewRating | null {
  const value = starRating ? stars[starRating] : undefined;
  // STAR_RATING_UNSPECIFIED (or a value Google adds later) is no rating Chorus can state.
  return value ? { stars: value, recommendation: null } : null;
}

function toReview(review: v.InferOutput<typeof Review>, location: string): NetworkReview {
  const reviewer = review.reviewer;
  const name = reviewer?.displayName ?? (reviewer?.isAnonymous ? "A Google user" : "");
  const reply = review.reviewReply;
  return {
    id: review.name,
    destination: location,
    rating: ratingOf(review.starRating),
    text: review.comment ?? null,
    // Google gives reviewers no id or profile link through this API: the name is all there is.
    author: { id: "", handle: name, displayName: reviewer?.isAnonymous ? null : (reviewer?.displayName ?? null), avatarUrl: reviewer?.profilePhotoUrl ?? null, url: null },
    createdAt: new Date(review.createTime).toISOString(),
    reply: reply?.comment !== undefined ? { text: reply.comment, updatedAt: new Date(reply.updateTime ?? review.updateTime ?? review.createTime).toISOString() } : null,
  };
}

function reviewName(id: string): string {
  if (!REVIEW_NAME.test(id))
    throw new ApiError("comment_not_found", { platform: "googlebusiness", param: "id", message: `googlebusiness: ${id} is not a review name (accounts/{a}/locations/{l}/reviews/{r}).` });
  return id;
}

export const googleBusinessReviews: ReviewsFacet = {
  async listReviews(tokens, page, net) {
    if (!LOCATION_NAME.test(page.destination)) {
      throw new ApiError("option_invalid", { platform: "googlebusiness", param: "target", message: `googlebusiness: ${page.destination} is not a location (accounts/{a}/locations/{l}).` });
    }
    const url = new URL(`${googleBusinessUrls.myBusinessV4}/${page.destination}/reviews`);
    url.searchParams.set("pageSize", String(Math.min(page.limit, PAGE_MAX)));
    url.searchParams.set("orderBy", "updateTime desc");
    if (page.cursor) url.searchParams.set("pageToken", page.cursor);
    const response = await callNetwork(net, table, url.toString(), { headers: headers(tokens) });
    const body = parseNetworkBody("googlebusiness", ReviewList, response.body, "reviews.list");
    return { items: (body.reviews ?? []).map((r) => toReview(r, page.destination)), cursor: body.nextPageToken ?? null };
  },

  isReviewId: (id) => REVIEW_NAME.test(id),

  async replyToReview(tokens, input, net) {
    const name = reviewName(input.reviewId);
    if ([...input.text].length > REPLY_MAX) {
      throw new ApiError("text_too_long", { platform: "googlebusiness", param: "text", message: `googlebusiness: a reply to a review is at most ${REPLY_MAX} characters.` });
    }
    const response = await callNetwork(net, table, `${googleBusinessUrls.myBusinessV4}/${name}/reply`, {
      method: "PUT",
      headers: headers(tokens, true),
      body: JSON.stringify({ comment: input.text }),
    });
    parseNetworkBody("googlebusiness", Reply, response.body, "reviews.updateReply");
    // One reply per review: the review names it, and the same name updates or deletes it.
    return { id: name };
  },

  async deleteReviewReply(tokens, input, net) {
    await callNetwork(net, table, `${googleBusinessUrls.myBusinessV4}/${reviewName(input.reviewId)}/reply`, { method: "DELETE", headers: headers(tokens) });
  },
};
