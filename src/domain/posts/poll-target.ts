import { and, eq } from "drizzle-orm";
import { postTargets, posts, socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import { adapterFor } from "../../networks/registry.js";
import type { DomainContext } from "../context.js";
import { withAccountSession } from "../social-accounts/account-session.js";
import type { MediaLoader } from "./prepare-targets.js";
import { prepareTargets, publishRequestOf } from "./prepare-targets.js";
import { type TargetOutcome, recordTargetOutcome, settlePost } from "./record-outcome.js";

/** How many polls an asynchronous publish gets before it is given up (about an hour at 30 s). */
const MAX_POLLS = 120;
/** How many times a target whose call timed out is looked for at the network before it is failed. */
const UNKNOWN_CHECKS = 3;

/**
 * Finishes a target the network is still working on (`processing`: ask `checkPublish`), or
 * whose call timed out (`unknown`: ask the network whether the post went out, with
 * `findPublished`, before anything is retried). Returns when to look again, or null when done.
 */
export async function pollTarget(ctx: DomainContext, input: { targetId: string; attempt: number }, loadMedia: MediaLoader): Promise<Date | null> {
  const [target] = await ctx.db.select().from(postTargets).where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
  if (!target || (target.state !== "processing" && target.state !== "unknown")) return null;
  const [account] = await ctx.db.select().from(socialAccounts).where(eq(socialAccounts.id, target.accountId));
  const platform = target.platform as PlatformId;
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
      const found = await withAccountSession(ctx, account, (tokens, net) =>
        find(tokens, publishRequestOf(prepared, target.id), net),
      );
      // A slow call may still land after we gave up waiting: look again a few times, minutes
      // apart, before concluding it did not go out.
      if (!found && input.attempt < UNKNOWN_CHECKS) return new Date(ctx.clock.now().getTime() + 5 * 60_000);
      // Not there: the attempt did not go out; failing it (uncharged) is safe, a blind retry is not.
      outcome = found
        ? { state: "published", ...found }
        : { state: "failed", error: new ApiError("platform_unavailable", { platform, message: `The ${platform} call timed out and the post is not on the network; publish again.` }) };
    }
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError("internal_error", { platform });
    if (apiError.retryable && input.attempt < MAX_POLLS) return new Date(ctx.clock.now().getTime() + 30_000);
    outcome = { state: "failed", error: apiError };
  }
  if (outcome.state === "processing" && input.attempt >= MAX_POLLS) {
    outcome = { state: "failed", error: new ApiError("platform_unavailable", { platform, message: `${platform} did not finish processing the post.` }) };
  }
  await recordTargetOutcome(ctx, target.id, outcome);
  await settlePost(ctx, target.postId);
  return outcome.state === "processing" ? outcome.nextPollAt : null;
}
