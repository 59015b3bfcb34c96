import { AsyncLocalStorage } from "node:async_hooks";
import type { Hono } from "hono";
import { sandboxRuntime } from "../src/domain/accounts/sandbox/sandbox-runtime.js";
import { openSession } from "../src/domain/workspaces/dashboard/sessions.js";
import type { AppEnv } from "../src/http/context.js";
import { domainServices } from "../src/http/domain-services.js";
import type { RoundTripCounter } from "./counting-client.js";
import type { BenchRuntime } from "./setup.js";

/** The issue's budgets: every dashboard page in under 3 round trips beyond the session check, under 100 KB of JavaScript. */
export const DASHBOARD_ROUND_TRIP_TARGET = 2;
export const DASHBOARD_SCRIPT_BYTES_TARGET = 100 * 1024;

const ORIGIN = "http://bench.local";
const pages = [
  "/dashboard",
  "/dashboard/accounts",
  "/dashboard/posts",
  "/dashboard/posts?state=failed",
  "/dashboard/post",
  "/dashboard/compose",
  "/dashboard/calendar",
  "/dashboard/credits",
  "/dashboard/developers",
  "/dashboard/developers/audit",
  "/dashboard/developers/email",
  "/dashboard/inbox",
  "/dashboard/inbox/conversations",
  "/dashboard/inbox/conversation",
  "/dashboard/inbox/comments",
  "/dashboard/post/comments",
  "/dashboard/post/analytics",
  "/dashboard/analytics",
  "/dashboard/analytics?period=90d",
] as const;

export interface DashboardResult {
  /** Round trips the session check itself costs (one query; its `lastSeenAt` write happens at most once a minute). */
  sessionCheck: number;
  /** Per page, round trips beyond the session check. */
  roundTrips: Record<string, number>;
  /** Per page, the statements it sent (session check included), for `BENCH_DASHBOARD_TRACE=1`. */
  statements: Record<string, string[]>;
  /** Bytes of JavaScript a page loads (every `<script src>`, fetched); the same on every page. */
  scriptBytes: number;
  targets: { roundTrips: { max: number; value: number; met: boolean }; scriptBytes: { max: number; value: number; met: boolean } };
}

/**
 * Signs in through an app link (minted with the bench key), fills the workspace with what the
 * pages show (a connected sandbox account, a published, a failed and a scheduled post), then
 * requests each page once to warm it and once counted.
 */
