import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { createApp } from "../src/app.js";
import { createClient } from "./http-client.js";
import { closeServer, listen } from "./listen.js";
import { compareLatency } from "./latency-compare.js";
import { openServerBenchRuntime } from "./setup.js";
import { round } from "./stats.js";

/** The goal for an authenticated read on PostgreSQL, direct and through the proxy: at most 1.5x a bare route at p50. */
export const RATIO_TARGET = 1.5;
/** Each way, so a query costs about 3 ms more: a serverless database in the same region. */
export const PROXY_DELAY_MS = 1.5;

/** GET /v1/me/limits against a bare `select 1` route, on the runtime of `databaseUrl`. */
export async function limitsAgainstBare(databaseUrl: string, label: string, requests: number, warmup: number) {
  const runtime = await openServerBenchRuntime(databaseUrl);
  const bare = new Hono();
  bare.get("/bare", async (c) => {
    await runtime.db.execute(sql`select 1`);
    return c.json({ ok: true });
  });
  const api = await listen(createApp(runtime.deps).fetch);
  const plain = await listen(bare.fetch);
  const clients = { api: createClient(api.port), bare: createClient(plain.port) };
  try {
    const auth = { authorization: `Bearer ${runtime.key}` };
    const summary = await compareLatency(
      [
        { name: "bare", client: clients.bare, path: "/bare", headers: {} },
        { name: "limits", client: clients.api, path: "/v1/me/limits", headers: auth },
      ],
      requests,
      warmup,
    );
    const b = summary.bare;
    const l = summary.limits;
    if (!b || !l) throw new Error("no samples");
    return { database: label, bare: b, limits: l, ratioP50: round(l.p50 / b.p50, 2), ratioP99: round(l.p99 / b.p99, 2) };
  } finally {
    clients.api.close();
    clients.bare.close();
    await closeServer(api.server);
    await closeServer(plain.server);
    await runtime.close();
  }
}

// `npx tsx bench/pg-latency.ts`: these two rows alone (direct and through the proxy), on a throwaway
// database of the PostgreSQL server the tests use. BENCH_PG_REQUESTS, BENCH_PG_WARMUP as in the bench.
if (process.argv[1]?.endsWith("pg-latency.ts")) {
  const { createThrowawayDatabase } = await import("../test/support/postgres.js");
  const { openServerDatabase } = await import("../src/db/node-postgres.js");
  const { startDelayProxy } = await import("./delay-proxy.js");
  const database = await createThrowawayDatabase();
  try {
    await (await openServerDatabase(database.url)).close();
    const direct = new URL(database.url);
    const proxy = await startDelayProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, PROXY_DELAY_MS);
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    try {
      const requests = Number(process.env.BENCH_PG_REQUESTS ?? 1000);
      const warmup = Number(process.env.BENCH_PG_WARMUP ?? 200);
      for (const [label, url] of [
        ["PostgreSQL, direct", database.url],
        [`PostgreSQL through a ${PROXY_DELAY_MS} ms/way proxy`, proxied.toString()],
      ] as const) {
        const r = await limitsAgainstBare(url, label, requests, warmup);
        console.log(
          `  ${label.padEnd(42)} bare p50 ${r.bare.p50.toFixed(3)} ms, GET /v1/me/limits p50 ${r.limits.p50.toFixed(3)} ms   ratio p50 ${r.ratioP50.toFixed(2)} p99 ${r.ratioP99.toFixed(2)}   target p50 <= ${RATIO_TARGET}: ${r.ratioP50 <= RATIO_TARGET ? "met" : "MISSED"}`,
        );
      }
    } finally {
      await proxy.close();
    }
  } finally {
    await database.close();
  }
}
