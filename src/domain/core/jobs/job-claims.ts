import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { jobs } from "../../../db/schema/index.js";
import { type ClaimedJob, claimPass, rowsOf } from "./claim-pass.js";
import type { JobRuntime } from "./job-context.js";

/**
 * A claimed job is its runner's for this long, renewed by the runner's heartbeat while it runs:
 * a job held by a process that died is claimed again about a minute later, not after the
 * longest a job could take.
 */
export const JOB_LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

export type { ClaimedJob } from "./claim-pass.js";

/** The workspace a job acts for (every job's payload names it). */
export const workspaceOf = (job: { payload: Record<string, unknown> }): string => String(job.payload.workspaceId ?? "");

/**
 * The lane a job is scheduled in: a webhook delivery's endpoint, otherwise its workspace. A dead
 * endpoint then holds only its own lane's slots, never the rest of its workspace's work.
 */
export const laneOf = (job: { payload: Record<string, unknown> }): string => String(job.payload.endpointId ?? job.payload.workspaceId ?? "");

/**
 * Claims up to `slots` due jobs for `owner`, fairly (see claimPass, which does it in one
 * statement): no lane (a webhook endpoint, else the workspace) gets more than `perWorkspace`
 * running at once counting `busy`, the jobs the caller already runs per lane. So one workspace's
 * backlog, or its slow network, holds at most its own share.
 */
export async function claimDueJobs(runtime: JobRuntime, input: { owner: string; slots: number; perWorkspace: number; busy?: ReadonlyMap<string, number>; leaseMs?: number }): Promise<ClaimedJob[]> {
  if (input.slots <= 0) return [];
  return (await claimPass(runtime, { ...input, leaseMs: input.leaseMs ?? JOB_LEASE_MS })).claimed;
}

/** The heartbeat: extends the leases `owner` still holds. A lease another runner took over is left alone. */
export async function renewJobLeases(runtime: JobRuntime, input: { owner: string; ids: string[]; leaseMs?: number }): Promise<number> {
  if (input.ids.length === 0) return 0;
  const until = new Date(runtime.clock.now().getTime() + (input.leaseMs ?? JOB_LEASE_MS));
  const renewed = await runtime.db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, input.ids), eq(jobs.lockedBy, input.owner), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return renewed.length;
}

/**
 * Marks these jobs done where `owner` still holds them (a runner that lost its lease leaves the
 * job to its new holder): one statement for a batch. The runner usually has claimPass do this.
 */
export async function finishJobs(runtime: JobRuntime, ids: readonly string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await runtime.db
    .update(jobs)
    .set({ doneAt: runtime.clock.now(), lockedUntil: null, lockedBy: null })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, owner)));
}

/** A failed run is retried with backoff (2 s, 4 s, ... up to an hour), then given up and recorded. */
export async function failJob(runtime: JobRuntime, job: ClaimedJob, owner: string, error: unknown): Promise<void> {
  const attempts = job.attempts + 1;
  const now = runtime.clock.now();
  await runtime.db
    .update(jobs)
    .set({
      attempts,
      lockedUntil: null,
      lockedBy: null,
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      runAt: new Date(now.getTime() + Math.min(3600, 2 ** attempts) * 1000),
      ...(attempts >= MAX_ATTEMPTS ? { doneAt: now } : {}),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, owner)));
}

/**
 * When the next job becomes claimable (its time, or the end of the lease holding it), in one
 * query; null when nothing is queued. The Node poller sleeps until then. Both halves read the
 * indexes of unfinished jobs: the earliest job no live lease holds, and the earliest lease end
 * (which may wake the poller early for a job due later: one pass too many, never one too late).
 */
export async function nextJobDueAt(runtime: JobRuntime): Promise<Date | null> {
  const result: unknown = await runtime.db.execute(sql`
    select least(
      (select ${jobs.runAt} from ${jobs} where ${jobs.doneAt} is null and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${jobs.runAt}) order by ${jobs.runAt} limit 1),
      (select ${jobs.lockedUntil} from ${jobs} where ${jobs.doneAt} is null and ${jobs.lockedUntil} is not null order by ${jobs.lockedUntil} limit 1)
    ) as at`);
  const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at ?? null;
  return at === null ? null : new Date(at);
}