export async function runDashboardBench({ runtime, counter, app }: { runtime: BenchRuntime; counter: RoundTripCounter; app: Hono<AppEnv> }): Promise<DashboardResult> {
  const api = async (path: string, json?: unknown) => {
    const response = await app.request(`${ORIGIN}${path}`, {
      method: json === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${runtime.key}`, "content-type": "application/json" },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const account = String((await api("/v1/social-accounts/connect", { platform: "twitter", handle: "bench-dashboard" })).id);
  const published = String((await api("/v1/posts", { text: "bench dashboard post", accounts: [account] })).id);
  await api("/v1/posts", { text: "x".repeat(400), accounts: [account] });
  await api("/v1/posts", { text: "bench scheduled", accounts: [account], scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });

  // The inbox pages' subjects: a reply on the published post and a direct message waiting on X.
  await api(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post: published, actor: "bench_reader", text: "bench reply" });
  await api(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "message", text: "bench message", from: "bench_reader" });
  const conversations = (await api("/v1/conversations")).items as { id: string }[];
  const conversation = conversations[0]?.id ?? "";
  const link = String((await api("/v1/app-link", {})).url);
  const signin = await app.request(link.replace(/^https?:\/\/[^/]+/, ORIGIN), { method: "POST" });
  const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (signin.status !== 303 || !cookie) throw new Error(`dashboard sign-in answered ${signin.status}`);
  const token = cookie.slice(cookie.indexOf("=") + 1);

  /** The page list names the pages about one post or conversation generically; these are the seeded ones. */
  const concrete = (path: string) =>
    path === "/dashboard/inbox/conversation"
      ? `/dashboard/inbox/conversations/${conversation}`
      : path.startsWith("/dashboard/post/") || path === "/dashboard/post"
        ? path.replace("/dashboard/post", `/dashboard/posts/${published}`)
        : path;
  const get = async (path: string) => {
    const response = await app.request(`${ORIGIN}${concrete(path)}`, { headers: { cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
    return body;
  };
  /*
   * The inbox pages read the networks live; in the sandbox the simulators answer on this thread
   * and keep their state in this same database. Their queries stand for a network's HTTP call,
   * not for Chorus's round trips, so the sandbox fetch is marked and its queries left out.
   */
  const inSimulator = new AsyncLocalStorage<true>();
  const sandbox = await sandboxRuntime(runtime.db, {
    workspaceId: runtime.workspaceId,
    now: () => runtime.deps.clock.now(),
    publicUrl: ORIGIN,
    networks: { ...runtime.deps.networks, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
  const sandboxFetch = sandbox.fetch;
  sandbox.fetch = ((input: RequestInfo | URL, init?: RequestInit) => inSimulator.run(true, () => sandboxFetch(input, init))) as typeof fetch;
  let simulatorTrips = 0;
  const stopListening = counter.listen(() => {
    if (inSimulator.getStore()) simulatorTrips++;
  });
  const counted = async (run: () => Promise<unknown>) => {
    const before = counter.total();
    const simulatorBefore = simulatorTrips;
    await run();
    return counter.total() - before - (simulatorTrips - simulatorBefore);
  };

  await get("/dashboard");
  const sessionCheck = await counted(() => openSession({ db: runtime.db, clock: runtime.deps.clock, services: domainServices(runtime.deps, ORIGIN) }, token));
  const roundTrips: Record<string, number> = {};
  const statements: Record<string, string[]> = {};
  let tracing: string[] | null = null;
  const stopTracing = counter.listen((trip) => {
    if (tracing && !inSimulator.getStore()) tracing.push(trip.sql.replace(/\s+/g, " ").slice(0, 240));
  });
  for (const path of pages) {
    await get(path);
    tracing = [];
    roundTrips[path] = (await counted(() => get(path))) - sessionCheck;
    statements[path] = tracing;
    tracing = null;
  }
  stopTracing();

  stopListening();
  sandbox.fetch = sandboxFetch;
  // A wrapped fetch that never saw a query wrapped the wrong runtime: the inbox counts would then include the simulators'.
  if (simulatorTrips === 0) throw new Error("the dashboard bench did not see the sandbox simulators' queries; its inbox counts would be wrong");

  const html = await get("/dashboard/compose");
  let scriptBytes = 0;
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
    const response = await app.request(`${ORIGIN}${src}`);
    scriptBytes += (await response.arrayBuffer()).byteLength;
  }
  const worst = Math.max(...Object.values(roundTrips));
  return {
    sessionCheck,
    roundTrips,
    statements,
    scriptBytes,
    targets: {
      roundTrips: { max: DASHBOARD_ROUND_TRIP_TARGET, value: worst, met: worst <= DASHBOARD_ROUND_TRIP_TARGET },
      scriptBytes: { max: DASHBOARD_SCRIPT_BYTES_TARGET, value: scriptBytes, met: scriptBytes <= DASHBOARD_SCRIPT_BYTES_TARGET },
    },
  };
}

/** Pages at or over the budget: the issue's hard line, so the bench names each one. */
export function missedPages(result: DashboardResult): string[] {
  return Object.entries(result.roundTrips)
    .filter(([, n]) => n > result.targets.roundTrips.max)
    .map(([path]) => path);
}

export function printDashboard(result: DashboardResult): void {
  const ok = (met: boolean) => (met ? "met" : "MISSED");
  const width = Math.max(...Object.keys(result.roundTrips).map((path) => path.length));
  console.log(`  dashboard round trips beyond the session check (which costs ${result.sessionCheck}), target <= ${result.targets.roundTrips.max} per page:`);
  for (const [path, n] of Object.entries(result.roundTrips)) console.log(`    ${path.padEnd(width)}  ${n}  ${ok(n <= result.targets.roundTrips.max)}`);
  const missed = missedPages(result);
  if (missed.length > 0) console.log(`  MISSED: ${missed.length} dashboard page(s) at ${result.targets.roundTrips.max + 1} or more round trips: ${missed.join(", ")}`);
  console.log(`  dashboard JavaScript   ${result.scriptBytes} bytes   target <= ${result.targets.scriptBytes.max}: ${ok(result.targets.scriptBytes.met)}`);
}

/**
 * This section alone, on its own PGlite runtime (`npx tsx bench/dashboard.ts`, or
 * `npx tsx bench/run.ts dashboard`). Answers the exit code: 1 when a page misses its budget.
 * BENCH_DASHBOARD_TRACE=1 also prints each page's statements (the session check's included).
 */
export async function runDashboardAlone(): Promise<number> {
  const { openBenchRuntime } = await import("./setup.js");
  const { countRoundTrips } = await import("./counting-client.js");
  const { createApp } = await import("../src/app.js");
  const runtime = await openBenchRuntime();
  try {
    const result = await runDashboardBench({ runtime, counter: countRoundTrips(runtime.client), app: createApp(runtime.deps) });
    if (process.env.BENCH_DASHBOARD_TRACE === "1") {
      for (const [path, sent] of Object.entries(result.statements)) console.log(`${path}\n${sent.map((q) => `    ${q}`).join("\n")}`);
    }
    printDashboard(result);
    return missedPages(result).length > 0 || !result.targets.scriptBytes.met ? 1 : 0;
  } finally {
    await runtime.close();
  }
}

if (process.argv[1]?.endsWith("dashboard.ts")) process.exitCode = await runDashboardAlone();
