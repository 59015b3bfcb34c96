/**
 * `npm run bench`: the Node server on embedded PGlite, measured over real HTTP.
 *
 * Prints p50/p99 of `GET /v1/me/limits` next to a bare Hono route doing one `select 1` on the same
 * database (target: limits/bare at most 1.5 at p50), and the database round trips per
 * authenticated read counted at the PGlite client (target: at most 2, in-process limiter).
 * For attribution it also times a bare route doing the endpoint's database work (authenticateApiKey
 * through a verified-key cache like the app's, then getLimits) with no middleware: limits/that is what the HTTP API layer costs.
 * And the floor on PGlite: GET /v1/me (authenticated, no query) and a bare route reading one column by
 * primary key, each against bare; a limits read that missed the limits cache needs both, so
 * (me + pk read - bare) / bare bounds that read's ratio from below. A cached one costs what /v1/me does.
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
 * Last, the idle memory of the whole process tree of `node dist/server.js` (built first; BENCH_SKIP_BUILD=1
 * keeps dist/) against `npm start` (bench/idle-memory.ts).
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
 * mcp, networkFetch, publishing, idleMemory, idle, serverDatabase, webhooks, dashboard, notifications, analytics.
 * BENCH_WEBHOOK_EVENTS (default 1000) and BENCH_WEBHOOK_RATE (events per second, default 100): the
 * webhook section (bench/webhook-lag.ts), also runnable alone with `npx tsx bench/webhook-lag.ts`.
 */
import { execFileSync } from "node:child_process";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { createApp } from "../src/app.js";
import { getLimits } from "../src/domain/account/get-limits.js";
import { workspaces } from "../src/db/schema/index.js";
import type { DomainContext } from "../src/domain/context.js";
import { authenticateApiKey } from "../src/domain/keys/authenticate.js";
import { createVerifiedKeyCache } from "../src/domain/keys/verified-key-cache.js";
import { countRoundTrips, diffCounts, type RoundTripCounts } from "./counting-client.js";
import { createClient } from "./http-client.js";
import { type PublishingResult, runPublishingBench } from "./publishing.js";
import { type IdleMemoryResult, runIdleMemoryBench } from "./idle-memory.js";
import { type McpBenchResult, printMcp, runMcpBench } from "./mcp.js";
import { mintAgentToken } from "./agent-token.js";
import { type IdleResult, printIdle, runIdleBench } from "./idle-statements.js";
import { pgliteWakeups } from "../src/node/job-wakeups.js";
import { type ServerDatabaseResult, runServerDatabaseBench } from "./server-database.js";
import { type WebhookLagResult, runWebhookLagBench } from "./webhook-lag.js";
import { type BenchRuntime, openBenchRuntime } from "./setup.js";
import { type DashboardResult, missedPages, printDashboard, runDashboardAlone, runDashboardBench } from "./dashboard.js";
import { type NotificationsBenchResult, runNotificationsBench } from "./notifications.js";
import { type AnalyticsBenchResult, runAnalyticsBench } from "./analytics.js";
import { type LatencySummary, round, summarize } from "./stats.js";
import { type NetworkFetchCostResult, printNetworkFetchCost, runNetworkFetchCost } from "./network-fetch-cost.js";

const RATIO_TARGET = 1.5;
const ROUND_TRIP_TARGET = 2;
/** Requests per block; blocks of the endpoints alternate, their order rotated each round. */
const BLOCK = 100;

type EndpointName = "bare" | "sameQueries" | "limits" | "me" | "pkRead";

interface Endpoint {
  name: EndpointName;
  label: string;
  server: "api" | "bare";
  path: string;
  headers: Record<string, string>;
}

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

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}

const emptyCounts = (): RoundTripCounts => ({ query: 0, exec: 0, transactions: 0, transactionStatements: 0 });

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
if (section !== undefined && section !== "dashboard") throw new Error(`unknown bench section "${section}": the one that runs alone here is "dashboard"`);
if (section === "dashboard") process.exit(await runDashboardAlone());

const started = Date.now();
const loadBefore = loadavg()[0] ?? 0;
const servers: ServerType[] = [];
const clients: { close: () => void }[] = [];
let runtime: BenchRuntime | null = null;

