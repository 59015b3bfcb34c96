import { and, eq, inArray, sql } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PublishRequest, PublishResult } from "../../../networks/publish-types.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import type { TargetOutcome } from "./record-outcome.js";
import { firstPollKey } from "./record-processing.js";
import { type OutcomeRecorder, outcomeRecorder } from "./outcome-recorder.js";
import type { MediaLoader } from "./prepare-targets.js";
import { mediaLoaderFor } from "../media/load-media-for-publish.js";
import { runChains } from "./thread/run-chain.js";
import { sendFirstComments } from "./first-comment.js";
import { deriveVariants } from "../media/transforms/variants.js";

export interface PreparedTarget {
  targetId: string;
  account: SocialAccountRow;
  request: PublishRequest;
  /** The target has a first comment waiting: it is posted as soon as the target publishes. */
  firstComment?: boolean;
}

import { PUBLISH_TIMEOUT_MS } from "./publish-timeout.js";

export { PUBLISH_TIMEOUT_MS } from "./publish-timeout.js";
/** A throttled target waits this long when the network names no time, and is paced at most this often. */
const DEFAULT_PACE_SECONDS = 60;
export const MAX_DEFERRALS = 5;

class PublishTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublishTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function toOutcome(result: PublishResult, now: Date): TargetOutcome {
  if (result.state === "published") return result;
  if (result.state === "failed") return { state: "failed", error: result.error };
  return {
    state: "processing",
    networkPostId: result.networkPostId,
    url: result.url,
    pollToken: result.pollToken,
    nextPollAt: new Date(now.getTime() + result.pollAfterSeconds * 1000),
    ...(result.warnings ? { warnings: result.warnings } : {}),
  };
}

/**
 * Sends one claimed target. A call that times out leaves the target `unknown`: the poller asks
 * the network whether the post went out before anything is retried.
 */
async function publishOne(ctx: DomainContext, target: PreparedTarget, timeoutMs: number, deferrals: number, record: OutcomeRecorder, refusal: ApiError | null): Promise<TargetOutcome> {
  const platform = target.account.platform;
  const adapter = adapterFor(platform);
  let outcome: TargetOutcome;
  try {
    // autoFix could not derive this target's variant: it fails as refused, and its network is never called.
    if (refusal) throw refusal;
    const publish = adapter.publish?.bind(adapter);
    if (!publish) throw new ApiError("platform_rejected", { platform, message: `Publishing to ${platform} is not available yet.`, fix: null });
    const result = await withTimeout(
      withAccountSession(ctx, target.account, (tokens, net) => publish(tokens, target.request, net)),
      timeoutMs,
    );
    outcome = toOutcome(result, ctx.clock.now());
  } catch (error) {
    // A timeout, or a network that could not be reached or answered 5xx, leaves the outcome
    // unknown: the post may have gone out. The poller asks the network before any retry.
    if (error instanceof PublishTimeout || (error instanceof ApiError && error.code === "platform_unavailable")) outcome = { state: "unknown" };
    else if (error instanceof ApiError && error.code === "rate_limited" && deferrals < MAX_DEFERRALS) {
      // The network is throttling this account (TikTok allows about 6 requests a minute): the
      // target waits for the time the network names and is sent again, instead of failing.
      const seconds = Number(error.headers["Retry-After"] ?? DEFAULT_PACE_SECONDS);
      outcome = { state: "deferred", retryAt: new Date(ctx.clock.now().getTime() + Math.max(1, seconds) * 1000) };
    } else if (error instanceof ApiError) outcome = { state: "failed", error };
    else outcome = { state: "failed", error: new ApiError("internal_error", { platform }) };
  }
  const recorded = await record(target.targetId, outcome, target.account.mode);
  if (recorded && outcome.state === "deferred") {
    await ctx.services.jobs.enqueue(
      {
        kind: "retry_target",
        payload: { targetId: target.targetId, deferrals: deferrals + 1, workspaceId: ctx.workspace.id, mode: target.account.mode },
        runAt: outcome.retryAt,
        dedupKey: `retry:${target.targetId}:${deferrals + 1}`,
      },
      ctx.db,
    );
  }
  if (recorded && outcome.state === "unknown") {
    const runAt = new Date(ctx.clock.now().getTime() + 2 * 60_000);
    await ctx.services.jobs.enqueue(
      {
        kind: "poll_target",
        payload: { targetId: target.targetId, attempt: 1, workspaceId: ctx.workspace.id, mode: target.account.mode },
        runAt,
        dedupKey: firstPollKey(target.targetId),
      },
      ctx.db,
    );
  }
  return outcome;
}

/**
 * Claims every target in one statement, then sends the claimed ones at once; a slow network
 * holds only its own target. The conditional claim (`pending` → `publishing`) is what makes a
 * duplicate delivery publish nothing twice: only the request that flips a row calls its network.
 * One statement whatever the number of targets, so the round trips before the first network
 * call do not grow with them.
 */
export async function publishPrepared(ctx: DomainContext, targets: PreparedTarget[], options: { timeoutMs?: number; deferrals?: number; loadMedia?: MediaLoader } = {}): Promise<void> {
  if (targets.length === 0) return;
  const ids = targets.map((t) => t.targetId);
  const claimed = await ctx.db
    .update(postTargets)
    .set({ state: "publishing", attemptStartedAt: ctx.clock.now(), sends: sql`${postTargets.sends} + 1` })
    .where(and(inArray(postTargets.id, ids), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending")))
    .returning({ id: postTargets.id });
  const ours = targets.filter((t) => claimed.some((row) => row.id === t.targetId));
  // The outcomes that land together are written together (outcome-recorder.ts).
  const record = outcomeRecorder(ctx, ours.length);
  // autoFix's variants, derived for every claimed target at once (one decode per upload) and reused when stored before.
  const derived = await deriveVariants(
    ctx,
    ours.map((t) => t.request),
  );
  const outcomes = await Promise.all(
    ours.map((target, i) => {
      const ready = derived.requests[i];
      const refusal = ready instanceof ApiError ? ready : null;
      const sent = ready && !refusal ? { ...target, request: ready as PublishRequest } : target;
      return publishOne(ctx, sent, options.timeoutMs ?? PUBLISH_TIMEOUT_MS, options.deferrals ?? 0, record, refusal);
    }),
  );
  // Right after the post is live; one still processing gets its comment when its poll finds it published.
  await sendFirstComments(
    ctx,
    ours.filter((t, i) => t.firstComment && outcomes[i]?.state === "published").map((t) => t.targetId),
  );
  // Chains (`thread`) go on from the posts that landed, whichever path sent them; a target still
  // processing starts its chain when the poller sees it out (poll-target.ts).
  await runChains(
    ctx,
    ours.map((t) => t.targetId),
    options.loadMedia ?? mediaLoaderFor(ctx),
  );
}
