/**
 * `npm run bench`: the Node server on embedded PGlite, measured over real HTTP.
 *
 * First the request path (bench/api-latency.ts): `GET /v1/me/limits` against a bare `select 1`
 * route on the same database (target: at most 1.5x at p50), with round trips per authenticated
 * read (target: at most 2) and the figures that attribute the difference.
 *
 * Then the publishing figures (bench/publishing.ts), on the same runtime and server: a 10-target
 * publish against a 1-target one with every network answering 300 ms late (target: at most 1.2x),
 * Chorus's database round trips before the first network call for 1 and 10 targets (target: not
 * growing with targets), and the lag of 20 scheduled posts on the in-process job poller (target:
 * within 1 s). Printed and recorded, never asserted.
 *
 * Then MCP against REST (bench/mcp.ts): `tools/call whoami` over POST /v1/mcp next to GET /v1/me on the
 * same server (target: at most 1.5x at p50).
 *
 * Last, the server's time to answer and idle memory, started as a child process on a new embedded data
 * folder, restarted on it, and on PostgreSQL (bench/idle-memory.ts; BENCH_IDLE_SERVER=dist runs dist/).
 * Then the Worker: its upload's size at start-up and in all, and the CPU time a local workerd spends
 * loading its entry, median of BENCH_WORKER_STARTUP_RUNS (default 5) fresh isolates (bench/worker-startup.ts).
 *
 * Writes the figures to bench/results/latest.json; with BENCH_RECORD=1 also appends them to
 * bench/results/history.jsonl so later commits can be compared. Exits 0 whenever it ran: a bench
 * reports, it does not fail CI; the one exception is the dashboard's round-trip budget (issue 14 makes it
 * a requirement), which exits 1 after everything is written. `npx tsx bench/breakdown.ts` explains where
 * the time goes. `npx tsx bench/run.ts dashboard` runs the dashboard section alone (bench/dashboard.ts).
 *
 * BENCH_REQUESTS (default 2000): measured requests per endpoint. BENCH_WARMUP (default 500).
 * BENCH_PUBLISH_RUNS (default 5): rounds of publishes per fan-out set-up. BENCH_SCHEDULED_POSTS (default 20).
 * BENCH_IDLE_SECONDS (default 65): the window in which an idle server's database statements are counted.
 *
 * Last, the PostgreSQL figures (bench/server-database.ts, skipped when no server answers): limits
 * against bare directly and through a TCP proxy adding 1.5 ms each way, requests per second at
 * concurrency 1 and 16, and the fan-out with the simulators in and out of the API's process.
 * BENCH_PG_REQUESTS (default 1000), BENCH_PG_WARMUP (default 200), BENCH_THROUGHPUT_REQUESTS
 * (default 600 per cell), BENCH_SANDBOX_PROCESSES (default 1: sandbox server processes, the
 * networks shared out among them); BENCH_SERVER_DB=0 skips them.
 * BENCH_SECTIONS (default all): a comma list of the sections to run after the latency figures, of
 * mcp, networkFetch, publishing, idleMemory, workerStartup, idle, serverDatabase, webhooks, dashboard, docs, notifications, analytics, mediaTransforms, uploadMemory, uploadPresign, bulkImport.
 * The docs section (bench/docs.ts) loads /docs pages in Chromium: bytes transferred and time to interactive
 * (target: under 1.5 s); `npx tsx bench/run.ts docs` runs it alone.
 * BENCH_UPLOAD_MB (default 1024): the file sent through an upload session (bench/upload-memory.ts).
 * BENCH_PRESIGN_RUNS (default 7): 5 GB sessions whose 640 presigned part URLs are timed (bench/upload-presign.ts).
 * The bulk import section (bench/bulk-import.ts): rows per second of a 1,000-row import on PGlite and PostgreSQL.
 * BENCH_WEBHOOK_EVENTS (default 1000) and BENCH_WEBHOOK_RATE (events per second, default 100): the
 * webhook section (bench/webhook-lag.ts), also runnable alone with `npx tsx bench/webhook-lag.ts`.
 */