try {
  // The Node server's runtime (src/node/node-deps.ts) on PGlite in a temp data dir, counted.
  runtime = await openBenchRuntime();
  const { db, deps } = runtime;
  const counter = countRoundTrips(runtime.client);
  const app = createApp(deps);

  const bare = new Hono();
  bare.get("/bare", async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ ok: true });
  });
  // The floor under limits: the cheapest read of the workspace, one column by primary key, as a route would write it.
  bare.get("/pk-read", async (c) => {
    const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, runtime?.workspaceId ?? ""));
    return c.json({ ok: row !== undefined });
  });
  // The endpoint's own database work without the API around it (no middleware, limiter, headers).
  const sameQueriesKeys = createVerifiedKeyCache({ clock: deps.clock });
  bare.get("/same-queries", async (c) => {
    const presented = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
    const found = await authenticateApiKey(db, presented, { cache: sameQueriesKeys });
    if (!found) return c.json({ error: "unauthorized" }, 401);
    // getLimits reads only these fields of the context.
    const ctx = { db, clock: deps.clock, workspace: found.workspace, apiKey: found.apiKey, services: {} } as DomainContext;
    return c.json(await getLimits({ ctx }));
  });

  const apiServer = await listen(app.fetch);
  const bareServer = await listen(bare.fetch);
  servers.push(apiServer.server, bareServer.server);
  const httpClients = { api: createClient(apiServer.port), bare: createClient(bareServer.port) };
  clients.push(httpClients.api, httpClients.bare);

  const auth = { authorization: `Bearer ${runtime.key}` };
  const endpoints: Endpoint[] = [
    { name: "bare", label: "bare select 1", server: "bare", path: "/bare", headers: {} },
    { name: "limits", label: "GET /v1/me/limits", server: "api", path: "/v1/me/limits", headers: auth },
    { name: "me", label: "GET /v1/me", server: "api", path: "/v1/me", headers: auth },
    { name: "sameQueries", label: "bare, limits' queries", server: "bare", path: "/same-queries", headers: auth },
    { name: "pkRead", label: "bare, 1-column pk read", server: "bare", path: "/pk-read", headers: {} },
  ];

  // Sanity: every endpoint answers 200 before anything is timed.
  for (const e of endpoints) {
    const res = await httpClients[e.server].get(e.path, e.headers);
    if (res.status !== 200) throw new Error(`${e.path} answered ${res.status}: ${res.body.slice(0, 300)}`);
  }

  const samples: Record<EndpointName, number[]> = { bare: [], sameQueries: [], limits: [], me: [], pkRead: [] };
  const counted: Record<EndpointName, RoundTripCounts> = { bare: emptyCounts(), sameQueries: emptyCounts(), limits: emptyCounts(), me: emptyCounts(), pkRead: emptyCounts() };

  async function runBlock(e: Endpoint, n: number, keep: boolean): Promise<void> {
    const client = httpClients[e.server];
    const before = counter.snapshot();
    for (let i = 0; i < n; i++) {
      const res = await client.get(e.path, e.headers);
      if (res.status !== 200) throw new Error(`${e.path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      if (keep) samples[e.name].push(res.ms);
    }
    if (!keep) return;
    // Requests are sequential, so every round trip in this window belongs to this endpoint.
    const d = diffCounts(counter.snapshot(), before);
    const acc = counted[e.name];
    acc.query += d.query;
    acc.exec += d.exec;
    acc.transactions += d.transactions;
    acc.transactionStatements += d.transactionStatements;
  }

  // Warm-up: JIT, PGlite's caches, the sockets.
  for (let done = 0; done < warmup; done += BLOCK) {
    for (const e of endpoints) await runBlock(e, Math.min(BLOCK, warmup - done), false);
  }
  // Measured: alternating blocks, order rotated each round, so drift hits all endpoints alike.
  for (let done = 0, turn = 0; done < requests; done += BLOCK, turn++) {
    const n = Math.min(BLOCK, requests - done);
    for (let k = 0; k < endpoints.length; k++) {
      const e = endpoints[(k + turn) % endpoints.length];
      if (e) await runBlock(e, n, true);
    }
  }

  const latency = {
    bare: summarize(samples.bare),
    limits: summarize(samples.limits),
    me: summarize(samples.me),
    sameQueries: summarize(samples.sameQueries),
    pkRead: summarize(samples.pkRead),
  } satisfies Record<EndpointName, LatencySummary>;
  const perRequest = (name: EndpointName) => {
    const c = counted[name];
    const n = samples[name].length;
    return {
      total: round(counter.total(c) / n),
      query: round(c.query / n),
      exec: round(c.exec / n),
      transactions: round(c.transactions / n),
      transactionStatements: round(c.transactionStatements / n),
    };
  };
  const roundTrips = { limits: perRequest("limits"), me: perRequest("me"), bare: perRequest("bare"), sameQueries: perRequest("sameQueries") };
  const ratio = {
    /** The target figure. */
    p50: round(latency.limits.p50 / latency.bare.p50),
    p99: round(latency.limits.p99 / latency.bare.p99),
    meP50: round(latency.me.p50 / latency.bare.p50),
    /** limits against its own queries run bare: the cost of the API layer around the database. */
    apiLayerP50: round(latency.limits.p50 / latency.sameQueries.p50),
    apiLayerP99: round(latency.limits.p99 / latency.sameQueries.p99),
    /**
     * The floor on PGlite without the limits cache: limits would pay what GET /v1/me (no query)
     * costs over bare, plus what the cheapest read of the workspace costs over `select 1`
     * (bench/limits-floor.ts times the queries themselves). With the cache it pays /v1/me's cost.
     */
    pkReadP50: round(latency.pkRead.p50 / latency.bare.p50),
    floorP50: round((latency.me.p50 + latency.pkRead.p50 - latency.bare.p50) / latency.bare.p50),
  };
  /** Milliseconds the endpoint adds over the bare route, and over its own queries run bare. */
  const addedMs = {
    overBareP50: round(latency.limits.p50 - latency.bare.p50),
    overBareP99: round(latency.limits.p99 - latency.bare.p99),
    apiLayerP50: round(latency.limits.p50 - latency.sameQueries.p50),
    apiLayerP99: round(latency.limits.p99 - latency.sameQueries.p99),
  };
  const maxRoundTrips = Math.max(roundTrips.limits.total, roundTrips.me.total);
  const targets = {
    ratio: { max: RATIO_TARGET, on: "p50(GET /v1/me/limits) / p50(bare select 1)", value: ratio.p50, met: ratio.p50 <= RATIO_TARGET, p99Met: ratio.p99 <= RATIO_TARGET },
    roundTrips: { max: ROUND_TRIP_TARGET, on: "authenticated reads (GET /v1/me/limits, GET /v1/me)", value: maxRoundTrips, met: maxRoundTrips <= ROUND_TRIP_TARGET },
  };

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
    block: BLOCK,
    database: "embedded PGlite (temp data dir), runtime from src/node/node-deps.ts",
    rateLimiter: "memory",
    latencyMs: latency,
    ratio,
    addedMs,
    roundTrips,
    targets,
    /** One network call's CPU in the API process, Node's fetch against the network fetch (bench/network-fetch-cost.ts). */
    networkFetch: null as NetworkFetchCostResult | null,
    /** Publishing figures (bench/publishing.ts), measured after the ones above. */
    publishing: null as PublishingResult | null,
    idleMemory: null as IdleMemoryResult | null,
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
    /** GET /v1/notifications over ten slow networks and with one hanging (bench/notifications.ts). */
    notifications: null as NotificationsBenchResult | null,
    /** GET /v1/analytics?period=30d: cached round trips and a cold read over ten slow accounts (bench/analytics.ts). */
    analytics: null as AnalyticsBenchResult | null,
    durationSeconds: 0,
  };

  const ms = (v: number) => v.toFixed(3).padStart(7);
  const fmt = (s: LatencySummary) => `p50 ${ms(s.p50)} ms  p90 ${ms(s.p90)} ms  p99 ${ms(s.p99)} ms  (mean ${s.mean.toFixed(3)}, max ${s.max.toFixed(3)})`;
  const ok = (met: boolean) => (met ? "met" : "MISSED");
  console.log(
    `Chorus bench: ${requests} requests per endpoint after ${warmup} warm-up, node ${process.version}, ${result.commit?.slice(0, 12) ?? "no commit"}${result.dirty ? " (dirty tree)" : ""}`,
  );
  for (const e of endpoints) console.log(`  ${e.label.padEnd(22)} ${fmt(latency[e.name])}`);
  console.log(
    `  ratio limits/bare      p50 ${ratio.p50.toFixed(2)}  p99 ${ratio.p99.toFixed(2)}   target p50 <= ${RATIO_TARGET}: ${ok(targets.ratio.met)}${targets.ratio.p99Met ? "" : " (p99 above too)"}`,
  );
  console.log(`  limits over bare       p50 +${addedMs.overBareP50.toFixed(3)} ms  p99 +${addedMs.overBareP99.toFixed(3)} ms`);
  console.log(
    `  API layer              limits/same queries bare: p50 ${ratio.apiLayerP50.toFixed(2)} (+${addedMs.apiLayerP50.toFixed(3)} ms)  p99 ${ratio.apiLayerP99.toFixed(2)} (+${addedMs.apiLayerP99.toFixed(3)} ms)`,
  );
  console.log(
    `  round trips/request    /v1/me/limits ${roundTrips.limits.total}  /v1/me ${roundTrips.me.total}  bare ${roundTrips.bare.total}   target <= ${ROUND_TRIP_TARGET}: ${ok(targets.roundTrips.met)}`,
  );
  console.log(
    `  floor on PGlite         /v1/me (no query)/bare p50 ${ratio.meP50.toFixed(2)}, 1-column pk read/bare ${ratio.pkReadP50.toFixed(2)}: a limits read missing its cache needs both: at least ${ratio.floorP50.toFixed(2)}x bare`,
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
  if (wanted("idleMemory")) result.idleMemory = await runIdleMemoryBench();
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
  if (wanted("notifications")) result.notifications = await runNotificationsBench();
  if (wanted("analytics")) result.analytics = await runAnalyticsBench();
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
