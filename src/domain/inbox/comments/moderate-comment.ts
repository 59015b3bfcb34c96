import { ApiError } from "../../../infra/errors.js";
import type { CommentTarget, InboxFacet } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { answerReview, removeReviewAnswer, reviewsNaming } from "../reviews/review-replies.js";
import { requireAccount } from "../../accounts/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { billedReplyPlatforms, refundReplyCredit, reserveReplyCredit } from "./reply-credit.js";

/**
 * Hide, delete and reply: the comment id is the network's own (API-DECISIONS, Ids), and the
 * `account` of the body says which connection it belongs to. The account is looked up in the
 * caller's workspace first, so another workspace's account is a 404 that reveals nothing; a
 * comment id the account's network does not know is the network's 404, `comment_not_found`.
 */

interface ModerationInput {
  id: string;
  account: string;
}

/** The path's id as sent; an empty or blank one is the spec's `comment_id_required`. */
function commentIdOf(id: string): string {
  const trimmed = id.trim();
  if (!trimmed) throw new ApiError("comment_id_required", { param: "id" });
  return trimmed;
}

async function connection(ctx: DomainContext, input: ModerationInput): Promise<{ row: SocialAccountRow; platform: PlatformId; inbox: InboxFacet; target: CommentTarget }> {
  const commentId = commentIdOf(input.id);
  const row = await requireAccount(ctx, input.account, "account");
  const platform = row.platform;
  if (row.status === "disconnected" || !row.tokensEncrypted) {
    throw new ApiError("account_unknown", { param: "account", message: `The ${platform} account ${row.id} was disconnected; connect it again to moderate its comments.` });
  }
  return { row, platform, inbox: adapterFor(platform).inbox ?? {}, target: { commentId, networkUserId: row.networkUserId } };
}

const nameOf = (platform: PlatformId) => adapterFor(platform).capabilities.name;

export async function hideComment({ ctx, input }: { ctx: DomainContext; input: ModerationInput & { hidden: boolean } }) {
  const { row, platform, inbox, target } = await connection(ctx, input);
  const hide = inbox.hideComment?.bind(inbox);
  if (!hide) {
    throw new ApiError("comment_hide_unsupported", { param: "account", platform, message: `${nameOf(platform)} does not let an account hide comments on its posts.` });
  }
  await withAccountSession(ctx, row, (tokens, net) => hide(tokens, { ...target, hidden: input.hidden }, net));
  return { account: row.id, platform, hidden: input.hidden, ok: true as const };
}

export async function deleteComment({ ctx, input }: { ctx: DomainContext; input: ModerationInput }) {
  const { row, platform, inbox, target } = await connection(ctx, input);
  // A review id deletes the account's reply to the review; the review stays.
  const reviews = reviewsNaming(platform, target.commentId);
  if (reviews) return removeReviewAnswer(ctx, row, reviews, target.commentId);
  const remove = inbox.deleteComment?.bind(inbox);
  if (!remove) {
    throw new ApiError("comment_delete_unsupported", { param: "account", platform, message: `${nameOf(platform)} does not let an account delete comments through its API.` });
  }
  await withAccountSession(ctx, row, (tokens, net) => remove(tokens, target, net));
  return { account: row.id, platform, ok: true as const };
}

/**
 * Replies are free except where the spec bills them like a post (X): that credit is taken before
 * the network is called and given back when the network refuses; a reply whose fate is unknown
 * (the network did not answer) keeps it, as a publish does. Retries with the same
 * Idempotency-Key replay the first answer, so the credit is taken once.
 */
export async function replyToComment({ ctx, input }: { ctx: DomainContext; input: ModerationInput & { text: string } }) {
  const { row, platform, inbox, target } = await connection(ctx, input);
  // A review id writes (or replaces) the account's reply to the review: free on every network.
  const reviews = reviewsNaming(platform, target.commentId);
  if (reviews) return answerReview(ctx, row, reviews, target.commentId, input.text);
  const reply = inbox.replyToComment?.bind(inbox);
  if (!reply) {
    throw new ApiError("capability_unsupported", {
      param: "account",
      platform,
      message: `${nameOf(platform)} does not let an account answer comments through its API.`,
      fix: "Check `comments.reply` for the network in GET /v1/platforms.",
    });
  }
  const source = billedReplyPlatforms.has(platform) ? await reserveReplyCredit(ctx) : null;
  if (source && ctx.effects) ctx.effects.committed = true;
  try {
    const answer = await withAccountSession(ctx, row, (tokens, net) => reply(tokens, { ...target, text: input.text }, net));
    return { account: row.id, platform, id: answer.id, ok: true as const };
  } catch (error) {
    const unknownOutcome = error instanceof ApiError && error.code === "platform_unavailable";
    if (source && !unknownOutcome) await refundReplyCredit(ctx, source);
    throw error;
  }
}
