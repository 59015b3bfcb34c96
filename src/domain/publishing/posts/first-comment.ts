import { and, eq, inArray } from "drizzle-orm";
import { postTargets, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { adapterFor } from "../../../networks/registry.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { forgetAgents } from "../../agents/index.js";
import { billedFirstCommentPlatforms, holdFirstCommentCredits, refundFirstCommentCredit } from "./first-comment-credit.js";
import { targetError } from "./target-outcome.js";
import { loadMediaForPublish } from "../media/load-media-for-publish.js";
import { recordFirstCommentFailed } from "./first-comment-event.js";
import { commentLookJob } from "./first-comment-jobs.js";

/** Longest a comment call may take before its outcome is treated as unknown (as a publish's). */
export const FIRST_COMMENT_TIMEOUT_MS = 90_000;

type Claimed = {
  id: string;
  platform: PlatformId;
  accountId: string;
  networkPostId: string | null;
  url: string | null;
  destination: string | null;
  text: string | null;
  media: string[] | null;
};

export type CommentOutcome =
  | { state: "posted"; id: string; url: string | null }
  | { state: "failed"; error: ApiError }
  | { state: "unknown"; error: ApiError }
  | { state: "processing"; pollToken: string; pollAfterSeconds: number };

/**
 * Claims the waiting first comments of these targets, `pending` → `sending`, conditional on the
 * target being published: only the runner that flips a row calls its network, so ten retries of
 * a request, the recovery job and a poll landing at once post one comment. A comment billed like
 * a post (first-comment-credit.ts) takes its credit in the claim's transaction; out of credits
 * fails the comment there, never the post.
 */
async function claim(ctx: DomainContext, targetIds: readonly string[]): Promise<Claimed[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(postTargets)
      .set({ firstCommentState: "sending", firstCommentStartedAt: now })
      .where(and(inArray(postTargets.id, [...targetIds]), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "published"), eq(postTargets.firstCommentState, "pending")))
      .returning({
        id: postTargets.id,
        platform: postTargets.platform,
        accountId: postTargets.accountId,
        networkPostId: postTargets.networkPostId,
        url: postTargets.url,
        destination: postTargets.destination,
        text: postTargets.firstCommentText,
        media: postTargets.firstCommentMedia,
      });
    const billed = rows.filter((r) => billedFirstCommentPlatforms.has(r.platform)).map((r) => r.id);
    const refused = await holdFirstCommentCredits(tx, ctx, billed, now);
    if (!refused) return rows;
    await tx
      .update(postTargets)
      .set({ firstCommentState: "failed", firstCommentError: { ...targetError(refused) } })
      .where(and(inArray(postTargets.id, billed), eq(postTargets.workspaceId, ctx.workspace.id)));
    for (const targetId of billed) await recordFirstCommentFailed(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, targetId }, now);
    return rows.filter((r) => !billed.includes(r.id));
  });
}

class CommentTimeout extends Error {}

async function send(ctx: DomainContext, target: Claimed): Promise<CommentOutcome> {
  const platform = target.platform;
  try {
    const comment = adapterFor(platform).commentOnPost?.bind(adapterFor(platform));
    if (!comment || !target.networkPostId || !target.text) throw new ApiError("first_comment_unsupported", { platform, param: "firstComment" });
    const [account] = await ctx.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
    if (!account || account.status === "disconnected") throw new ApiError("channel_gone", { platform });
    // The files are read at send time, as a post's are: a comment checked at create time names media of this workspace.
    const media = target.media && target.media.length > 0 ? await loadMediaForPublish(ctx, target.media, { param: "firstComment.media" }) : [];
    const input = { networkPostId: target.networkPostId, postUrl: target.url, text: target.text, media, destination: target.destination, networkUserId: account.networkUserId };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CommentTimeout()), FIRST_COMMENT_TIMEOUT_MS);
    });
    const made = await Promise.race([withAccountSession(ctx, account, (tokens, net) => comment(tokens, input, net)), timeout]).finally(() => clearTimeout(timer));
    if (made.processing) return { state: "processing", ...made.processing };
    return { state: "posted", id: made.id, url: made.url };
  } catch (error) {
    // As for a post: a network that did not answer may have taken the comment. It is not sent
    // again blindly (a second comment would show under the post); the caller is told it is unknown.
    if (error instanceof CommentTimeout || (error instanceof ApiError && error.code === "platform_unavailable")) return { state: "unknown", error: unknownError(platform) };
    return { state: "failed", error: error instanceof ApiError ? error : new ApiError("internal_error", { platform }) };
  }
}

