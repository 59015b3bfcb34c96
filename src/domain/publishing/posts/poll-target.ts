import { and, eq } from "drizzle-orm";
import { runChains } from "./thread/run-chain.js";
import { postTargets, posts, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { MediaLoader } from "./prepare-targets.js";
import { prepareTargets, publishRequestOf } from "./prepare-targets.js";
import { type TargetOutcome, recordTargetOutcome, settlePost } from "./record-outcome.js";
import { sendFirstComments } from "./first-comment.js";

/** How many polls an asynchronous publish gets before it is given up (about an hour at 30 s). */
const MAX_POLLS = 120;
/** How many times a target whose call timed out is looked for at the network before it is failed. */
const UNKNOWN_CHECKS = 3;
/** Sends a scheduled target gets in all when crashes interrupt them: a send that kills the process every time must end. */
const MAX_SENDS = 3;

/**
 * The key of a target's poll `attempt`: one chain per target for the polls its send queued, one
 * per interrupted send (numbered by the target's send count) for the checks the stuck-target
 * sweep starts, so a send made again after a crash polls under keys not already spent, and one
 * per lost check (`resumed`: when the lost check was due) for the checks the sweep starts again.
 */
export const pollKey = (targetId: string, attempt: number, interrupted: number | null, resumed: number | null = null) =>
  resumed !== null ? `poll:${targetId}:resumed-${resumed}:${attempt}` : interrupted === null ? `poll:${targetId}:${attempt}` : `poll:${targetId}:interrupted-${interrupted}:${attempt}`;

/**
 * An `unknown` target's next check is due at `at`: written on the target so the stuck-target
 * sweep can tell a check chain still under way from one whose job was lost (sweep-stuck-targets.ts).
 */
async function nextCheckAt(ctx: DomainContext, targetId: string, at: Date): Promise<Date> {
  await ctx.db
    .update(postTargets)
    .set({ nextPollAt: at })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "unknown")));
  return at;
}

/**
 * A scheduled target whose send a crash interrupted and that the network does not have: nobody
 * is waiting on it, so instead of a failure nobody asked for it goes back to `pending` and the
 * usual sender sends it (retryTarget: the checks again, then the claim). The change is
 * conditional on the target still being `unknown`, so a duplicate check queues nothing more.
 */
async function sendAgain(ctx: DomainContext, target: { id: string; sends: number }, mode: "test" | "live"): Promise<void> {
  const [reopened] = await ctx.db
    .update(postTargets)
    .set({ state: "pending", nextPollAt: null, attemptStartedAt: null })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "unknown")))
    .returning({ id: postTargets.id });
  if (!reopened) return;
  ctx.services.logger.warn("interrupted target sent again", { workspace: ctx.workspace.id, targetId: target.id, sends: target.sends });
  await ctx.services.jobs.enqueue(
    {
      kind: "retry_target",
      payload: { targetId: target.id, deferrals: 0, workspaceId: ctx.workspace.id, mode },
      runAt: ctx.clock.now(),
      dedupKey: `retry:${target.id}:interrupted-${target.sends}`,
    },
    ctx.db,
  );
}

/**
 * Finishes a target the network is still working on (`processing`: ask `checkPublish`), or
 * whose call timed out (`unknown`: ask the network whether the post went out, with
 * `findPublished`, before anything is retried). `interrupted` marks the checks of a send a crash
 * cut short, `resumed` the checks started again after a check's job was lost (both by
 * sweep-stuck-targets.ts): a lost check is the server's failure too, so with either mark a
 * scheduled target the network does not have is sent again. Returns when to look again, or null when done.
 */
