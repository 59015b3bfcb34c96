import { loadMediaForPublish } from "../domain/publishing/index.js";
import type { DomainContext, WorkspaceRecord } from "../domain/core/index.js";
import { pollKey, pollTarget } from "../domain/publishing/index.js";
import type { MediaLoader } from "../domain/publishing/index.js";
import { pollThreadItemJob, retryTarget } from "../domain/publishing/index.js";
import { runScheduledPost } from "../domain/publishing/index.js";
import { runBulkImportJob } from "../domain/publishing/index.js";
import { runPollPlan, runPollShard } from "../domain/inbox/index.js";
import { pollFirstComment, resumeStoppedChain, sendFirstComments } from "../domain/publishing/index.js";
import { deliverWebhook } from "../domain/events/index.js";
import type { DeliveryStatements } from "../domain/events/index.js";
import { type JobRuntime, jobContext, jobContextFor } from "../domain/core/index.js";
import type { JobKind } from "../domain/core/index.js";

export interface JobMessage {
  kind: JobKind;
  workspaceId: string;
  mode: "test" | "live";
  payload: Record<string, string | number>;
}

const loaderFor =
  (ctx: DomainContext): MediaLoader =>
  async (ids) =>
    new Map((await loadMediaForPublish(ctx, ids)).map((m) => [m.id, m]));

/** Reads a job's workspace; the runner shares one read among the jobs of a claimed batch. */
export type WorkspaceLoader = (workspaceId: string) => Promise<WorkspaceRecord | null>;

/**
 * The one handler for delayed work, whichever queue delivered it (the Node job table or a
 * QStash callback). Every job is safe to run twice: the handlers claim with conditional updates.
 * The Node runner passes `deliveries`, which writes the claims and successes of the webhook
 * deliveries it runs at once in one statement each.
 */
export async function handleJob(runtime: JobRuntime, job: JobMessage, workspaceOf?: WorkspaceLoader, deliveries?: DeliveryStatements): Promise<void> {
  // The inbox planner and its shards span workspaces: each claimed account brings its own.
  if (job.kind === "poll_plan") {
    await runPollPlan(runtime, job.payload);
    return;
  }
  if (job.kind === "poll_shard") {
    await runPollShard(runtime, job.payload);
    return;
  }
  const ctx = workspaceOf ? jobContextFor(runtime, await workspaceOf(job.workspaceId), job.mode) : await jobContext(runtime, job.workspaceId, job.mode);
  if (!ctx) return;
  if (job.kind === "publish_scheduled") {
    await runScheduledPost(ctx, { postId: String(job.payload.postId), version: Number(job.payload.version) }, loaderFor(ctx));
    return;
  }
  if (job.kind === "webhook_delivery") {
    await deliverWebhook(ctx, { deliveryId: String(job.payload.deliveryId), attempt: Number(job.payload.attempt) }, deliveries);
    return;
  }
  if (job.kind === "poll_thread_item") {
    await pollThreadItemJob(ctx, { itemId: String(job.payload.itemId), attempt: Number(job.payload.attempt ?? 1) }, loaderFor(ctx));
    return;
  }
  if (job.kind === "resume_chain") {
    await resumeStoppedChain(ctx, { targetId: String(job.payload.targetId) });
    return;
  }
  if (job.kind === "first_comment") {
    await sendFirstComments(ctx, [String(job.payload.targetId)]);
    return;
  }
  if (job.kind === "poll_first_comment") {
    const rescued = job.payload.rescued === undefined ? null : Number(job.payload.rescued);
    await pollFirstComment(ctx, { targetId: String(job.payload.targetId), attempt: Number(job.payload.attempt ?? 1), rescued });
    return;
  }
  if (job.kind === "bulk_import") {
    await runBulkImportJob(ctx, { bulkId: String(job.payload.bulkId), turn: Number(job.payload.turn ?? 0) }, loaderFor(ctx));
    return;
  }
  if (job.kind === "retry_target") {
    await retryTarget(ctx, { targetId: String(job.payload.targetId), deferrals: Number(job.payload.deferrals ?? 1) }, loaderFor(ctx));
    return;
  }
  const attempt = Number(job.payload.attempt ?? 1);
  const targetId = String(job.payload.targetId);
  const interrupted = job.payload.interrupted === undefined ? null : Number(job.payload.interrupted);
  const resumed = job.payload.resumed === undefined ? null : Number(job.payload.resumed);
  const next = await pollTarget(ctx, { targetId, attempt, interrupted, resumed }, loaderFor(ctx));
  if (next) {
    const payload = {
      targetId,
      attempt: attempt + 1,
      workspaceId: job.workspaceId,
      mode: job.mode,
      ...(interrupted === null ? {} : { interrupted }),
      ...(resumed === null ? {} : { resumed }),
    };
    await ctx.services.jobs.enqueue({ kind: "poll_target", payload, runAt: next, dedupKey: pollKey(targetId, attempt + 1, interrupted, resumed) }, ctx.db);
  }
}
