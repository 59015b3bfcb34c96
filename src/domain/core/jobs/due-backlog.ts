import { sql } from "drizzle-orm";
import { jobs } from "../../../db/schema/index.js";
import { rowsOf } from "./claim-pass.js";
import type { JobRuntime } from "./job-context.js";

/**
 * How many jobs are due and held by no live lease, counted no further than `cap`: the Workers
 * cron sizes its fan-out by it, and a backlog past the most it may fan out to needs no exact
 * figure. Reads `jobs_due_idx` up to `cap` rows, never the whole backlog.
 */
export async function countDueJobs(runtime: JobRuntime, cap: number): Promise<number> {
  const at = runtime.clock.now().toISOString();
  const result: unknown = await runtime.db.execute(sql`
    select count(*)::int as n from (
      select 1 from ${jobs}
      where ${jobs.doneAt} is null and ${jobs.runAt} <= ${at}::timestamptz
        and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${at}::timestamptz)
      limit ${Math.max(0, Math.floor(cap))}
    ) due`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
