/**
 * `npx tsx bench/analytics.ts` (also run at the end of `npm run bench`): GET /v1/analytics?period=30d
 * for a workspace with 10 accounts and 1,000 published posts (bench/analytics-fixture.ts).
 * - Cached: the answer once every account's totals are in the cache, counted in database round
 *   trips at the PGlite client (target: under 2 per request).
 * - Cold: every network answering each call 300 ms late, the cache emptied before each read; ten
 *   accounts against one (target: at most 1.2x). Measured twice: with the simulators in the API's
 *   process on its PGlite (where their own store queries, about a hundred per cold read over ten
 *   networks, queue on the one connection Chorus also uses), and with the simulators as a server
 *   of their own on PostgreSQL, as real networks are (bench/analytics-out-of-process.ts). The
 *   target is judged on the second when a PostgreSQL server answers, else on the first.
 * The Node runtime with real sleeps, through the app's fetch handler; printed and returned, never asserted.
 */
import { eq, sql } from "drizzle-orm";
import { postTargets } from "../src/db/schema/index.js";
import { measureCold, median, seedAnalyticsFixture } from "./analytics-fixture.js";
import { runAnalyticsColdOutOfProcess } from "./analytics-out-of-process.js";
import { countRoundTrips } from "./counting-client.js";
import { openBenchRuntime } from "./setup.js";

export const ANALYTICS_CACHED_ROUND_TRIPS_TARGET = 2;
export const ANALYTICS_COLD_RATIO_TARGET = 1.2;
const DELAY_MS = Number(process.env.BENCH_ANALYTICS_DELAY_MS ?? "300");
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? "5");

interface ColdResult {
  oneAccountColdMs: number;
  tenAccountsColdMs: number;
  ratio: number;
}

export interface AnalyticsBenchResult {
  accounts: number;
  posts: number;
  cachedRoundTrips: number;
  cachedMs: number;
  cachedMet: boolean;
  /** Simulators in the API's process, on its PGlite connection. */
  oneAccountColdMs: number;
  tenAccountsColdMs: number;
  ratio: number;
  /** Simulators as a server of their own on PostgreSQL; null without a PostgreSQL server. */
  outOfProcess: ColdResult | null;
  /** Judged on `outOfProcess` when there is one, else on the in-process ratio. */
  ratioMet: boolean;
  problems: string[];
}

const withRatio = (cold: { oneAccountColdMs: number; tenAccountsColdMs: number }): ColdResult => ({ ...cold, ratio: cold.tenAccountsColdMs / cold.oneAccountColdMs });

export async function runAnalyticsBench(): Promise<AnalyticsBenchResult> {
  const runtime = await openBenchRuntime();
  let inProcess: ColdResult & { problems: string[] };
  let cached: { trips: number; ms: number; posts: number; accounts: number };
  try {
    const f = await seedAnalyticsFixture({ ...runtime, deps: runtime.deps }, DELAY_MS);
    await f.time("/v1/analytics?period=30d"); // warm-up (and the first tokens refresh)
    const cold = await measureCold(f, RUNS);
    inProcess = { ...withRatio(cold), problems: cold.problems };
    if (process.env.BENCH_ANALYTICS_PER_ACCOUNT === "1") {
      for (const account of f.accounts) {
        await f.emptyCache();
        console.log(`  ${account.platform} alone: ${(await f.time(`/v1/analytics?period=30d&account=${account.id}`)).ms.toFixed(0)} ms`);
      }
      await f.time("/v1/analytics?period=30d&refresh=true");
    }
    // Cached: every account's totals are stored by the last cold read.
    const counter = countRoundTrips(runtime.client);
    const cachedTimes: number[] = [];
    const trips: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const before = counter.total();
      const answer = await f.time("/v1/analytics?period=30d");
      trips.push(counter.total() - before);
      cachedTimes.push(answer.ms);
      const accountsAnswered = (answer.body.accounts as { cached: boolean }[] | undefined) ?? [];
      if (accountsAnswered.some((a) => !a.cached)) throw new Error("a cached read went to a network");
    }
    const count = (await runtime.db.select({ n: sql<number>`count(*)::int` }).from(postTargets).where(eq(postTargets.workspaceId, runtime.workspaceId)))[0]?.n ?? 0;
    cached = { trips: median(trips), ms: median(cachedTimes), posts: count, accounts: f.accounts.length };
  } finally {
    await runtime.close();
  }
  const ok = (met: boolean) => (met ? "met" : "MISSED");
  const line = (label: string, c: ColdResult) =>
    `  cold, ${label}, every network call ${DELAY_MS} ms late: 1 account ${c.oneAccountColdMs.toFixed(0)} ms   10 accounts ${c.tenAccountsColdMs.toFixed(0)} ms   ratio ${c.ratio.toFixed(2)}`;
  console.log(`Analytics (GET /v1/analytics?period=30d, ${cached.accounts} accounts, ${cached.posts} published posts, medians of ${RUNS}):`);
  console.log(
    `  cached: ${cached.trips} database round trips, ${cached.ms.toFixed(1)} ms   target < ${ANALYTICS_CACHED_ROUND_TRIPS_TARGET}: ${ok(cached.trips < ANALYTICS_CACHED_ROUND_TRIPS_TARGET)}`,
  );
  console.log(`${line("simulators in process on PGlite", inProcess)}${inProcess.problems.length > 0 ? `   problems: ${inProcess.problems.join(", ")}` : ""}`);
  const outside = await runAnalyticsColdOutOfProcess(DELAY_MS, RUNS);
  const outOfProcess = outside ? withRatio(outside) : null;
  if (outOfProcess) console.log(`${line("simulators out of process on PostgreSQL", outOfProcess)}${outside?.problems.length ? `   problems: ${outside.problems.join(", ")}` : ""}`);
  const judged = outOfProcess ?? inProcess;
  const ratioMet = judged.ratio <= ANALYTICS_COLD_RATIO_TARGET;
  console.log(`  cold ratio target <= ${ANALYTICS_COLD_RATIO_TARGET} (${outOfProcess ? "out of process" : "in process"}): ${ok(ratioMet)}`);
  return {
    accounts: cached.accounts,
    posts: cached.posts,
    cachedRoundTrips: cached.trips,
    cachedMs: cached.ms,
    cachedMet: cached.trips < ANALYTICS_CACHED_ROUND_TRIPS_TARGET,
    oneAccountColdMs: inProcess.oneAccountColdMs,
    tenAccountsColdMs: inProcess.tenAccountsColdMs,
    ratio: inProcess.ratio,
    outOfProcess,
    ratioMet,
    problems: [...inProcess.problems, ...(outside?.problems ?? [])],
  };
}

if (import.meta.url === `file://${process.argv[1] ?? ""}`) {
  runAnalyticsBench()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
