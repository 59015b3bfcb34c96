import { accountsOfTargets } from "./target-accounts.js";
import { and, eq } from "drizzle-orm";
import { postTargets, posts } from "../../../db/schema/index.js";
import { assertAccountsInGrant, assertAgentMay } from "../../agents/index.js";
import { forgetAgents, refundAgentCharges } from "../../agents/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext, RateGate } from "../../core/index.js";
import { scheduleOf } from "./create-post.js";
import { claimRefused, holdCredits, refuseTargets } from "./pending-targets.js";
import { type MediaLoader, type PostContent, prepareTargets, publishRequestOf } from "./prepare-targets.js";
import type { PostView } from "./post-view.js";
import { type PreparedTarget, publishPrepared } from "./publish-targets.js";
import { requirePost } from "./read-posts.js";
import { linkIdempotentPost } from "../../core/index.js";
import { settlePost } from "./record-outcome.js";
import { lockedPost, sameCheckedContent } from "./locked-post.js";
import { refusalOf } from "./target-refusal.js";
import { limitPublishing } from "./publishing-limit.js";
import { draftProfiles } from "./publishing-profiles.js";
import { rewriteFirstComments } from "./first-comment-columns.js";
import { editableLiveStates, editPublishedPost } from "./edit/edit-published.js";
import type { PostEditView } from "./edit/edit-view.js";
import { checkThread } from "./thread/thread-check.js";
import { holdItemCredits, storedThread, waitingItemIds } from "./thread/thread-later.js";
import { stopPendingOf } from "./thread/item-outcome.js";
import { holdPostMedia, mediaIdsOf } from "../media/media-lock.js";
import { checkNewThread, replaceThread } from "./thread/replace-thread.js";
import type { ThreadItemInput } from "./thread/thread-check.js";
import type { FirstCommentRequest } from "../../../db/schema/first-comment-columns.js";

const refuse = (state: string, operation: string) =>
  new ApiError("post_state_invalid", {
    message: `A ${state} post cannot be ${operation}. Drafts are edited and deleted, scheduled posts are moved and cancelled, published posts are edited where their networks allow and retracted (POST /v1/posts/{id}/retract).`,
  });

/**
 * DELETE /v1/posts/{id}: a draft is deleted, a scheduled post is cancelled. The cancel is one
 * conditional UPDATE, so a delivery racing it either published first (and the cancel is
 * refused) or finds the post cancelled and does nothing. An agent that scheduled the post was
 * charged its daily allowance then (agent-spend.ts); the cancelled targets give it back in the
 * same transaction, so a cancel that commits refunds once and a refused one refunds nothing.
 */
export async function deletePost({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; cancelled: boolean; deleted: boolean }> {
  // The operation checks its own grant, whichever entry runs it (the REST route and the tool check it first too).
  assertAgentMay(ctx, "delete", "deleting or cancelling a post");
  const post = await requirePost(ctx, input.id);
  if (post.state === "draft") {
    const [gone] = await ctx.db
      .delete(posts)
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.state, "draft")))
      .returning({ id: posts.id });
    if (gone) return { id: post.id, cancelled: false, deleted: true };
  }
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(posts)
      .set({ state: "cancelled", updatedAt: now, scheduleVersion: post.scheduleVersion + 1 })
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.state, "scheduled")))
      .returning({ id: posts.id });
    if (!row) return null;
    const targets = await tx
      .update(postTargets)
      .set({ state: "cancelled" })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.state, "pending")))
      .returning({ id: postTargets.id });
    // A scheduled chain's items were charged to the agent with their targets: given back with them.
    const items = await waitingItemIds(tx, ctx.workspace.id, post.id);
    return refundAgentCharges(tx, ctx.workspace.id, [...targets.map((t) => t.id), ...items]);
  });
  if (!refunded) throw refuse(post.state, "deleted or cancelled");
  forgetAgents(ctx, refunded);
  // The cancelled targets' chains will never go out.
  await stopPendingOf(ctx, await cancelledTargetIds(ctx, post.id));
  return { id: post.id, cancelled: true, deleted: false };
}

export interface PostChanges extends Partial<PostContent> {
  scheduledAt?: string | undefined;
  timezone?: string | undefined;
  /** Replaces a draft's or a scheduled post's chain whole (`[]` removes it); on a live post, edits its items where the network can. */
  thread?: ThreadItemInput[] | undefined;
  /** Replaces the first comment of a post not yet sent (`null` removes it); refused once publishing started. */
  firstComment?: FirstCommentRequest | null | undefined;
}