import { execFileSync } from "node:child_process";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerType } from "@hono/node-server";
import { createApp } from "../src/app.js";
import { countRoundTrips } from "./counting-client.js";
import { createClient } from "./http-client.js";
import { type PublishingResult, runPublishingBench } from "./publishing.js";
import { type IdleMemoryResult, printIdleMemory, runIdleMemoryBench } from "./idle-memory.js";
import { type McpBenchResult, printMcp, runMcpBench } from "./mcp.js";
import { mintAgentToken } from "./agent-token.js";
import { type IdleResult, printIdle, runIdleBench } from "./idle-statements.js";
import { pgliteWakeups } from "../src/node/job-wakeups.js";
import { type ServerDatabaseResult, runServerDatabaseBench } from "./server-database.js";
import { type WebhookLagResult, runWebhookLagBench } from "./webhook-lag.js";
import { type BenchRuntime, openBenchRuntime } from "./setup.js";
import { type DashboardResult, missedPages, printDashboard, runDashboardAlone, runDashboardBench } from "./dashboard.js";
import { type DocsBenchResult, printDocs, runDocsAlone, runDocsBench } from "./docs.js";
import { type NotificationsBenchResult, runNotificationsBench } from "./notifications.js";
import { type AnalyticsBenchResult, runAnalyticsBench } from "./analytics.js";
import { runMediaTransformsBench } from "./media-transforms.js";
import { type UploadMemoryResult, runUploadMemoryBench } from "./upload-memory.js";
import { type UploadPresignResult, runUploadPresignBench } from "./upload-presign.js";
import { type BulkImportBenchResult, runBulkImportBench } from "./bulk-import.js";
import { round } from "./stats.js";
import { type NetworkFetchCostResult, printNetworkFetchCost, runNetworkFetchCost } from "./network-fetch-cost.js";
import { API_LATENCY_BLOCK, printApiLatency, runApiLatency } from "./api-latency.js";
import { closeServer, listen } from "./listen.js";
import { type WorkerStartupResult, printWorkerStartup, runWorkerStartupBench } from "./worker-startup.js";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

const requests = intFromEnv("BENCH_REQUESTS", 2000);
const warmup = intFromEnv("BENCH_WARMUP", 500);
const publishRuns = intFromEnv("BENCH_PUBLISH_RUNS", 5);
const scheduledPosts = intFromEnv("BENCH_SCHEDULED_POSTS", 20);
const webhookEvents = intFromEnv("BENCH_WEBHOOK_EVENTS", 1000);
const webhookRate = intFromEnv("BENCH_WEBHOOK_RATE", 100);
const record = process.env.BENCH_RECORD === "1";
const sections = process.env.BENCH_SECTIONS ? new Set(process.env.BENCH_SECTIONS.split(",").map((s) => s.trim())) : null;
const wanted = (section: string) => sections === null || sections.has(section);
const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "results");

const section = process.argv[2];
if (section !== undefined && section !== "dashboard" && section !== "docs") throw new Error(`unknown bench section "${section}": the ones that run alone here are "dashboard" and "docs"`);
if (section === "dashboard") process.exit(await runDashboardAlone());
if (section === "docs") process.exit(await runDocsAlone());

const started = Date.now();
const loadBefore = loadavg()[0] ?? 0;
const servers: ServerType[] = [];
const clients: { close: () => void }[] = [];
let runtime: BenchRuntime | null = null;

