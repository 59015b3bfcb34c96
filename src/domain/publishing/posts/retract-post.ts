import { and, eq } from "drizzle-orm";
import { postTargets, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { adapterFor } from "../../../networks/registry.js";
import { recordAuditEvent } from "../../core/index.js";
import { assertAgentMay } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { PostView, TargetError, TargetRow } from "./post-view.js";
import { PUBLISH_TIMEOUT_MS } from "./publish-targets.js";
import { requirePost } from "./read-posts.js";
import { settlePost, targetError } from "./record-outcome.js";
import { claimRetract, releaseRetract, waitForOtherRetract } from "./retract-claim.js";

/** Post states a retract is allowed from: something went out and nothing is still on its way. */
const retractable = new Set(["published", "partial"]);

export type RetractResult = "retracted" | "unsupported" | "failed" | "not_published";

export interface RetractTargetResult {
  account: string;
  platform: string;
  handle: string;
  networkPostId: string | null;
  /**
   * `retracted`: deleted from the network (now or by an earlier retract). `unsupported`: the
   * network allows no deletion through its API; the post stays up. `failed`: the network refused
   * or failed; `error.retryable` says whether retracting again can work. `not_published`:
   * the target never went out, so there is nothing to delete.
   */
  result: RetractResult;
  error: TargetError | null;
}

export interface RetractAnswer {
  post: PostView;
  targets: RetractTargetResult[];
}

class RetractTimeout extends Error {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RetractTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Deletes one published target at its network; the target row changes only when the network said yes. */
async function retractOne(ctx: DomainContext, target: TargetRow): Promise<{ result: RetractResult; error: ApiError | null }> {
  const platform = target.platform;
  const adapter = adapterFor(platform);
  const remove = adapter.deletePost?.bind(adapter);
  if (!remove) {
    return {
      result: "unsupported",
      error: new ApiError("delete_unsupported", { platform, fix: `Delete the post in the ${adapter.capabilities.name} app; the API of ${adapter.capabilities.name} has no way to delete it.` }),
    };
  }
  const networkPostId = target.networkPostId;
  if (!networkPostId) return { result: "failed", error: new ApiError("internal_error", { platform, message: "The network's post id of this target is unknown." }) };
  const [account] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
  if (!account || account.status === "disconnected") {
    return {
      result: "failed",
      error: new ApiError("account_unknown", { param: "accounts", platform, message: `The ${platform} account ${target.accountId} is no longer connected; connect it again to delete the post.` }),
    };
  }
  // One DELETE at a time per target: a second retract waits for the first one's outcome rather
  // than reading the network's "no such post" (the first one's success) as its own failure.
  if (!(await claimRetract(ctx, target.id))) {
    const waited = await waitForOtherRetract(ctx, target.id);
    if (waited === "retracted") return { result: "retracted", error: null };
    if (waited === "gone") return { result: "not_published", error: null };
    if (waited === "still_claimed") {
      const message = `Another retract of this post is still waiting for ${platform}; retract again to see its outcome.`;
      return { result: "failed", error: new ApiError("platform_unavailable", { platform, message }) };
    }
  }
  try {
    await withTimeout(
      withAccountSession(ctx, account, (tokens, net) => remove(tokens, networkPostId, net)),
      PUBLISH_TIMEOUT_MS,
    );
  } catch (error) {
    await releaseRetract(ctx, target.id, false);
    if (error instanceof ApiError) return { result: "failed", error };
    const message = error instanceof RetractTimeout ? `${platform} did not answer in time; retract again to check.` : undefined;
    return { result: "failed", error: new ApiError("platform_unavailable", { platform, ...(message ? { message } : {}) }) };
  }
  await releaseRetract(ctx, target.id, true);
  return { result: "retracted", error: null };
}

/**
 * POST /v1/posts/{id}/retract: deletes a published or partial post from every network that
 * allows deletion, all targets at once, with a result per target. Targets on networks without
 * deletion stay published with `delete_unsupported`; a network failure leaves its target
 * published so a later retract can try again. Nothing is charged or refunded: the credit paid
 * for publishing. The post becomes `retracted` once no target is published any more.
 */
export async function retractPost({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<RetractAnswer> {
  assertAgentMay(ctx, "delete", "retracting a post");
  const post = await requirePost(ctx, input.id);
  if (!retractable.has(post.state)) {
    throw new ApiError("post_state_invalid", {
      message: `A ${post.state} post cannot be retracted: only published and partial posts are. Drafts are deleted and scheduled posts cancelled with DELETE /v1/posts/{id}.`,
    });
  }
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id)))
    .orderBy(postTargets.platform, postTargets.id);
  const outcomes = await Promise.all(
    targets.map(async (target) => {
      if (target.state === "retracted") return { result: "retracted" as const, error: null };
      if (target.state !== "published") return { result: "not_published" as const, error: null };
      return retractOne(ctx, target);
    }),
  );
  const view = await settlePost(ctx, post.id);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  const count = (result: RetractResult) => outcomes.filter((o) => o.result === result).length;
  await recordAuditEvent(ctx.db, {
    workspaceId: ctx.workspace.id,
    type: "post.retracted",
    actor: ctx.apiKey.id,
    details: { postId: post.id, state: view.state, retracted: count("retracted"), unsupported: count("unsupported"), failed: count("failed") },
    at: ctx.clock.now(),
  });
  return {
    post: view,
    targets: targets.map((target, i) => {
      const outcome = outcomes[i] ?? { result: "failed" as const, error: null };
      return {
        account: target.accountId,
        platform: target.platform,
        handle: target.handle,
        networkPostId: target.networkPostId,
        result: outcome.result,
        error: outcome.error ? targetError(outcome.error) : null,
      };
    }),
  };
}
