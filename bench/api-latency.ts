/**
 * The request-path figures of `npm run bench` on embedded PGlite, over real HTTP: p50/p99 of
 * `GET /v1/me/limits` next to a bare Hono route doing one `select 1` on the same database (target:
 * limits/bare at most 1.5 at p50), and the database round trips per authenticated read counted at
 * the PGlite client (target: at most 2, in-process limiter). For attribution it also times a bare
 * route doing the endpoint's database work (authenticateApiKey through a verified-key cache like
 * the app's, then getLimits) with no middleware: limits/that is what the HTTP API layer costs.
 * And the floor on PGlite: GET /v1/me (authenticated, no query) and a bare route reading one column
 * by primary key, each against bare; a limits read that missed the limits cache needs both, so
 * (me + pk read - bare) / bare bounds that read's ratio from below. A cached one costs what /v1/me does.
 */
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { getLimits } from "../src/domain/workspaces/account/get-limits.js";
import { workspaces } from "../src/db/schema/index.js";
import type { DomainContext } from "../src/domain/core/context.js";
import { authenticateApiKey } from "../src/domain/keys/authenticate.js";
import { createVerifiedKeyCache } from "../src/domain/core/verified-key-cache.js";
import { diffCounts, type RoundTripCounter, type RoundTripCounts } from "./counting-client.js";
import { createClient } from "./http-client.js";
import { closeServer, listen } from "./listen.js";
import type { BenchRuntime } from "./setup.js";
import { type LatencySummary, round, summarize } from "./stats.js";

const RATIO_TARGET = 1.5;
const ROUND_TRIP_TARGET = 2;
/** Requests per block; blocks of the endpoints alternate, their order rotated each round. */
export const API_LATENCY_BLOCK = 100;

type EndpointName = "bare" | "sameQueries" | "limits" | "me" | "pkRead";

interface Endpoint {
  name: EndpointName;
  label: string;
  server: "api" | "bare";
  path: string;
  headers: Record<string, string>;
}

const emptyCounts = (): RoundTripCounts => ({ query: 0, exec: 0, transactions: 0, transactionStatements: 0 });

/** Measures the endpoints against the API server `api` (a client of it) and a bare server of its own. */
export async function runApiLatency(input: { runtime: BenchRuntime; counter: RoundTripCounter; api: ReturnType<typeof createClient>; requests: number; warmup: number }) {
  const { runtime, counter, requests, warmup } = input;
  const { db, deps } = runtime;
  const bare = new Hono();
  bare.get("/bare", async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ ok: true });
  });
  // The floor under limits: the cheapest read of the workspace, one column by primary key, as a route would write it.
  bare.get("/pk-read", async (c) => {
    const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, runtime.workspaceId));
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

  const bareServer = await listen(bare.fetch);
  const httpClients = { api: input.api, bare: createClient(bareServer.port) };
  try {
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
    for (let done = 0; done < warmup; done += API_LATENCY_BLOCK) {
      for (const e of endpoints) await runBlock(e, Math.min(API_LATENCY_BLOCK, warmup - done), false);
    }
    // Measured: alternating blocks, order rotated each round, so drift hits all endpoints alike.
    for (let done = 0, turn = 0; done < requests; done += API_LATENCY_BLOCK, turn++) {
      const n = Math.min(API_LATENCY_BLOCK, requests - done);
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

    return { endpoints: endpoints.map((e) => ({ name: e.name, label: e.label })), latencyMs: latency, ratio, addedMs, roundTrips, targets };
  } finally {
    httpClients.bare.close();
    await closeServer(bareServer.server);
  }
}

export type ApiLatencyResult = Awaited<ReturnType<typeof runApiLatency>>;

export function printApiLatency(r: ApiLatencyResult, heading: string): void {
  const { latencyMs: latency, ratio, addedMs, roundTrips, targets } = r;
  const ms = (v: number) => v.toFixed(3).padStart(7);
  const fmt = (s: LatencySummary) => `p50 ${ms(s.p50)} ms  p90 ${ms(s.p90)} ms  p99 ${ms(s.p99)} ms  (mean ${s.mean.toFixed(3)}, max ${s.max.toFixed(3)})`;
  const ok = (met: boolean) => (met ? "met" : "MISSED");
  console.log(heading);
  for (const e of r.endpoints) console.log(`  ${e.label.padEnd(22)} ${fmt(latency[e.name])}`);
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
}