try {
  // The Node server's runtime (src/node/node-deps.ts) on PGlite in a temp data dir, counted.
  runtime = await openBenchRuntime();
  const { deps } = runtime;
  const counter = countRoundTrips(runtime.client);
  const app = createApp(deps);

  const apiServer = await listen(app.fetch);
  servers.push(apiServer.server);
  const httpClients = { api: createClient(apiServer.port) };
  clients.push(httpClients.api);
  const apiLatency = await runApiLatency({ runtime, counter, api: httpClients.api, requests, warmup });
  const status = git(["status", "--porcelain", "--untracked-files=no"]);
  const result = {
    date: new Date().toISOString(),
    commit: git(["rev-parse", "HEAD"]),
    dirty: status === null ? null : status.length > 0,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: availableParallelism(),
    /** 1-minute load average before and after: on a loaded machine the figures are not comparable. */
    loadAverage: { before: round(loadBefore, 2), after: round(loadavg()[0] ?? 0, 2) },
    requests,
    warmup,
    block: API_LATENCY_BLOCK,
    database: "embedded PGlite (temp data dir), runtime from src/node/node-deps.ts",
    rateLimiter: "memory",
    latencyMs: apiLatency.latencyMs,
    ratio: apiLatency.ratio,
    addedMs: apiLatency.addedMs,
    roundTrips: apiLatency.roundTrips,
    targets: apiLatency.targets,
    /** One network call's CPU in the API process, Node's fetch against the network fetch (bench/network-fetch-cost.ts). */
    networkFetch: null as NetworkFetchCostResult | null,
    /** Publishing figures (bench/publishing.ts), measured after the ones above. */
    publishing: null as PublishingResult | null,
    idleMemory: null as IdleMemoryResult | null,
    /** The Worker upload's sizes and its entry's start-up CPU in local workerd (bench/worker-startup.ts). */
    workerStartup: null as WorkerStartupResult | null,
    /** Statements an idle server sends its database (bench/idle-statements.ts). */
    idle: null as IdleResult | null,
    /** PostgreSQL figures (bench/server-database.ts), measured last; null when skipped. */
    serverDatabase: null as ServerDatabaseResult | null,
    /** Webhook delivery lag (bench/webhook-lag.ts), measured last. */
    webhooks: null as WebhookLagResult | null,
    /** tools/call whoami over POST /v1/mcp against GET /v1/me (bench/mcp.ts). */
    mcp: null as McpBenchResult | null,
    /** The same with an OAuth agent's access token (its grant checked on every call). */
    mcpAgent: null as McpBenchResult | null,
    /** Dashboard pages: round trips beyond the session check, JavaScript shipped (bench/dashboard.ts). */
    dashboard: null as DashboardResult | null,
    /** /docs in Chromium: bytes transferred and time to interactive per page (bench/docs.ts). */
    docs: null as DocsBenchResult | null,
    /** GET /v1/notifications over ten slow networks and with one hanging (bench/notifications.ts). */
    notifications: null as NotificationsBenchResult | null,
    /** GET /v1/analytics?period=30d: cached round trips and a cold read over ten slow accounts (bench/analytics.ts). */
    analytics: null as AnalyticsBenchResult | null,
    /** A 12-megapixel JPEG to the ten networks' variants with sharp (bench/media-transforms.ts; issue 29). */
    mediaTransforms: null as Awaited<ReturnType<typeof runMediaTransformsBench>> | null,
    /** A 1 GB upload session into a server started from source: growth of its RSS (bench/upload-memory.ts; issue 29). */
    uploadMemory: null as UploadMemoryResult | null,
    /** Presigning the 640 part URLs of a 5 GB upload session on Workers' R2 path: time and CPU (bench/upload-presign.ts; issue 29). */
    uploadPresign: null as UploadPresignResult | null,
    /** POST /v1/posts/bulk of 1,000 rows: rows per second on PGlite and PostgreSQL (bench/bulk-import.ts). */
    bulkImport: null as BulkImportBenchResult | null,
    durationSeconds: 0,
  };

  printApiLatency(
    apiLatency,
    `Chorus bench: ${requests} requests per endpoint after ${warmup} warm-up, node ${process.version}, ${result.commit?.slice(0, 12) ?? "no commit"}${result.dirty ? " (dirty tree)" : ""}`,
  );
  if (result.loadAverage.before > result.cpus || result.loadAverage.after > result.cpus) {
    console.log(`  note: load average ${result.loadAverage.before} -> ${result.loadAverage.after} on ${result.cpus} CPUs; absolute figures are inflated by other work`);
  }

  if (wanted("mcp")) {
    result.mcp = await runMcpBench({ http: httpClients.api, key: runtime.key, requests, warmup });
    printMcp(result.mcp);
    console.log("  with an OAuth agent's token:");
    result.mcpAgent = await runMcpBench({ http: httpClients.api, key: await mintAgentToken(apiServer.port, runtime.key), requests, warmup });
    printMcp(result.mcpAgent);
  }
  if (wanted("networkFetch")) {
    result.networkFetch = await runNetworkFetchCost();
    printNetworkFetchCost(result.networkFetch);
  }
  if (wanted("publishing")) result.publishing = await runPublishingBench({ runtime, counter, port: apiServer.port, http: httpClients.api, runs: publishRuns, scheduledPosts });
  if (wanted("idleMemory")) {
    result.idleMemory = await runIdleMemoryBench();
    printIdleMemory(result.idleMemory);
  }
  if (wanted("workerStartup")) {
    result.workerStartup = await runWorkerStartupBench(intFromEnv("BENCH_WORKER_STARTUP_RUNS", 5));
    printWorkerStartup(result.workerStartup);
  }
  if (wanted("idle")) {
    result.idle = await runIdleBench({ db: runtime.db, deps: runtime.deps, counter, pgliteWakeups: pgliteWakeups(runtime.client), seconds: intFromEnv("BENCH_IDLE_SECONDS", 65) });
    printIdle(result.idle);
  }
  if (process.env.BENCH_SERVER_DB !== "0" && wanted("serverDatabase")) {
    result.serverDatabase = await runServerDatabaseBench({
      requests: intFromEnv("BENCH_PG_REQUESTS", 1000),
      warmup: intFromEnv("BENCH_PG_WARMUP", 200),
      throughputRequests: intFromEnv("BENCH_THROUGHPUT_REQUESTS", 600),
      publishRuns,
      sandboxProcesses: intFromEnv("BENCH_SANDBOX_PROCESSES", 1),
    });
  }
  if (wanted("webhooks")) result.webhooks = await runWebhookLagBench(runtime, { events: webhookEvents, ratePerSecond: webhookRate, deadlineMs: 120_000 });
  // After the idle measurement: the posts it makes must not count as an idle server's work.
  if (wanted("dashboard")) {
    const dashboard = await runDashboardBench({ runtime, counter, app });
    printDashboard(dashboard);
    // The statements are for reading with BENCH_DASHBOARD_TRACE=1; the record keeps the counts.
    result.dashboard = { ...dashboard, statements: {} };
    if (missedPages(dashboard).length > 0) process.exitCode = 1;
  }
  if (wanted("docs")) {
    result.docs = await runDocsBench(`http://127.0.0.1:${apiServer.port}`);
    printDocs(result.docs);
  }
  if (wanted("notifications")) result.notifications = await runNotificationsBench();
  if (wanted("analytics")) result.analytics = await runAnalyticsBench();
  if (wanted("mediaTransforms")) result.mediaTransforms = await runMediaTransformsBench();
  if (wanted("uploadMemory")) result.uploadMemory = await runUploadMemoryBench();
  if (wanted("uploadPresign")) result.uploadPresign = await runUploadPresignBench();
  if (wanted("bulkImport")) result.bulkImport = await runBulkImportBench();
  result.loadAverage.after = round(loadavg()[0] ?? 0, 2);
  result.durationSeconds = round((Date.now() - started) / 1000, 1);

  await mkdir(resultsDir, { recursive: true });
  // A run of some sections only is printed, never recorded as the figures of the commit.
  if (sections !== null) {
    console.log(`  sections ${[...sections].join(", ")} only: nothing written (${result.durationSeconds} s)`);
  } else {
    await writeFile(join(resultsDir, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
    if (record) await appendFile(join(resultsDir, "history.jsonl"), `${JSON.stringify(result)}\n`);
    console.log(`  wrote bench/results/latest.json${record ? " and appended bench/results/history.jsonl" : ""} (${result.durationSeconds} s)`);
  }
} finally {
  for (const c of clients) c.close();
  for (const s of servers) await closeServer(s);
  if (runtime) await runtime.close();
}