/** Posts not sent yet, whose content PATCH replaces: a held post waits for a person as a draft waits for its author. */
const unsentStates: ReadonlySet<string> = new Set(["draft", "scheduled", "pending_approval"]);

/**
 * PATCH /v1/posts/{id}. A published or partial post is edited on its networks (edit-published.ts)
 * and the answer carries that edit. Drafts, scheduled posts and posts held for approval:
 * destinations stay fixed, media, options and the first comment are checked again,
 * `platformOptions` merge per network, a `thread` replaces the chain (checked whole,
 * replace-thread.ts). A draft keeps content its checks refuse (shown when it is validated or
 * published); a scheduled or held post refuses it, as it would fail when sent. Moving a scheduled
 * post bumps its schedule version and queues a new job: the old job, if it fires, no longer
 * matches. A held post's new time is used by its approval, which queues the job then.
 */
export async function editPost({ ctx, input, loadMedia }: { ctx: DomainContext; input: { id: string; changes: PostChanges }; loadMedia: MediaLoader }): Promise<PostView & { edit?: PostEditView }> {
  // Before reading anything: an agent that may neither draft nor publish edits nothing (which of the two depends on the post's state).
  if (ctx.agent && !ctx.agent.grant.actions.includes("publish_or_schedule")) assertAgentMay(ctx, "draft", "editing a post");
  const post = await requirePost(ctx, input.id);
  if (editableLiveStates.has(post.state)) {
    const edit = await editPublishedPost({ ctx, input: { post, changes: input.changes as PostChanges & Record<string, unknown> }, loadMedia });
    const view = await settlePost(ctx, post.id);
    if (!view) throw new ApiError("resource_not_found", { param: "id" });
    return { ...view, edit };
  }
  assertAgentMay(ctx, "draft", "editing a post");
  if (!unsentStates.has(post.state)) throw refuse(post.state, "edited");
  const { changes } = input;
  const mergedOptions: Record<string, Record<string, unknown>> = { ...post.platformOptions };
  for (const [platform, options] of Object.entries(changes.platformOptions ?? {})) mergedOptions[platform] = { ...(mergedOptions[platform] ?? {}), ...options };
  const content: PostContent = {
    text: changes.text ?? post.text,
    textOverrides: changes.textOverrides ?? post.textOverrides,
    media: changes.media ?? post.media,
    mediaAlt: changes.mediaAlt ?? post.mediaAlt,
    mediaOverrides: changes.mediaOverrides ?? post.mediaOverrides,
    mediaAltOverrides: changes.mediaAltOverrides ?? post.mediaAltOverrides,
    platformOptions: mergedOptions,
    firstComment: changes.firstComment !== undefined ? changes.firstComment : post.firstComment,
  };
  const moving = changes.scheduledAt !== undefined || changes.timezone !== undefined;
  // A new wall-clock time without a zone keeps the post's own zone.
  const zone = changes.timezone ?? post.timezone ?? undefined;
  const schedule = moving ? scheduleOf(ctx, { scheduledAt: changes.scheduledAt ?? post.scheduledAt?.toISOString(), timezone: zone }) : post.scheduledAt;
  if (post.state === "draft" && moving) throw new ApiError("post_state_invalid", { param: "scheduledAt", message: "Publish a draft with POST /v1/posts/{id}/publish; drafts are not scheduled." });
  const { accounts } = await targetsWithAccounts(ctx, post.id);
  const prepared = await prepareTargets(ctx, accounts, content, loadMedia);
  const blocking = prepared.flatMap((t) => t.errors.map((e) => ({ ...e, platform: t.platform })));
  if (blocking[0] && post.state !== "draft") {
    throw refusalOf(blocking[0], blocking[0].platform);
  }
  if (changes.thread !== undefined) await checkNewThread(post, prepared, changes.thread, loadMedia);
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    await holdPostMedia(tx, ctx, mediaIdsOf({ ...content, thread: changes.thread }));
    const version = moving ? post.scheduleVersion + 1 : post.scheduleVersion;
    const [updated] = await tx
      .update(posts)
      .set({ ...content, scheduledAt: schedule, timezone: changes.timezone ?? post.timezone, scheduleVersion: version, updatedAt: now })
      .where(and(eq(posts.id, post.id), eq(posts.state, post.state), eq(posts.scheduleVersion, post.scheduleVersion)))
      .returning({ id: posts.id });
    if (!updated) throw refuse("published", "edited");
    await rewriteFirstComments(tx, ctx, post.id, prepared);
    if (moving && schedule && post.state === "scheduled") {
      await ctx.services.jobs.enqueue(
        { kind: "publish_scheduled", payload: { postId: post.id, version, workspaceId: ctx.workspace.id, mode: post.mode }, runAt: schedule, dedupKey: `post:${post.id}:v${version}` },
        tx,
      );
    }
    return changes.thread === undefined ? [] : replaceThread(tx, ctx, post, changes.thread);
  });
  forgetAgents(ctx, refunded);
  const view = await settlePost(ctx, post.id);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return view;
}

