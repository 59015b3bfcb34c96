import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isNull } from "drizzle-orm";
import { createApp } from "../src/app.js";
import { jobs } from "../src/db/schema/index.js";
import { recordEvent } from "../src/domain/events/record-event.js";
import { domainServices } from "../src/http/domain-services.js";
import { startJobPoller } from "../src/node/job-poller.js";
import type { ServerBenchRuntime } from "./setup.js";
import { percentile, round } from "./stats.js";

/** The target: from the change to the receiver, p50 under a second. */
export const WEBHOOK_LAG_TARGET_MS = 1000;

interface Receiver {
  url: string;
  /** Event id → first arrival (ms since epoch) minus the event's createdAt. */
  lags: Map<string, number>;
  /** Event id → the event's createdAt (ms since epoch), to see when in the run the lag grew. */
  created: Map<string, number>;
  requests: number;
  close: () => Promise<void>;
}

/** A receiver on 127.0.0.1 answering 200 at once, or (`hang`) never answering. */
async function startReceiver(hang: boolean): Promise<Receiver> {
  const lags = new Map<string, number>();
  const created = new Map<string, number>();
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests += 1;
      if (hang) return;
      const arrived = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; createdAt: string };
      if (!lags.has(body.id)) {
        lags.set(body.id, arrived - Date.parse(body.createdAt));
        created.set(body.id, Date.parse(body.createdAt));
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    lags,
    created,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WebhookPhase {
  label: string;
  events: number;
  ratePerSecond: number;
  /** Per healthy endpoint: deliveries that arrived, and the lag from the change to the receiver. */
  healthy: { delivered: number; lagMs: { p50: number; p95: number; max: number } }[];
  deadRequests: number | null;
  seconds: number;
  /** The first endpoint's p50 lag of the events created in each second of the run: a stall at the start and a growing backlog look different. */
  p50BySecond: (number | null)[];
}

export interface WebhookLagResult {
  phases: WebhookPhase[];
  target: { p50: number; met: boolean; deadEndpointChangesLag: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `events` events recorded at `ratePerSecond` (each in its own transaction, as a change records
 * it) to three endpoints on the Node server's in-process job poller, twice: three endpoints that
 * answer at once, then two that answer and one that never does (each attempt to it waits out the
 * 10 s timeout). Every event must reach every answering endpoint; the lag is the arrival at the
 * receiver minus the event's createdAt.
 */
async function runPhase(runtime: ServerBenchRuntime, input: { label: string; events: number; ratePerSecond: number; dead: boolean; deadlineMs: number }): Promise<WebhookPhase> {
  const { db, deps } = runtime;
  const app = createApp(deps);
  const receivers = [await startReceiver(false), await startReceiver(false), await startReceiver(input.dead)];
  const hooks: string[] = [];
  for (const r of receivers) {
    const response = await app.request("http://localhost/v1/webhooks", {
      method: "POST",
      headers: { authorization: `Bearer ${runtime.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: r.url, events: ["post.published"] }),
    });
    if (response.status !== 201) throw new Error(`POST /v1/webhooks: ${response.status} ${await response.text()}`);
    hooks.push(((await response.json()) as { id: string }).id);
  }
  // Jobs left by earlier sections would run in the same passes and measure something else.
  await db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(isNull(jobs.doneAt));
  // Started as src/server.ts starts it: woken by every enqueue (PGlite in process, or LISTEN).
  const poller = startJobPoller(
    { db, clock: deps.clock, services: domainServices(deps, "http://localhost") },
    deps.logger,
    runtime.jobWakeups && process.env.BENCH_WEBHOOK_WAKEUPS !== "0" ? { wakeups: runtime.jobWakeups } : {},
  );
  const started = Date.now();
  try {
    for (let i = 0; i < input.events; i++) {
      const due = started + (i * 1000) / input.ratePerSecond;
      // Behind schedule, the next event still waits for the event loop's next turn: on PGlite a
      // transaction is promise continuations only, and a loop of them never let the deliveries'
      // sockets be read, so every delivery waited until the last event was recorded (the lag was
      // the recording's length). Events that arrive as requests always leave that turn.
      if (due > Date.now()) await sleep(due - Date.now());
      else await new Promise<void>((resolve) => setImmediate(resolve));
      await db.transaction((tx) =>
        recordEvent(tx, deps.jobs, { workspaceId: runtime.workspaceId, mode: "test", type: "post.published", data: { id: `post_bench_${i}`, state: "published" }, at: deps.clock.now() }),
      );
    }
    const healthy = receivers.slice(0, input.dead ? 2 : 3);
    const deadline = Date.now() + input.deadlineMs;
    while (healthy.some((r) => r.lags.size < input.events) && Date.now() < deadline) await sleep(100);
    const summary = healthy.map((r) => {
      const sorted = [...r.lags.values()].sort((a, b) => a - b);
      return { delivered: r.lags.size, lagMs: { p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), max: round(sorted[sorted.length - 1] ?? Number.NaN, 1) } };
    });
    const first = receivers[0];
    const bySecond: number[][] = [];
    for (const [id, lag] of first?.lags ?? []) {
      const second = Math.floor(((first?.created.get(id) ?? started) - started) / 1000);
      (bySecond[Math.max(0, second)] ??= []).push(lag);
    }
    // A second in which no event was created (a slow start) shows as null.
    const p50BySecond = Array.from(bySecond, (lags) =>
      lags
        ? round(
            percentile(
              lags.sort((a, b) => a - b),
              50,
            ),
            0,
          )
        : null,
    );
    return {
      label: input.label,
      p50BySecond,
      events: input.events,
      ratePerSecond: input.ratePerSecond,
      healthy: summary,
      deadRequests: input.dead ? (receivers[2]?.requests ?? 0) : null,
      seconds: round((Date.now() - started) / 1000, 1),
    };
  } finally {
    await poller.stop();
    for (const id of hooks) {
      await app.request(`http://localhost/v1/webhooks/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${runtime.key}` } });
    }
    await Promise.all(receivers.map((r) => r.close()));
  }
}

export async function runWebhookLagBench(runtime: ServerBenchRuntime, input: { events: number; ratePerSecond: number; deadlineMs: number }): Promise<WebhookLagResult> {
  const phases: WebhookPhase[] = [];
  for (const dead of [false, true]) {
    const phase = await runPhase(runtime, { ...input, dead, label: dead ? "2 answering + 1 never answering" : "3 answering" });
    phases.push(phase);
    console.log(`  webhooks: ${phase.events} events at ${phase.ratePerSecond}/s to ${phase.label} (${phase.seconds} s)`);
    for (const [i, h] of phase.healthy.entries()) {
      console.log(`    endpoint ${i + 1}: delivered ${h.delivered}/${phase.events}  lag p50 ${h.lagMs.p50} ms  p95 ${h.lagMs.p95} ms  max ${h.lagMs.max} ms`);
    }
    console.log(`    endpoint 1's p50 lag (ms) of the events created in each second: ${phase.p50BySecond.map((p) => p ?? "-").join(" ")}`);
    if (phase.deadRequests !== null) console.log(`    never-answering endpoint: ${phase.deadRequests} requests received (each waits out the 10 s timeout)`);
  }
  const worstP50 = (p: WebhookPhase | undefined) => Math.max(...(p?.healthy.map((h) => h.lagMs.p50) ?? [Number.NaN]));
  const allDelivered = phases.every((p) => p.healthy.every((h) => h.delivered === p.events));
  const met = allDelivered && phases.every((p) => worstP50(p) < WEBHOOK_LAG_TARGET_MS);
  const target = { p50: WEBHOOK_LAG_TARGET_MS, met, deadEndpointChangesLag: round(worstP50(phases[1]) - worstP50(phases[0]), 1) };
  console.log(`    target: every event delivered, p50 < ${WEBHOOK_LAG_TARGET_MS} ms in both phases: ${met ? "met" : "MISSED"} (dead endpoint adds ${target.deadEndpointChangesLag} ms to p50)`);
  return { phases, target };
}

// `npx tsx bench/webhook-lag.ts`: this section alone, on PGlite; `BENCH_WEBHOOK_DB=postgres` runs
// it on a throwaway database of the PostgreSQL server the tests use (CHORUS_TEST_PG_URL).
if (process.argv[1]?.endsWith("webhook-lag.ts")) {
  const { openBenchRuntime, openServerBenchRuntime } = await import("./setup.js");
  const { createThrowawayDatabase } = await import("../test/support/postgres.js");
  const { openServerDatabase } = await import("../src/db/node-postgres.js");
  const database = process.env.BENCH_WEBHOOK_DB === "postgres" ? await createThrowawayDatabase() : null;
  if (database) await (await openServerDatabase(database.url)).close();
  const runtime = database ? await openServerBenchRuntime(database.url) : await openBenchRuntime();
  console.log(`  webhook lag on ${database ? "PostgreSQL" : "PGlite"}`);
  try {
    await runWebhookLagBench(runtime, {
      events: Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000),
      ratePerSecond: Number(process.env.BENCH_WEBHOOK_RATE ?? 100),
      deadlineMs: Number(process.env.BENCH_WEBHOOK_DEADLINE_S ?? 120) * 1000,
    });
  } finally {
    await runtime.close();
    await database?.close();
  }
}