/** Why a first comment is `unknown`, the same whoever finds it so (the call, or the sweep after a crash). */
export const UNKNOWN_COMMENT = {
  message:
    "The network did not answer while the first comment was being posted (or the server stopped mid-send): it may be under the post. It is not sent again on its own, so it cannot appear twice.",
  fix: "Look at the post's comments (GET /v1/posts/{id}/comments) and, if it is not there, post it with POST /v1/comments/{id}/replies or on the network.",
};

function unknownError(platform: PlatformId): ApiError {
  return new ApiError("platform_unavailable", { platform, param: "firstComment", ...UNKNOWN_COMMENT });
}

/**
 * A comment whose files the network is processing: its poll token (the reply container) is
 * written with the state, conditional on it still being `sending`, and its first look is queued
 * in the same transaction, so nothing is published before the handle to it is stored.
 */
async function recordProcessing(ctx: DomainContext, targetId: string, outcome: { pollToken: string; pollAfterSeconds: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(postTargets)
      .set({ firstCommentState: "processing", firstCommentPollToken: outcome.pollToken, firstCommentStartedAt: ctx.clock.now() })
      .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.firstCommentState, "sending")))
      .returning({ id: postTargets.id });
    if (!row) return;
    const at = new Date(ctx.clock.now().getTime() + outcome.pollAfterSeconds * 1000);
    await ctx.services.jobs.enqueue(commentLookJob({ workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode }, targetId, 1, at, null), tx);
  });
  ctx.services.logger.info("first comment", { workspace: ctx.workspace.id, targetId, state: "processing" });
}

/**
 * Records a comment's outcome, conditional on it still being `sending` (a duplicate answer or the
 * sweep having called it unknown cannot overwrite it). A refused billed comment gives its credit
 * back in the same transaction, under the row's lock, so it is given back once; an unknown one
 * keeps it, as an unknown post does.
 */
export async function recordFirstComment(ctx: DomainContext, targetId: string, outcome: CommentOutcome): Promise<void> {
  if (outcome.state === "processing") return recordProcessing(ctx, targetId, outcome);
  const agents = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ source: postTargets.firstCommentCreditSource })
      .from(postTargets)
      .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.firstCommentState, "sending")))
      .for("update");
    if (!row) return [];
    const refund = outcome.state === "failed" && row.source !== null;
    await tx
      .update(postTargets)
      .set(
        outcome.state === "posted"
          ? { firstCommentState: "posted", firstCommentId: outcome.id, firstCommentUrl: outcome.url, firstCommentError: null }
          : { firstCommentState: outcome.state, firstCommentError: { ...targetError(outcome.error) }, ...(refund ? { firstCommentCreditSource: null } : {}) },
      )
      .where(eq(postTargets.id, targetId));
    if (outcome.state !== "posted") await recordFirstCommentFailed(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, targetId }, ctx.clock.now());
    return refund && row.source ? refundFirstCommentCredit(tx, ctx, targetId, row.source) : [];
  });
  forgetAgents(ctx, agents);
  ctx.services.logger.info("first comment", { workspace: ctx.workspace.id, targetId, state: outcome.state, ...(outcome.state === "posted" ? {} : { code: outcome.error.code }) });
}

/**
 * Posts the first comments of these targets whose posts are live and whose comments still wait:
 * called right after a send publishes (publish-targets.ts), when a poll finds an asynchronous
 * post published (poll-target.ts), and by the recovery job for a comment a crash left waiting
 * (sweep-first-comments.ts). Whatever happens to a comment, its target stays published.
 */
export async function sendFirstComments(ctx: DomainContext, targetIds: readonly string[]): Promise<void> {
  if (targetIds.length === 0) return;
  const claimed = await claim(ctx, targetIds);
  await Promise.all(claimed.map(async (target) => recordFirstComment(ctx, target.id, await send(ctx, target))));
}