/**
 * POST /v1/posts/{id}/publish and the MCP tool `publish_draft`: sends a draft, or a scheduled post
 * ahead of its time, now, with the same checks, charges and postsPerMinute count as a new post.
 * The claim is the one conditional UPDATE from the post's state to `processing`: a scheduled
 * delivery racing it finds the post no longer `scheduled` and does nothing, and a cancel racing
 * it finds nothing to cancel. Its queue slot is free once the post is no longer scheduled there.
 */
export async function publishDraft({ ctx, input, loadMedia, limits }: { ctx: DomainContext; input: { id: string }; loadMedia: MediaLoader; limits: RateGate }): Promise<PostView> {
  assertAgentMay(ctx, "publish_or_schedule", "publishing a draft");
  await limitPublishing(ctx, limits, await draftProfiles({ ctx, input }));
  const post = await requirePost(ctx, input.id);
  if (post.state !== "draft" && post.state !== "scheduled") throw refuse(post.state, "published now");
  const from = post.state;
  const { targets, accounts } = await targetsWithAccounts(ctx, post.id);
  const prepared = await prepareTargets(ctx, accounts, post, loadMedia);
  // The draft's chain, checked with its targets as at creation: a refused item refuses its target whole.
  await checkThread(prepared, await storedThread(ctx.db, ctx.workspace.id, post.id), loadMedia);
  const now = ctx.clock.now();
  const sendable: PreparedTarget[] = [];
  const refused: { id: string; error: ApiError }[] = [];
  for (const target of targets) {
    const p = prepared.find((x) => x.account.id === target.accountId);
    const first = p?.errors[0];
    if (!p || first) {
      const platform = target.platform;
      refused.push({ id: target.id, error: first ? refusalOf(first, platform) : new ApiError("channel_gone", { platform, message: "The account was disconnected after the draft was saved." }) });
    } else sendable.push({ targetId: target.id, account: p.account, request: publishRequestOf(p, target.id), firstComment: Boolean(p.firstComment) });
  }
  const claimedRefused = await ctx.db.transaction(async (tx) => {
    const current = await lockedPost(tx, ctx, post.id);
    if (current?.state === from && !sameCheckedContent(current, post)) {
      throw new ApiError("post_state_invalid", {
        message: `The post was edited while it was being checked for sending, so the checks no longer describe what would be sent. Nothing was sent; it is still ${from}.`,
        fix: "Publish it again: POST /v1/posts/{id}/publish checks and sends the current version.",
      });
    }
    const [claimed] = await tx
      .update(posts)
      .set({ state: "processing", updatedAt: now })
      .where(and(eq(posts.id, post.id), eq(posts.state, from), eq(posts.scheduleVersion, post.scheduleVersion)))
      .returning({ id: posts.id });
    if (!claimed) throw refuse("published or cancelled", "published again");
    if (ctx.idempotency) await linkIdempotentPost(tx, { workspaceId: ctx.workspace.id, key: ctx.idempotency.key, postId: post.id, status: 200 });
    await rewriteFirstComments(tx, ctx, post.id, prepared);
    // An agent's allowance for a scheduled post (and its chain's items) was charged when it was scheduled (create-post.ts), as for its delivery.
    const payer = from === "scheduled" ? { ...ctx, agent: undefined } : ctx;
    const ids = sendable.map((t) => t.targetId);
    await holdCredits(tx, payer, ids, now);
    await holdItemCredits(tx, payer, ids, now);
    return claimRefused(
      tx,
      ctx,
      refused.map((r) => r.id),
    );
  });
  if (ctx.effects) ctx.effects.committed = true;
  await refuseTargets(ctx, refused, claimedRefused);
  await stopPendingOf(
    ctx,
    refused.map((r) => r.id),
  );
  await publishPrepared(ctx, sendable);
  const view = await settlePost(ctx, post.id);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return view;
}

/** A post's targets and their accounts (the caller's workspace only), refused when outside an agent's grant. */
async function targetsWithAccounts(ctx: DomainContext, postId: string) {
  const targets = await ctx.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  const accounts = await accountsOfTargets(ctx, targets);
  assertAccountsInGrant(ctx, accounts);
  return { targets, accounts };
}

async function cancelledTargetIds(ctx: DomainContext, postId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "cancelled")));
  return rows.map((row) => row.id);
}
