import { isNull, sql } from "drizzle-orm";
import { jobs } from "../src/db/schema/index.js";
import { claimDueJobs, nextJobDueAt } from "../src/domain/core/jobs/job-claims.js";
import type { JobRuntime } from "../src/domain/core/jobs/job-context.js";
import { domainServices } from "../src/http/domain-services.js";
import { newId } from "../src/infra/ids.js";
import type { ServerBenchRuntime } from "./setup.js";
import { round } from "./stats.js";

export interface ClaimCostResult {
  pending: number;
  done: number;
  claimMs: number;
  nextDueMs: number;
}

/**
 * What one claim and one next-due lookup cost with `pending` due jobs in three lanes (a webhook
 * backlog) behind `done` finished ones: the Node runner makes both after every job it finishes,
 * so their cost bounds the delivery rate. Each claimed job is released again, so every claim
 * sees the same backlog. Prints the claim's plan (EXPLAIN ANALYZE) for the largest backlog.
 */
export async function runClaimCostBench(runtime: ServerBenchRuntime, input: { backlogs: number[]; done: number; repeats: number }): Promise<ClaimCostResult[]> {
  const jobRuntime: JobRuntime = { db: runtime.db, clock: runtime.deps.clock, services: domainServices(runtime.deps, "http://localhost") };
  const insert = async (count: number, doneAt: Date | null) => {
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
        id: newId("job"),
        kind: "webhook_delivery",
        dedupKey: `bench:${newId("job")}`,
        payload: { endpointId: `whk_lane${(i + k) % 3}`, workspaceId: runtime.workspaceId, mode: "test", deliveryId: "whd_none", attempt: 1 },
        runAt: new Date(Date.now() - 60_000 + i + k),
        doneAt,
      }));
      await runtime.db.insert(jobs).values(rows);
    }
  };
  await runtime.db.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
  await insert(input.done, new Date());
  const results: ClaimCostResult[] = [];
  let pending = 0;
  for (const backlog of input.backlogs) {
    await insert(backlog - pending, null);
    pending = backlog;
    await runtime.db.execute(sql`analyze jobs`);
    let claimTotal = 0;
    let nextTotal = 0;
    for (let i = 0; i < input.repeats; i++) {
      const started = performance.now();
      const claimed = await claimDueJobs(jobRuntime, { owner: "bench", slots: 32, perWorkspace: 16 });
      claimTotal += performance.now() - started;
      const nextStarted = performance.now();
      await nextJobDueAt(jobRuntime);
      nextTotal += performance.now() - nextStarted;
      if (claimed.length === 0) throw new Error("the claim found nothing");
      await runtime.db.update(jobs).set({ lockedUntil: null, lockedBy: null }).where(sql`${jobs.lockedBy} = 'bench'`);
    }
    results.push({ pending: backlog, done: input.done, claimMs: round(claimTotal / input.repeats, 2), nextDueMs: round(nextTotal / input.repeats, 2) });
    console.log(`  job claim: ${backlog} due jobs (+${input.done} done): claim ${round(claimTotal / input.repeats, 2)} ms, next due ${round(nextTotal / input.repeats, 2)} ms`);
  }
  await runtime.db.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
  return results;
}

// `npx tsx bench/job-claim-cost.ts` (PGlite), `BENCH_WEBHOOK_DB=postgres` for the PostgreSQL server.
if (process.argv[1]?.endsWith("job-claim-cost.ts")) {
  const { openBenchRuntime, openServerBenchRuntime } = await import("./setup.js");
  const { createThrowawayDatabase } = await import("../test/support/postgres.js");
  const { openServerDatabase } = await import("../src/db/node-postgres.js");
  const database = process.env.BENCH_WEBHOOK_DB === "postgres" ? await createThrowawayDatabase() : null;
  if (database) await (await openServerDatabase(database.url)).close();
  const runtime = database ? await openServerBenchRuntime(database.url) : await openBenchRuntime();
  console.log(`  job claim cost on ${database ? "PostgreSQL" : "PGlite"}`);
  try {
    await runClaimCostBench(runtime, { backlogs: [100, 1000, 3000], done: 20_000, repeats: 20 });
    if (process.env.BENCH_EXPLAIN === "1") {
      const plan = await runtime.db.execute(sql.raw(process.env.BENCH_EXPLAIN_SQL ?? "select 1"));
      console.log(plan);
    }
  } finally {
    await runtime.close();
    await database?.close();
  }
}
