/**
 * Bulk import throughput (issue 28 item 3), in `npm run bench` (section `bulkImport`) or alone with
 * `npx tsx bench/bulk-import.ts`: one POST /v1/posts/bulk of 1,000 scheduled rows to one test
 * Bluesky account, run to the end by the `bulk_import` job as the server's poller runs it, in rows
 * per second from the request to the last row; and the same rows as a dry run. On embedded PGlite,
 * then on a throwaway database of the PostgreSQL server when one answers. Printed and returned,
 * never asserted. BENCH_BULK_ROWS (default 1000).
 */
import { eq } from "drizzle-orm";
import { createApp } from "../src/app.js";
import { openServerDatabase } from "../src/db/node-postgres.js";
import { workspaces } from "../src/db/schema/index.js";
import { domainServices } from "../src/http/domain-services.js";
import { systemClock } from "../src/infra/clock.js";
import { runDueJobs } from "../src/jobs/run-due-jobs.js";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/postgres.js";
import { type ServerBenchRuntime, openBenchRuntime, openServerBenchRuntime } from "./setup.js";
import { round } from "./stats.js";

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? "1000");

export interface BulkRun {
  rows: number;
  importSeconds: number;
  importRowsPerSecond: number;
  dryRunSeconds: number;
  dryRunRowsPerSecond: number;
}

export interface BulkImportBenchResult {
  pglite: BulkRun;
  postgres: BulkRun | null;
}

async function measure(runtime: ServerBenchRuntime): Promise<BulkRun> {
  await runtime.db.update(workspaces).set({ postsPerMinute: 100_000_000, profilePostsPerMinute: 100_000_000, plan: "subscription" }).where(eq(workspaces.id, runtime.workspaceId));
  const app = createApp(runtime.deps);
  const call = async (path: string, body?: unknown) => {
    const response = await app.request(`http://chorus.bench${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${runtime.key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const account = (await call("/v1/social-accounts/connect", { platform: "bluesky", handle: "bulk-bench.test", appPassword: "abcd-efgh-ijkl-mnop" })) as { id: string };
  const at = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const rows = Array.from({ length: ROWS }, (_, i) => ({ text: `Bench row ${i}`, accounts: [account.id], scheduledAt: at }));

  const dryStart = performance.now();
  const dry = await call("/v1/posts/bulk", { rows, dryRun: true });
  const dryRunSeconds = (performance.now() - dryStart) / 1000;
  if (dry.validRows !== ROWS) throw new Error(`dry run: ${JSON.stringify(dry).slice(0, 500)}`);

  const jobs = { db: runtime.db, clock: systemClock, services: domainServices(runtime.deps, "http://chorus.bench") };
  const start = performance.now();
  const started = await call("/v1/posts/bulk", { rows });
  let progress = started;
  while (progress.state !== "done") {
    if ((await runDueJobs(jobs)) === 0) progress = await call(`/v1/bulk-imports/${String(started.id)}`);
  }
  const importSeconds = (performance.now() - start) / 1000;
  if (progress.created !== ROWS) throw new Error(`import: ${JSON.stringify(progress).slice(0, 500)}`);
  return {
    rows: ROWS,
    importSeconds: round(importSeconds, 2),
    importRowsPerSecond: round(ROWS / importSeconds, 1),
    dryRunSeconds: round(dryRunSeconds, 2),
    dryRunRowsPerSecond: round(ROWS / dryRunSeconds, 1),
  };
}

const print = (label: string, r: BulkRun) =>
  console.log(`  ${label.padEnd(22)} import ${r.rows} rows in ${r.importSeconds} s = ${r.importRowsPerSecond} rows/s; dry run ${r.dryRunSeconds} s = ${r.dryRunRowsPerSecond} rows/s`);

export async function runBulkImportBench(): Promise<BulkImportBenchResult> {
  console.log(`Bulk import (${ROWS} scheduled rows, one account):`);
  const embedded = await openBenchRuntime();
  let pglite: BulkRun;
  try {
    pglite = await measure(embedded);
  } finally {
    await embedded.close();
  }
  print("PGlite", pglite);
  const available = await postgresAvailable();
  if (!available.ok) {
    console.log(`  PostgreSQL server: skipped (${available.reason})`);
    return { pglite, postgres: null };
  }
  const database = await createThrowawayDatabase();
  try {
    const migrated = await openServerDatabase(database.url);
    await migrated.close();
    const runtime = await openServerBenchRuntime(database.url);
    try {
      const postgres = await measure(runtime);
      print("PostgreSQL server", postgres);
      return { pglite, postgres };
    } finally {
      await runtime.close();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBulkImportBench();
