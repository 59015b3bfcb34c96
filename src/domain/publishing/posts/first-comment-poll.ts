import { and, eq } from "drizzle-orm";
import { postTargets, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { adapterFor } from "../../../networks/registry.js";
import type { FirstCommentCheckResult } from "../../../networks/first-comment-types.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { FIRST_COMMENT_TIMEOUT_MS, UNKNOWN_COMMENT, recordFirstComment } from "./first-comment.js";
import { MAX_COMMENT_LOOKS, commentLookJob, nextLookAt } from "./first-comment-jobs.js";

/** Why a comment whose files never finished is failed (the reply container was never published, so nothing is under the post). */
const neverFinished = (platform: PlatformId) =>
  new ApiError("platform_unavailable", {
    platform,
    param: "firstComment.media",
    message: `${platform} did not finish processing the first comment's file in time; the comment was not posted.`,
    fix: "Post the comment again with POST /v1/comments/{id}/replies, or with a smaller file.",
  });

class LookTimeout extends Error {}

/**
 * Looks once at a first comment whose files the network is processing (`processing`, its poll
 * token stored when the container was made): claims it back to `sending` so one runner looks,
 * then asks the adapter, which publishes the same container once it is ready or finds the reply
 * a lost publish answer left. Still processing: back to `processing` and the next look is queued
 * in the same transaction. Posted or refused: recorded as a sent comment is. A network that did
 * not answer is asked again (the container's state says what happened); at the ceiling a comment
 * that may be out is `unknown`, one that never finished is `failed`. The post is never touched.
 */
export async function pollFirstComment(ctx: DomainContext, input: { targetId: string; attempt: number; rescued?: number | null }): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(postTargets)
    .set({ firstCommentState: "sending", firstCommentStartedAt: now })
    .where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.firstCommentState, "processing")))
    .returning({
      platform: postTargets.platform,
      accountId: postTargets.accountId,
      networkPostId: postTargets.networkPostId,
      text: postTargets.firstCommentText,
      pollToken: postTargets.firstCommentPollToken,
    });
  if (!row) return;
  const { platform } = row;
  let result: FirstCommentCheckResult | { state: "unanswered"; error: ApiError };
  try {
    result = await look(ctx, row);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    if (!(error instanceof LookTimeout) && !(apiError?.retryable ?? false)) {
      await recordFirstComment(ctx, input.targetId, { state: "failed", error: apiError ?? new ApiError("internal_error", { platform }) });
      return;
    }
    result = { state: "unanswered", error: apiError ?? new ApiError("platform_unavailable", { platform }) };
  }
  if (result.state === "posted") return recordFirstComment(ctx, input.targetId, result);
  if (result.state === "failed") return recordFirstComment(ctx, input.targetId, { state: "failed", error: withParam(result.error) });
  if (input.attempt >= MAX_COMMENT_LOOKS) {
    // A look the network did not answer may have published the reply: it is not posted again blindly.
    const outcome =
      result.state === "unanswered"
        ? { state: "unknown" as const, error: new ApiError("platform_unavailable", { platform, param: "firstComment", ...UNKNOWN_COMMENT }) }
        : { state: "failed" as const, error: neverFinished(platform) };
    return recordFirstComment(ctx, input.targetId, outcome);
  }
  const pollToken = result.state === "processing" ? result.pollToken : row.pollToken;
  const after = result.state === "processing" ? result.pollAfterSeconds : 30;
  const at = nextLookAt(ctx.clock.now(), after, input.attempt);
  const rescued = input.rescued ?? null;
  await ctx.db.transaction(async (tx) => {
    const [back] = await tx
      .update(postTargets)
      .set({ firstCommentState: "processing", firstCommentPollToken: pollToken, firstCommentStartedAt: ctx.clock.now() })
      .where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.firstCommentState, "sending")))
      .returning({ id: postTargets.id });
    if (back) await ctx.services.jobs.enqueue(commentLookJob({ workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode }, input.targetId, input.attempt + 1, at, rescued), tx);
  });
}

/** A refusal about the comment's file names it, so the caller knows which part to change. */
const withParam = (error: ApiError) => (error.param ? error : new ApiError(error.code, { platform: error.platform ?? undefined, param: "firstComment.media", message: error.message, fix: error.fix }));

async function look(
  ctx: DomainContext,
  row: { platform: PlatformId; accountId: string; networkPostId: string | null; text: string | null; pollToken: string | null },
): Promise<FirstCommentCheckResult> {
  const { platform } = row;
  const adapter = adapterFor(platform);
  const check = adapter.checkComment?.bind(adapter);
  if (!check || !row.pollToken || !row.networkPostId || !row.text) throw new ApiError("first_comment_unsupported", { platform, param: "firstComment" });
  const [account] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, row.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
  if (!account || account.status === "disconnected") throw new ApiError("channel_gone", { platform });
  const input = { pollToken: row.pollToken, networkPostId: row.networkPostId, text: row.text };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookTimeout()), FIRST_COMMENT_TIMEOUT_MS);
  });
  return Promise.race([withAccountSession(ctx, account, (tokens, net) => check(tokens, input, net)), timeout]).finally(() => clearTimeout(timer));
}
