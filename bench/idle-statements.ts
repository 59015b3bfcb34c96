import { isNull } from "drizzle-orm";
import pg from "pg";
import { openServerDatabase } from "../src/db/node-postgres.js";
import { jobs } from "../src/db/schema/index.js";
import type { AppDeps } from "../src/deps.js";
import type { Database } from "../src/db/types.js";
import { domainServices } from "../src/http/domain-services.js";
import { silentLogger } from "../src/infra/logger.js";
import { startJobPoller, sweepEveryMinute } from "../src/node/job-poller.js";
import { type JobWakeups, postgresWakeups } from "../src/node/job-wakeups.js";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/postgres.js";
import type { RoundTripCounter } from "./counting-client.js";
import { round } from "./stats.js";

export interface IdleFigures {
  /** Statements the poller sent in the window, scaled to a minute. */
  perMinute: number;
  statements: number;
  seconds: number;
}

export interface IdleResult {
  pglite: IdleFigures;
  postgres: IdleFigures | { skipped: string };
  /** What one pass with the minute's sweep costs, counted on PGlite: the sweep (sweepEveryMinute) and the claim that follows it. */
  sweepStatements: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Let the poller's start-up pass (its first sweep) finish before counting. */
const SETTLE_MS = 2000;

async function measure(input: { db: Database; deps: AppDeps; wakeups: JobWakeups; count: () => number; seconds: number }): Promise<IdleFigures> {
  await input.db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(isNull(jobs.doneAt));
  const poller = startJobPoller({ db: input.db, clock: input.deps.clock, services: domainServices(input.deps, "http://localhost") }, silentLogger, { wakeups: input.wakeups });
  try {
    await sleep(SETTLE_MS);
    const before = input.count();
    await sleep(input.seconds * 1000);
    const statements = input.count() - before;
    return { statements, seconds: input.seconds, perMinute: round((statements * 60) / input.seconds, 1) };
  } finally {
    await poller.stop();
  }
}

/**
 * An idle server's cost to its database: the Node job poller with nothing queued, statements counted
 * at the client (PGlite: the bench's counting wrapper; PostgreSQL: every node-postgres
 * connection's `query`, on a throwaway database of the local server). The window is a little over a
 * minute, so it holds the moment a minute's sweep would fall due: after the start's round found nothing
 * to watch, the target is no statement at all (src/jobs/sweeps.ts, anythingToWatch). Both run at once.
 */
export async function runIdleBench(input: { db: Database; deps: AppDeps; counter: RoundTripCounter; pgliteWakeups: JobWakeups; seconds: number }): Promise<IdleResult> {
  // Price one sweep where it is counted, on the same idle state the pollers will see: its own
  // statements, plus the one claim statement (which also says when the next job is due) after it.
  await input.db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(isNull(jobs.doneAt));
  const beforeSweep = input.counter.total();
  await sweepEveryMinute({ db: input.db, clock: input.deps.clock, services: domainServices(input.deps, "http://localhost") }, 60_000);
  const sweepStatements = input.counter.total() - beforeSweep + 1;
  const onPglite = measure({ db: input.db, deps: input.deps, wakeups: input.pgliteWakeups, count: () => input.counter.total(), seconds: input.seconds });
  const onPostgres = (async (): Promise<IdleFigures | { skipped: string }> => {
    const available = await postgresAvailable();
    if (!available.ok) return { skipped: available.reason };
    const database = await createThrowawayDatabase();
    const server = await openServerDatabase(database.url);
    // Every statement of every node-postgres connection (the pool's and the LISTEN one), counted
    // where it is sent: pool.query ends in a pooled client's query too, so nothing counts twice.
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    let statements = 0;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
    try {
      return await measure({ db: server.db, deps: input.deps, wakeups: postgresWakeups(database.url, silentLogger), count: () => statements, seconds: input.seconds });
    } finally {
      proto.query = original;
      await server.close();
      await database.close();
    }
  })();
  const [pglite, postgres] = await Promise.all([onPglite, onPostgres]);
  return { pglite, postgres, sweepStatements };
}

export function printIdle(result: IdleResult): void {
  const line = (f: IdleFigures | { skipped: string }) =>
    "skipped" in f ? `skipped (${f.skipped})` : `${f.perMinute} statements/min (${f.statements} in ${f.seconds} s)   target 0 while nothing is due: ${f.statements === 0 ? "met" : "NOT met"}`;
  console.log(`Idle (the Node job poller with nothing queued, statements counted at the database client; one active sweep round costs ${result.sweepStatements}):`);
  console.log(`  PGlite      ${line(result.pglite)}`);
  console.log(`  PostgreSQL  ${line(result.postgres)}`);
}
