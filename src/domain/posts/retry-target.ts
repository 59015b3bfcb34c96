import { and, eq } from "drizzle-orm";
import { postTargets, posts, socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import type { DomainContext } from "../context.js";
import { type MediaLoader, prepareTargets } from "./prepare-targets.js";
import { publishPrepared } from "./publish-targets.js";
import { recordTargetOutcome, settlePost } from "./record-outcome.js";

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
    await ctx.db.update(postTargets).set({ state: "publishing" }).where(eq(postTargets.id, target.id));
    await recordTargetOutcome(ctx, target.id, { state: "failed", error: new ApiError("channel_gone", { platform: target.platform as PlatformId }) });
  } else {
    const [prepared] = await prepareTargets(ctx, [account], post, loadMedia);
    if (prepared) {
      await publishPrepared(
        ctx,
        [{ targetId: target.id, account, request: { text: prepared.text, media: prepared.media, options: prepared.options, destination: prepared.destination, targetId: target.id } }],
        { deferrals: input.deferrals },
      );
    }
  }
  await settlePost(ctx, post.id);
}
