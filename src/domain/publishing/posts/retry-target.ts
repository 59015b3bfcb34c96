import { and, eq } from "drizzle-orm";
import { postTargets, posts, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { type MediaLoader, prepareTargets, publishRequestOf } from "./prepare-targets.js";
import { publishPrepared } from "./publish-targets.js";
import { holdCredits, refuseTargets } from "./pending-targets.js";
import { settlePost } from "./record-outcome.js";
import { refusalOf, targetFailure } from "./target-refusal.js";

/**
 * A target whose scheduled run died before reserving its credit has none: it is reserved now,
 * conditionally, so two runners cannot both reserve it. Out of credits fails the target.
 */
async function holdCredit(ctx: DomainContext, target: { id: string; credits: number }): Promise<void> {
  if (target.credits > 0) return;
  await ctx.db
    .transaction(async (tx) => {
      const held = await holdCredits(tx, ctx, [target.id], ctx.clock.now());
      // Another runner reserved it first: roll this reservation back; the send claim decides who sends.
      if (held.length === 0) throw new AlreadyHeld();
    })
    .catch((error: unknown) => {
      if (!(error instanceof AlreadyHeld)) throw error;
    });
}

class AlreadyHeld extends Error {}

/**
 * Sends a target the network throttled, once its wait is over. The target is still `pending`
 * with its credit reserved; `publishPrepared` claims it again, so a duplicate job sends nothing.
 */
export async function retryTarget(ctx: DomainContext, input: { targetId: string; deferrals: number }, loadMedia: MediaLoader): Promise<void> {
  const [target] = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending")));
  if (!target) return;
  const [post] = await ctx.db.select().from(posts).where(eq(posts.id, target.postId));
  const [account] = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, target.accountId));
  if (!post || post.state === "cancelled") return;
  if (!account || account.status === "disconnected") {
    await refuseTargets(ctx, [{ id: target.id, error: new ApiError("channel_gone", { platform: target.platform as PlatformId }) }]);
  } else {
    // The checks run again: media may have been deleted or the plan changed while it waited.
    // Anything that stops the send fails the target (and refunds it) instead of leaving it pending.
    let refusal: ApiError | null = null;
    try {
      const [prepared] = await prepareTargets(ctx, [account], post, loadMedia);
      const first = prepared?.errors[0];
      if (!prepared || first) {
        refusal = first ? refusalOf(first, target.platform) : new ApiError("internal_error", { platform: target.platform });
      } else {
        await holdCredit(ctx, target);
        await publishPrepared(ctx, [{ targetId: target.id, account, request: publishRequestOf(prepared, target.id), firstComment: target.firstCommentState === "pending" }], {
          deferrals: input.deferrals,
        });
      }
    } catch (error) {
      refusal = targetFailure(error, target.platform);
    }
    if (refusal) await refuseTargets(ctx, [{ id: target.id, error: refusal }]);
  }
  await settlePost(ctx, post.id);
}
