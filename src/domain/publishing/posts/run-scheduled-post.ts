import { and, eq } from "drizzle-orm";
import { postSeries, postTargets, posts, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { loadActingAgent } from "../../agents/index.js";
import type { AgentRecord, DomainContext } from "../../core/index.js";
import { holdCredits, refuseTargets } from "./pending-targets.js";
import { type MediaLoader, prepareTargets, publishRequestOf } from "./prepare-targets.js";
import { type PreparedTarget, publishPrepared } from "./publish-targets.js";
import { settlePost } from "./record-outcome.js";
import { refusalOf, targetFailure } from "./target-refusal.js";
import { checkThread } from "./thread/thread-check.js";
import { holdItemCredits, storedThread } from "./thread/thread-later.js";
import { stopPendingOf } from "./thread/item-outcome.js";

/**
 * The scheduled publish, run by the job table's poller on Node and by the QStash callback on
 * Workers. The claim is one conditional UPDATE: only the delivery that moves the post from
 * `scheduled` (at this schedule version) to `processing` sends anything, so a duplicate,
 * concurrent or late delivery, or one for a cancelled or moved post, is a no-op.
 */
export async function runScheduledPost(ctx: DomainContext, input: { postId: string; version: number }, loadMedia: MediaLoader): Promise<"published" | "skipped"> {
  const now = ctx.clock.now();
  const [post] = await ctx.db
    .update(posts)
    .set({ state: "processing", updatedAt: now })
    .where(and(eq(posts.id, input.postId), eq(posts.workspaceId, ctx.workspace.id), eq(posts.state, "scheduled"), eq(posts.scheduleVersion, input.version)))
    .returning();
  if (!post) return "skipped";
  ctx.services.logger.info("scheduled post fired", { workspace: ctx.workspace.id, postId: post.id, mode: post.mode, scheduledAt: post.scheduledAt?.toISOString() ?? null });
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.state, "pending")));
  const accounts = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ctx.workspace.id));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const thread = await storedThread(ctx.db, ctx.workspace.id, post.id);

  const sendable: PreparedTarget[] = [];
  const refused: { id: string; error: ApiError }[] = [];
  for (const target of targets) {
    const account = byId.get(target.accountId);
    if (!account || account.status === "disconnected") {
      refused.push({ id: target.id, error: new ApiError("channel_gone", { platform: target.platform }) });
      continue;
    }
    // The checks run again at send time: the account may need reconnecting, media may be gone.
    try {
      const [prepared] = await prepareTargets(ctx, [account], { ...post, textOverrides: post.textOverrides, platformOptions: post.platformOptions }, loadMedia);
      // The chain is checked again with its target, as it was when scheduled: a refused item refuses the target before anything is sent.
      if (prepared) await checkThread([prepared], thread, loadMedia);
      const first = prepared?.errors[0];
      if (!prepared || first) {
        const error = first ? refusalOf(first, target.platform) : new ApiError("internal_error", { platform: target.platform });
        refused.push({ id: target.id, error });
        continue;
      }
      sendable.push({ targetId: target.id, account, request: publishRequestOf(prepared, target.id), firstComment: target.firstCommentState === "pending" });
    } catch (error) {
      refused.push({ id: target.id, error: targetFailure(error, target.platform) });
    }
  }

  // A later occurrence of an agent's series is sent in the agent's name: its allowance pays, and a revoked agent's stops.
  const actor = await seriesAgentOf(ctx, post.seriesId);
  if (actor === null) {
    refused.push(...sendable.map((t) => ({ id: t.targetId, error: new ApiError("series_agent_revoked", { platform: t.account.platform }) })));
    sendable.length = 0;
  }
  const sender: DomainContext = actor ? { ...ctx, agent: actor } : ctx;

  // Credits are reserved now, when the post is really sent; out of credits (or past the agent's allowance) fails those targets.
  let reserved = true;
  await ctx.db
    .transaction(async (tx) => {
      const ids = sendable.map((t) => t.targetId);
      await holdCredits(tx, sender, ids, now);
      await holdItemCredits(tx, sender, ids, now);
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && ["entitlement_exceeded", "agent_grant_daily_credits", "agent_grant_purchased_credits"].includes(error.code)) {
        reserved = false;
        for (const target of sendable) refused.push({ id: target.targetId, error });
        return;
      }
      throw error;
    });
  await refuseTargets(ctx, refused);
  await stopPendingOf(
    ctx,
    refused.map((r) => r.id),
  );
  if (reserved) await publishPrepared(sender, sendable);
  await settlePost(ctx, post.id);
  return "published";
}

/**
 * The agent a series occurrence is sent for: undefined when the post is no occurrence or its
 * series was not made by an agent; null when that agent has been revoked since.
 */
async function seriesAgentOf(ctx: DomainContext, seriesId: string | null): Promise<AgentRecord | null | undefined> {
  if (!seriesId || ctx.agent) return undefined;
  const [series] = await ctx.db
    .select({ agentId: postSeries.agentId })
    .from(postSeries)
    .where(and(eq(postSeries.id, seriesId), eq(postSeries.workspaceId, ctx.workspace.id)));
  if (!series?.agentId) return undefined;
  return loadActingAgent(ctx.db, { workspaceId: ctx.workspace.id, agentId: series.agentId, now: ctx.clock.now() });
}
