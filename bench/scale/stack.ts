/**
 * One bench run's services: a throwaway PostgreSQL database with our migrations, the counting
 * WebSocket proxy (Neon's driver path), the Upstash REST shim over the machine's Redis, the
 * delivering QStash stand-in, the outbound router, and the Worker in workerd on the bench clock.
 */
import { randomBytes } from "node:crypto";
import type { Miniflare } from "miniflare";
import { openServerDatabase, type ServerDatabase } from "../../src/db/node-postgres.js";
import { BENCH_SANDBOX_CALLS_HEADER, type SimulatedClockSpec, formatSimulatedClock, simulatedAt } from "../../src/infra/simulated-clock.js";
import { startWsProxy } from "../../scripts/ws-proxy.js";
import { createThrowawayDatabase, testRedisUrl } from "../../test/support/postgres.js";
import { startUpstashShim } from "../../test/support/upstash-shim.js";
import { type Outbound, startOutbound } from "./outbound.js";
import { type WireCounts, wireCounter } from "./pg-wire-counter.js";
import { type QstashStandIn, startDeliveringQstash } from "./qstash-standin.js";
import { startWorker, workerOptions } from "./worker-host.js";

export const PUBLIC_URL = "https://chorus.bench.example";
const ENCRYPTION_KEYS = "bench:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";

export interface Stack {
  server: ServerDatabase;
  wire: WireCounts;
  qstash: QstashStandIn;
  outbound: Outbound;
  mf: Miniflare;
  /** Sandbox network calls the Worker reported (the largest running total seen on an answer). */
  sandboxCalls: { total: number };
  /** Webhook deliveries as they arrive: the raw body and the simulated arrival time. */
  webhooks: { body: string; at: number }[];
  clock: { spec: SimulatedClockSpec; now(): number };
  encryptionKeys: string;
  /** Restarts the Worker's clock: simulated `simStartMs` is now, running `rate` times real time. */
  setClock(simStartMs: number, rate: number): Promise<void>;
  close(): Promise<void>;
}

const hostOf = (url: string) => new URL(url).host;

export async function startStack(input: { workerDir: string; parallelism: number }): Promise<Stack> {
  const cleanups: (() => Promise<void>)[] = [];
  const database = await createThrowawayDatabase();
  cleanups.push(() => database.close());
  const server = await openServerDatabase(database.url, { migrate: true, max: 4 });
  cleanups.push(() => server.close());
  const wire: WireCounts = { connections: 0, statements: 0, roundTrips: 0, sandboxStatements: 0 };
  const proxy = await startWsProxy({ port: 0, allowHosts: ["127.0.0.1", "localhost"], observe: wireCounter(wire) });
  cleanups.push(() => proxy.close());
  const redisToken = `bench-${randomBytes(8).toString("hex")}`;
  const shim = await startUpstashShim({ redisUrl: testRedisUrl(), token: redisToken, port: 0 });
  cleanups.push(() => shim.close());

  const clock = { spec: { simStartMs: Date.now(), realStartMs: Date.now(), rate: 1 }, now: () => simulatedAt(clock.spec, Date.now()) };
  const sandboxCalls = { total: 0 };
  const webhooks: { body: string; at: number }[] = [];
  const qstashToken = `qstash-${randomBytes(8).toString("hex")}`;
  const signingKey = `sig_${randomBytes(18).toString("base64url")}`;
  let mf: Miniflare | undefined;
  const qstash = await startDeliveringQstash({
    token: qstashToken,
    signingKey,
    now: () => clock.now(),
    parallelism: input.parallelism,
    deliver: async (d) => {
      if (!mf) return { status: 503 };
      const answer = await mf.dispatchFetch(d.destination, { method: d.method, headers: d.headers, body: d.body });
      await answer.arrayBuffer();
      const calls = Number(answer.headers.get(BENCH_SANDBOX_CALLS_HEADER));
      if (calls > sandboxCalls.total) sandboxCalls.total = calls;
      return { status: answer.status };
    },
  });
  cleanups.push(() => qstash.close());
  const outbound = await startOutbound({
    qstash: hostOf(qstash.url),
    redis: hostOf(shim.url),
    neon: `127.0.0.1:${proxy.port}`,
    onWebhook: (_path, body) => webhooks.push({ body, at: clock.now() }),
  });
  cleanups.push(() => outbound.close());

  const bindings = () => ({
    DATABASE_URL: database.url,
    WS_PROXY: proxy.url,
    UPSTASH_REDIS_REST_URL: shim.url,
    UPSTASH_REDIS_REST_TOKEN: redisToken,
    CHORUS_ENCRYPTION_KEYS: ENCRYPTION_KEYS,
    CHORUS_SIGNING_SECRET: "scale-bench-signing-secret-0123456789abcdef",
    LOG_LEVEL: "error",
    CHORUS_PUBLIC_URL: PUBLIC_URL,
    QSTASH_URL: qstash.url,
    QSTASH_TOKEN: qstashToken,
    QSTASH_CURRENT_SIGNING_KEY: signingKey,
    QSTASH_NEXT_SIGNING_KEY: `sig_${randomBytes(18).toString("base64url")}`,
    CHORUS_SIMULATED_CLOCK: formatSimulatedClock(clock.spec),
  });
  const worker = await startWorker({ dir: input.workerDir, bindings: bindings(), outbound: outbound.address });
  mf = worker;
  cleanups.push(() => worker.dispose());

  return {
    server,
    wire,
    qstash,
    outbound,
    mf: worker,
    sandboxCalls,
    webhooks,
    clock,
    encryptionKeys: ENCRYPTION_KEYS,
    async setClock(simStartMs, rate) {
      clock.spec = { simStartMs, realStartMs: Date.now(), rate };
      await worker.setOptions(workerOptions({ dir: input.workerDir, bindings: bindings(), outbound: outbound.address }));
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.warn("[scale] teardown:", error));
    },
  };
}
