import type { ReviewsFacet } from "../../../networks/facets/reviews.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";

/**
 * A review id goes through the comment routes (API-DECISIONS: "its id works with the comment
 * reply and delete routes"): the account's network says whether the id names one of its reviews,
 * and then the answer is the review's reply (written, replaced or removed) instead of a comment.
 */
export function reviewsNaming(platform: PlatformId, id: string): ReviewsFacet | null {
  const facet = adapterFor(platform).reviews;
  return facet?.isReviewId(id) ? facet : null;
}

export async function answerReview(ctx: DomainContext, row: SocialAccountRow, facet: ReviewsFacet, reviewId: string, text: string) {
  const answer = await withAccountSession(ctx, row, (tokens, net) => facet.replyToReview(tokens, { reviewId, networkUserId: row.networkUserId, text }, net));
  return { account: row.id, platform: row.platform, id: answer.id, ok: true as const };
}

export async function removeReviewAnswer(ctx: DomainContext, row: SocialAccountRow, facet: ReviewsFacet, reviewId: string) {
  await withAccountSession(ctx, row, (tokens, net) => facet.deleteReviewReply(tokens, { reviewId, networkUserId: row.networkUserId }, net));
  return { account: row.id, platform: row.platform, ok: true as const };
}
