import { randomString } from "../infra/ids.js";
import type { Logger } from "../infra/logger.js";
import type { JobRuntime } from "../domain/core/index.js";
import { type ClaimedJob, claimPass } from "../domain/core/index.js";
import { JOB_LEASE_MS, failJob, finishJobs, laneOf, renewJobLeases, workspaceOf } from "../domain/core/index.js";
import { type WorkspaceLoader, handleJob } from "./handle-job.js";
import { loadJobWorkspace } from "../domain/core/index.js";
import type { JobKind } from "../domain/core/index.js";
import { batchedDeliveryStatements } from "../domain/events/index.js";

/** Jobs one process runs at once. Jobs mostly wait on networks, so this is about waiting, not CPU. */
export const DEFAULT_JOB_CONCURRENCY = 32;
/** Of those, the most one workspace may hold, so its backlog or slow network leaves room for the others. */
export const DEFAULT_JOB_CONCURRENCY_PER_WORKSPACE = 16;

export interface JobRunnerOptions {
  concurrency?: number | undefined;
  perWorkspace?: number | undefined;
  leaseMs?: number | undefined;
  /** How often held leases are renewed; a third of the lease, so two missed beats still keep it. */
  heartbeatMs?: number | undefined;
  logger?: Logger | undefined;
  /** Called whenever a job finishes, so a waiting poller can fill the freed slot at once. */
  onSettled?: (() => void) | undefined;
}

export interface JobRunner {
  /** Claims due jobs into the free slots and starts them; resolves with how many it started. */
  fill(): Promise<number>;
  /** Jobs running now. */
  active(): number;
  /** Slots free now: 0 means only a finishing job can let another start. */
  free(): number;
  /**
   * When the next job not running here is due, as the last claim saw it (null: nothing queued;
   * undefined: no claim yet). A job finished since then is marked done by the next claim.
   */
  nextDueAt(): Date | null | undefined;
  /** Resolves once every job started so far has finished. */
  drain(): Promise<void>;
  /** Stops the heartbeat after the running jobs finish, and marks the finished ones done. */
  stop(): Promise<void>;
}

/**
 * Runs claimed jobs concurrently, up to a bound, fairly across workspaces (see claimDueJobs), and
 * keeps their leases alive with a heartbeat while they run. Every job is safe to run twice (the
 * handlers claim with conditional updates); the leases only keep that from being routine.
 */
export function createJobRunner(runtime: JobRuntime, options: JobRunnerOptions = {}): JobRunner {
  const owner = `runner_${randomString(16)}`;
  const concurrency = options.concurrency ?? DEFAULT_JOB_CONCURRENCY;
  const perWorkspace = Math.min(concurrency, options.perWorkspace ?? DEFAULT_JOB_CONCURRENCY_PER_WORKSPACE);
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const running = new Map<string, { workspaceId: string; done: Promise<void> }>();
  let filling: Promise<number> | null = null;
  let nextDueAt: Date | null | undefined;
  // Finished but not yet marked done: the next claim marks them in its own statement, instead of
  // one statement per job. Until then they keep their lease, so nobody else claims them; if this
  // process dies first they run again once the lease lapses, which every job allows.
  const finished = new Set<string>();
  // The webhook deliveries running at once share their claim and success statements.
  const deliveries = batchedDeliveryStatements(runtime.db, runtime.clock, runtime.services.webhookStaleAttemptMs);

  // No statement while nothing runs: an idle process must not keep its database awake.
  const heartbeat = setInterval(
    () => {
      if (running.size === 0) return;
      renewJobLeases(runtime, { owner, ids: [...running.keys()], leaseMs }).catch((error: unknown) => options.logger?.error("job lease renewal failed", { error: String(error) }));
    },
    options.heartbeatMs ?? Math.floor(leaseMs / 3),
  );
  heartbeat.unref?.();

  const run = async (job: ClaimedJob, workspaces: WorkspaceLoader) => {
    try {
      await handleJob(
        runtime,
        {
          kind: job.kind as JobKind,
          workspaceId: workspaceOf(job),
          mode: job.payload.mode === "live" ? "live" : "test",
          payload: job.payload as Record<string, string | number>,
        },
        workspaces,
        deliveries,
      );
      finished.add(job.id);
    } catch (error) {
      await failJob(runtime, job, owner, error).catch((failure: unknown) => options.logger?.error("job failure not recorded", { error: String(failure) }));
    }
  };

  const claim = async () => {
    const busy = new Map<string, number>();
    for (const { workspaceId } of running.values()) busy.set(workspaceId, (busy.get(workspaceId) ?? 0) + 1);
    const finishedIds = [...finished];
    const slots = concurrency - running.size;
    if (slots <= 0 && finishedIds.length === 0) return 0;
    const pass = await claimPass(runtime, { owner, slots, perWorkspace, busy, leaseMs, finished: finishedIds });
    for (const id of finishedIds) finished.delete(id);
    nextDueAt = pass.nextDueAt;
    // The jobs claimed together start together: one read of each workspace serves them all.
    const reads = new Map<string, ReturnType<WorkspaceLoader>>();
    const workspaces: WorkspaceLoader = (id) => {
      let read = reads.get(id);
      if (!read) reads.set(id, (read = loadJobWorkspace(runtime, id)));
      return read;
    };
    const claimed = pass.claimed;
    for (const job of claimed) {
      const done = run(job, workspaces).finally(() => {
        running.delete(job.id);
        options.onSettled?.();
      });
      running.set(job.id, { workspaceId: laneOf(job), done });
    }
    return claimed.length;
  };

  return {
    fill() {
      // One claim at a time: two overlapping claims would both count the same free slots.
      if (!filling) filling = claim().finally(() => (filling = null));
      return filling;
    },
    active: () => running.size,
    free: () => Math.max(0, concurrency - running.size),
    nextDueAt: () => nextDueAt,
    async drain() {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
    },
    async stop() {
      await this.drain();
      clearInterval(heartbeat);
      await filling?.catch(() => 0);
      const finishedIds = [...finished];
      finished.clear();
      await finishJobs(runtime, finishedIds, owner);
    },
  };
}
