import { and, eq } from "drizzle-orm";
import { postTargets, posts } from "../../../db/schema/index.js";
import type { PostApproval } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { assertAgentMay } from "../../agents/index.js";
import { type DomainContext, recordAuditEvent } from "../../core/index.js";
import type { ValidationReport } from "../posts/create-post.js";
import { claimRefused, holdCredits, refuseTargets } from "../posts/pending-targets.js";
import type { PostRow, PostView } from "../posts/post-view.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { publishPrepared } from "../posts/publish-targets.js";
import { requirePost } from "../posts/read-posts.js";
import { settlePost } from "../posts/record-outcome.js";
import { lockedPost, sameCheckedContent } from "../posts/locked-post.js";
import { checkAtApproval, validationRefusal } from "./approval-check.js";
import { recordApprovalEvent } from "./approval-events.js";
import { stopSeries } from "../series/stop-series.js";
import { holdItemCredits } from "../posts/thread/thread-later.js";
import { stopPendingOf } from "../posts/thread/item-outcome.js";

export interface ApprovalResult {
  post: PostView;
  /** The per-target checks run at the moment of approval. */
  validation: ValidationReport;
}

const notPending = (state: string) =>
  new ApiError("post_state_invalid", {
    message: `This post is ${state}, not pending_approval: it was already decided (approved or rejected), or never needed approval.`,
    fix: "Read the post (GET /v1/posts/{id}) to see its state; only posts in `pending_approval` are approved or rejected.",
  });

function decided(previous: PostApproval | null, decision: "approved" | "rejected", by: string, now: Date, reason: string | null): PostApproval {
  return { requiredBy: previous?.requiredBy ?? "workspace", proposedBy: previous?.proposedBy ?? null, decision, decidedBy: by, decidedAt: now.toISOString(), reason };
}

/** The post as the approval's checks read it, still (posts/locked-post.ts says why). */
async function assertUnchangedSinceCheck(tx: Transaction, ctx: DomainContext, post: PostRow): Promise<void> {
  const current = await lockedPost(tx, ctx, post.id);
  if (!current || current.state !== "pending_approval") throw notPending(current?.state ?? "deleted");
  if (!sameCheckedContent(current, post)) {
    throw new ApiError("post_state_invalid", {
      message: "The post was edited while this approval checked it, so the checks no longer describe what would be sent. Nothing was sent; it is still pending_approval.",
      fix: "Read the post again (GET /v1/posts/{id}) and approve the current version: POST /v1/posts/{id}/approve checks it again.",
    });
  }
}

/**
 * POST /v1/posts/{id}/approve, the approval link and the MCP tool: re-checks every waiting
 * target, then moves the post out of `pending_approval` in one conditional UPDATE, so of two
 * approvals racing exactly one sends (the other is 409). Credits are reserved in that same
 * transaction when it publishes now, and by the scheduled run when it has a future
 * `scheduledAt`; a `scheduledAt` that passed while it waited publishes now. Agents never decide:
 * an agent must not approve what it proposed, and no grant includes deciding for a person.
 */
export async function approvePost({ ctx, input, loadMedia }: { ctx: DomainContext; input: { id: string; force?: boolean | undefined }; loadMedia: MediaLoader }): Promise<ApprovalResult> {
  assertAgentMay(ctx, "owner", "Approving a post");
  const post = await requirePost(ctx, input.id);
  if (post.state !== "pending_approval") throw notPending(post.state);
  const check = await checkAtApproval(ctx, post, loadMedia);
  if (!check.validation.valid && !input.force) throw validationRefusal(check);
  const now = ctx.clock.now();
  const later = post.scheduledAt !== null && post.scheduledAt.getTime() > now.getTime() && check.sendable.length > 0;
  const claimedRefused = await ctx.db.transaction(async (tx) => {
    await assertUnchangedSinceCheck(tx, ctx, post);
    const [claimed] = await tx
      .update(posts)
      .set({ state: later ? "scheduled" : "processing", updatedAt: now, approval: decided(post.approval, "approved", ctx.apiKey.id, now, null) })
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.state, "pending_approval")))
      .returning({ id: posts.id });
    if (!claimed) throw notPending("already decided");
    if (later) {
      await ctx.services.jobs.enqueue(
        {
          kind: "publish_scheduled",
          payload: { postId: post.id, version: post.scheduleVersion, workspaceId: ctx.workspace.id, mode: post.mode },
          runAt: post.scheduledAt ?? now,
          dedupKey: `post:${post.id}:v${post.scheduleVersion}`,
        },
        tx,
      );
    } else {
      // Charged now, when it is really sent: out of credits is 402 and the post stays pending.
      // A chain's items are charged with their target, as posts of their own, in the same transaction.
      const ids = check.sendable.map((t) => t.targetId);
      await holdCredits(tx, ctx, ids, now);
      await holdItemCredits(tx, ctx, ids, now);
    }
    await recordApprovalEvent(ctx, tx, post.id, "post.approved", now);
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "post.approved", actor: ctx.apiKey.id, details: { post: post.id, force: input.force ?? false }, at: now });
    return claimRefused(
      tx,
      ctx,
      check.refused.map((r) => r.id),
    );
  });
  if (ctx.effects) ctx.effects.committed = true;
  await refuseTargets(ctx, check.refused, claimedRefused);
  // A refused target's chain is never sent; the sendable ones run after their post (publishPrepared → runChains).
  await stopPendingOf(
    ctx,
    check.refused.map((r) => r.id),
  );
  if (!later) await publishPrepared(ctx, check.sendable, { loadMedia });
  const view = await settlePost(ctx, post.id);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return { post: view, validation: check.validation };
}

/**
 * POST /v1/posts/{id}/reject: the post becomes `rejected` and its waiting targets `cancelled`,
 * in one conditional transaction (a reject racing an approve: one wins, the other is 409).
 * Nothing was charged while it waited, so nothing is refunded. A series' occurrence rejected
 * cancels its series. A chain's waiting items are stopped (`not_sent`) with their targets.
 */
export async function rejectPost({ ctx, input }: { ctx: DomainContext; input: { id: string; reason?: string | undefined } }): Promise<PostView> {
  assertAgentMay(ctx, "owner", "Rejecting a post");
  const post = await requirePost(ctx, input.id);
  if (post.state !== "pending_approval") throw notPending(post.state);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(posts)
      .set({ state: "rejected", updatedAt: now, approval: decided(post.approval, "rejected", ctx.apiKey.id, now, input.reason ?? null) })
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.state, "pending_approval")))
      .returning({ id: posts.id });
    if (!claimed) throw notPending("already decided");
    await tx
      .update(postTargets)
      .set({ state: "cancelled" })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending")));
    await recordApprovalEvent(ctx, tx, post.id, "post.rejected", now);
    // Approval is decided per series: rejecting its occurrence rejects the series (no further occurrence is made).
    if (post.seriesId) await stopSeries(tx, ctx.workspace.id, post.seriesId, now);
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "post.rejected", actor: ctx.apiKey.id, details: { post: post.id, reason: input.reason ?? null }, at: now });
  });
  await stopPendingOf(ctx, await cancelledTargets(ctx, post.id));
  const view = await settlePost(ctx, post.id);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return view;
}

async function cancelledTargets(ctx: DomainContext, postId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "cancelled")));
  return rows.map((row) => row.id);
}