export async function pollTarget(ctx: DomainContext, input: { targetId: string; attempt: number; interrupted?: number | null; resumed?: number | null }, loadMedia: MediaLoader): Promise<Date | null> {
  const [target] = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
  if (!target || (target.state !== "processing" && target.state !== "unknown")) return null;
  const [account] = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, target.accountId));
  const platform = target.platform;
  const adapter = adapterFor(platform);
  let outcome: TargetOutcome;
  try {
    if (!account || account.status === "disconnected") throw new ApiError("channel_gone", { platform });
    if (target.state === "processing") {
      const check = adapter.checkPublish?.bind(adapter);
      if (!check || !target.pollToken) throw new ApiError("platform_unavailable", { platform, message: `${platform} cannot be polled.` });
      const pollToken = target.pollToken;
      const result = await withAccountSession(ctx, account, (tokens, net) => check(tokens, pollToken, net));
      outcome =
        result.state === "processing"
          ? { ...result, nextPollAt: new Date(ctx.clock.now().getTime() + result.pollAfterSeconds * 1000) }
          : result.state === "failed"
            ? { state: "failed", error: result.error }
            : result;
    } else {
      const [post] = await ctx.db.select().from(posts).where(eq(posts.id, target.postId));
      const find = adapter.findPublished?.bind(adapter);
      if (!post || !find) throw new ApiError("platform_unavailable", { platform, message: `The ${platform} call timed out and whether the post went out cannot be checked.` });
      const [prepared] = await prepareTargets(ctx, [account], post, loadMedia);
      if (!prepared) throw new ApiError("internal_error");
      const found = await withAccountSession(ctx, account, (tokens, net) => find(tokens, publishRequestOf(prepared, target.id), net));
      // A slow call may still land after we gave up waiting: look again a few times, minutes
      // apart, before concluding it did not go out.
      if (!found && input.attempt < UNKNOWN_CHECKS) return nextCheckAt(ctx, target.id, new Date(ctx.clock.now().getTime() + 5 * 60_000));
      const interrupted = input.interrupted !== undefined && input.interrupted !== null;
      const resumed = input.resumed !== undefined && input.resumed !== null;
      if (!found && (interrupted || resumed) && post.scheduledAt !== null && target.sends < MAX_SENDS) {
        await sendAgain(ctx, target, post.mode);
        return null;
      }
      // Not there: the attempt did not go out; failing it (uncharged) is safe, a blind retry is
      // not. A caller waiting on it (its Idempotency-Key retry) is told so and decides.
      outcome = found ? { state: "published", ...found } : { state: "failed", error: notSent(platform, interrupted, target.sends) };
    }
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError("internal_error", { platform });
    if (apiError.retryable && input.attempt < MAX_POLLS) {
      const at = new Date(ctx.clock.now().getTime() + 30_000);
      return target.state === "unknown" ? nextCheckAt(ctx, target.id, at) : at;
    }
    outcome = { state: "failed", error: apiError };
  }
  if (outcome.state === "processing" && input.attempt >= MAX_POLLS) {
    outcome = { state: "failed", error: new ApiError("platform_unavailable", { platform, message: `${platform} did not finish processing the post.` }) };
  }
  const recorded = await recordTargetOutcome(ctx, target.id, outcome);
  // An asynchronous post (a container, a processed video) is commented once it is live, not before.
  if (recorded && outcome.state === "published" && target.firstCommentState === "pending") await sendFirstComments(ctx, [target.id]);
  // A chain waits for its post: it starts once the post is out, or is given back if it never will be.
  if (outcome.state !== "processing") await runChains(ctx, [target.id], loadMedia);
  await settlePost(ctx, target.postId);
  return outcome.state === "processing" ? outcome.nextPollAt : null;
}

function notSent(platform: PlatformId, interrupted: boolean, sends: number): ApiError {
  if (!interrupted) return new ApiError("platform_unavailable", { platform, message: `The ${platform} call timed out and the post is not on the network; publish again.` });
  const times = sends > 1 ? `${sends} times` : "once";
  return new ApiError("platform_unavailable", {
    platform,
    message: `Sending to ${platform} was interrupted ${times} (the server stopped mid-send) and the post is not on the network.`,
    fix: "Publish the post again.",
  });
}
