import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { jobs } from "../../db/schema/index.js";
import type { JobRuntime } from "./job-context.js";

/**
 * A claimed job is its runner's for this long, renewed by the runner's heartbeat while it runs:
 * a job held by a process that died is claimed again about a minute later, not after the
 * longest a job could take.
 */
export const JOB_LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

export type ClaimedJob = typeof jobs.$inferSelect;

/** The workspace a job acts for (every job's payload names it). */
export const workspaceOf = (job: { payload: Record<string, unknown> }): string => String(job.payload.workspaceId ?? "");

/**
 * The lane a job is scheduled in: a webhook delivery's endpoint, otherwise its workspace. A dead
 * endpoint then holds only its own lane's slots, never the rest of its workspace's work.
 */
export const laneOf = (job: { payload: Record<string, unknown> }): string => String(job.payload.endpointId ?? job.payload.workspaceId ?? "");

const claimable = (now: Date) => and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)));

/** `laneOf` in SQL, written exactly as the `jobs_lane_open_idx` expression so the planner uses it. */
const jobLane = sql`coalesce(${jobs.payload}->>'endpointId', ${jobs.payload}->>'workspaceId', '')`;

/** Every driver we run on (PGlite, node-postgres, Neon) answers raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] =>
  typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as T[]) : [];

/**
 * Claims up to `slots` due jobs for `owner`, fairly: candidates are ranked within their lane
 * (`laneOf`: a webhook endpoint, else the workspace) by due time and taken rank by rank (every
 * lane's first job, then every lane's second, ...), and no lane gets more than `perWorkspace`
 * running at once counting `busy`, the jobs the caller already runs per lane. So one workspace's backlog, or its slow network, holds at most its own
 * share. The claim itself is one conditional UPDATE: two runners never both get a job.
 *
 * The candidates are read lane by lane from the index of unfinished jobs: the lanes are found by
 * skipping from one to the next (one index probe each), and each lane gives at most its first
 * `perWorkspace` due jobs. A claim therefore costs (lanes x share), not the whole backlog: a dead
 * endpoint's thousand waiting deliveries, or a year of finished jobs, are never read.
 */
export async function claimDueJobs(
  runtime: JobRuntime,
  input: { owner: string; slots: number; perWorkspace: number; busy?: ReadonlyMap<string, number>; leaseMs?: number },
): Promise<ClaimedJob[]> {
  if (input.slots <= 0) return [];
  const now = runtime.clock.now();
  const at = now.toISOString();
  const ceiling = input.slots + input.perWorkspace;
  const result: unknown = await runtime.db.execute(sql`
    with recursive lanes(lane) as (
      (select ${jobLane} from ${jobs} where ${jobs.doneAt} is null order by 1 limit 1)
      union all
      select (select ${jobLane} from ${jobs} where ${jobs.doneAt} is null and ${jobLane} > lanes.lane order by 1 limit 1)
      from lanes where lanes.lane is not null
    )
    select c.id, lanes.lane, c.rank
    from lanes
    cross join lateral (
      select ${jobs.id} as id, ${jobs.runAt} as run_at, row_number() over (order by ${jobs.runAt}, ${jobs.id}) as rank
      from ${jobs}
      where ${jobLane} = lanes.lane and ${jobs.doneAt} is null and ${jobs.runAt} <= ${at}::timestamptz
        and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${at}::timestamptz)
      order by ${jobs.runAt}, ${jobs.id}
      limit ${input.perWorkspace}
    ) c
    where lanes.lane is not null
    order by c.rank, c.run_at
    limit ${ceiling * 4}`);
  const candidates = rowsOf<{ id: string; lane: string; rank: number | string }>(result);
  const taken = new Map(input.busy ?? []);
  const picked: string[] = [];
  for (const candidate of candidates) {
    if (picked.length >= input.slots) break;
    const running = taken.get(candidate.lane) ?? 0;
    if (running >= input.perWorkspace) continue;
    taken.set(candidate.lane, running + 1);
    picked.push(candidate.id);
  }
  if (picked.length === 0) return [];
  const claimed = await runtime.db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + (input.leaseMs ?? JOB_LEASE_MS)), lockedBy: input.owner })
    .where(and(inArray(jobs.id, picked), claimable(now)))
    .returning();
  // Started in the order they were due, then queued: two events of one change reach an endpoint
  // in the order they happened (an UPDATE returns its rows in no particular order).
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
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

/** Marks the job done, if `owner` still holds it (a runner that lost its lease leaves the job to its new holder). */
export async function finishJob(runtime: JobRuntime, job: ClaimedJob, owner: string): Promise<void> {
  await runtime.db
    .update(jobs)
    .set({ doneAt: runtime.clock.now(), lockedUntil: null, lockedBy: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, owner)));
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
