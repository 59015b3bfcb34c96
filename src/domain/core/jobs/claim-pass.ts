import { sql } from "drizzle-orm";
import { jobs } from "../../../db/schema/index.js";
import type { JobRuntime } from "./job-context.js";

export type ClaimedJob = typeof jobs.$inferSelect;

export interface ClaimPassInput {
  owner: string;
  slots: number;
  perWorkspace: number;
  /** Jobs the caller already runs, per lane: a lane's share counts them. */
  busy?: ReadonlyMap<string, number> | undefined;
  leaseMs: number;
  /** Jobs this owner has finished since its last pass: marked done by the same statement. */
  finished?: readonly string[] | undefined;
}

export interface ClaimPassResult {
  claimed: ClaimedJob[];
  /**
   * When the next job not claimed here becomes claimable (its time, or the end of the lease
   * holding it); null when nothing else is queued. The Node poller sleeps until then.
   */
  nextDueAt: Date | null;
}

/** `laneOf` in SQL, written exactly as the `jobs_lane_open_idx` expression so the planner uses it. */
export const jobLane = sql`coalesce(${jobs.payload}->>'endpointId', ${jobs.payload}->>'workspaceId', '')`;

/** Every driver we run on (PGlite, node-postgres, Neon) answers raw SQL with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as T[]) : []);

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

interface RawJob {
  id: string | null;
  kind: string;
  dedup_key: string;
  payload: Record<string, unknown> | string;
  run_at: string | Date;
  locked_until: string | Date | null;
  locked_by: string | null;
  attempts: number | string;
  last_error: string | null;
  done_at: string | Date | null;
  created_at: string | Date;
  next_due: string | Date | null;
}

/**
 * One poller pass in one statement: marks done the jobs this owner finished since its last pass,
 * claims up to `slots` due jobs fairly, and says when the next other job is due. On PGlite every
 * statement waits its turn on the one connection the deliveries also use, so a pass that cost
 * three or four statements (claim read, claim update, finish per job, next-due query) was most
 * of a webhook delivery's database time.
 *
 * Fairness as before: candidates are ranked within their lane (a webhook endpoint, else the
 * workspace) by due time and taken rank by rank, and a lane already running `busy` jobs takes at
 * most `perWorkspace - busy` more. The lanes are found by skipping along the index of unfinished
 * jobs (one probe each) and each lane gives at most `perWorkspace` candidates, so a claim costs
 * (lanes x share), never the backlog.
 *
 * Any number of claimers run this at once (the Node poller, the Workers cron and the drains it
 * fans out to): each lane's candidates are locked `FOR UPDATE SKIP LOCKED` as they are picked, so
 * a claimer passes over the rows another is claiming this instant and takes the next ones instead
 * of waiting for it, and two claimers never hold one job. The lock sits in its own sub-select
 * because PostgreSQL refuses FOR UPDATE beside a window function. A row another claimer claimed
 * after this statement's snapshot is re-read when locked, and the lease condition (checked again
 * by the UPDATE) drops it. Candidates locked but not taken (past `slots`) are freed when the
 * statement ends.
 *
 * PostgreSQL runs a data-modifying WITH part to completion whether or not it is read. All parts
 * see the statement's one snapshot: the next-due half leaves out the jobs claimed and
 * finished here, which it would otherwise still see as due or leased.
 */
export async function claimPass(runtime: JobRuntime, input: ClaimPassInput): Promise<ClaimPassResult> {
  const now = runtime.clock.now();
  const at = now.toISOString();
  const until = new Date(now.getTime() + input.leaseMs).toISOString();
  const slots = Math.max(0, input.slots);
  const busy = JSON.stringify(Object.fromEntries(input.busy ?? []));
  const finished = JSON.stringify(input.finished ?? []);
  const result: unknown = await runtime.db.execute(sql`
    with recursive lanes(lane) as (
      (select ${jobLane} from ${jobs} where ${jobs.doneAt} is null order by 1 limit 1)
      union all
      select (select ${jobLane} from ${jobs} where ${jobs.doneAt} is null and ${jobLane} > lanes.lane order by 1 limit 1)
      from lanes where lanes.lane is not null
    ), done_ids as (
      select jsonb_array_elements_text(${finished}::jsonb) as id
    ), finished as (
      update ${jobs} set done_at = ${at}::timestamptz, locked_until = null, locked_by = null
      where ${jobs.id} in (select id from done_ids) and ${jobs.lockedBy} = ${input.owner}
      returning ${jobs.id}
    ), picked as (
      select c.id
      from lanes
      left join jsonb_each_text(${busy}::jsonb) b(lane, n) on b.lane = lanes.lane
      cross join lateral (
        select l.id, l.run_at, row_number() over (order by l.run_at, l.id) as rank
        from (
          select ${jobs.id} as id, ${jobs.runAt} as run_at
          from ${jobs}
          where ${jobLane} = lanes.lane and ${jobs.doneAt} is null and ${jobs.runAt} <= ${at}::timestamptz
            and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${at}::timestamptz)
          order by ${jobs.runAt}, ${jobs.id}
          limit ${input.perWorkspace}
          for update skip locked
        ) l
      ) c
      where lanes.lane is not null and c.rank <= ${input.perWorkspace} - coalesce(b.n::int, 0)
      order by c.rank, c.run_at
      limit ${slots}
    ), claimed as (
      update ${jobs} set locked_until = ${until}::timestamptz, locked_by = ${input.owner}
      where ${jobs.id} in (select id from picked) and ${jobs.doneAt} is null and ${jobs.runAt} <= ${at}::timestamptz
        and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${at}::timestamptz)
      returning ${jobs.id}, ${jobs.kind}, ${jobs.dedupKey}, ${jobs.payload}, ${jobs.runAt}, ${jobs.lockedUntil}, ${jobs.lockedBy},
        ${jobs.attempts}, ${jobs.lastError}, ${jobs.doneAt}, ${jobs.createdAt}
    ), next_due as (
      select least(
        (select ${jobs.runAt} from ${jobs} where ${jobs.doneAt} is null and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${jobs.runAt})
          and ${jobs.id} not in (select id from claimed) and ${jobs.id} not in (select id from done_ids) order by ${jobs.runAt} limit 1),
        (select ${jobs.lockedUntil} from ${jobs} where ${jobs.doneAt} is null and ${jobs.lockedUntil} is not null
          and ${jobs.id} not in (select id from done_ids) order by ${jobs.lockedUntil} limit 1)
      ) as at
    )
    select claimed.*, next_due.at as next_due
    from next_due left join claimed on true
    order by claimed.run_at, claimed.created_at, claimed.id`);
  const rows = rowsOf<RawJob>(result);
  const claimed: ClaimedJob[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    claimed.push({
      id: row.id,
      kind: row.kind,
      dedupKey: row.dedup_key,
      payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      runAt: toDate(row.run_at) ?? now,
      lockedUntil: toDate(row.locked_until),
      lockedBy: row.locked_by,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      doneAt: toDate(row.done_at),
      createdAt: toDate(row.created_at) ?? now,
    });
  }
  // In the order they were due, then queued (ordered in SQL: microseconds, where a Date has
  // milliseconds and two jobs queued in the same one would tie), and started in that order, so
  // two events of one change reach an endpoint in the order they happened.
  return { claimed, nextDueAt: toDate(rows[0]?.next_due) };
}
