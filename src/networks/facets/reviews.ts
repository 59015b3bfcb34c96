import type { NetworkContext, TokenSet } from "../call-context.js";
import type { NetworkActor, NetworkPage, NetworkPageRequest } from "./inbox.js";

/**
 * How a person rated the place: stars where the network counts them (Google: one to five), or
 * whether they recommend it where the network asks that instead (Facebook recommendations).
 */
export type ReviewRating = { stars: 1 | 2 | 3 | 4 | 5; recommendation: null } | { stars: null; recommendation: "positive" | "negative" };

/** One review as the network reports it; the domain adds the account and platform. */
export interface NetworkReview {
  /** The network's own id: what the comment reply and delete routes take. */
  id: string;
  /** The location or page reviewed (a target id of GET /v1/social-accounts/{id}/targets). */
  destination: string;
  rating: ReviewRating | null;
  /** Null for a rating without words. */
  text: string | null;
  author: NetworkActor;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** The account's answer, when it gave one. */
  reply: { text: string; updatedAt: string } | null;
}

export interface ReviewPageRequest extends NetworkPageRequest {
  /** The location or page whose reviews are read. */
  destination: string;
}

export interface ReviewTarget {
  /** A review id as `listReviews` gave it. */
  reviewId: string;
  networkUserId: string;
}

/**
 * Reviews of the places an account manages (Google Business locations, Facebook pages). A review
 * id goes through the same routes as a comment id (POST /v1/comments/{id}/replies, DELETE
 * /v1/comments/{id}): `isReviewId` tells the two apart, and a network without this facet has no
 * reviews (`reviews` absent from `reads` in GET /v1/platforms, `reviews_unsupported` on the route).
 */
export interface ReviewsFacet {
  /** Newest first. */
  listReviews(tokens: TokenSet, page: ReviewPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkReview>>;
  /** Whether an id from the comment routes names a review of this network rather than a comment. */
  isReviewId(id: string): boolean;
  /** Answers the review as the account, or replaces the answer where the network keeps one per review. */
  replyToReview(tokens: TokenSet, input: ReviewTarget & { text: string }, net: NetworkContext): Promise<{ id: string }>;
  /** Removes the account's answer; the review itself stays (no network lets a business delete one). */
  deleteReviewReply(tokens: TokenSet, input: ReviewTarget, net: NetworkContext): Promise<void>;
}
