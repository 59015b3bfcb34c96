/**
 * `npx tsx bench/breakdown.ts`: where the time of an authenticated read goes, in process (no
 * HTTP), on the Node server's embedded PGlite (temp data dir). Each stage is timed in interleaved
 * rounds so machine load drifts across all of them alike; figures are medians in microseconds.
 * Companion to bench/run.ts, which gives the end-to-end figures; this one explains them. The
 * "auth:" SQL stages copy the query of src/domain/keys/authenticate.ts; keep them in step.
 *
 * BENCH_BREAKDOWN_ROUNDS (default 10) rounds of 100 calls per stage, after one warm-up round.
 */
import { types } from "@electric-sql/pglite";
import { and, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { Hono } from "hono";
import { createApp } from "../src/app.js";
import { apiKeys, workspaces } from "../src/db/schema/index.js";
import * as schema from "../src/db/schema/index.js";
import type { Database } from "../src/db/types.js";
import { getLimits } from "../src/domain/workspaces/account/get-limits.js";
import type { DomainContext } from "../src/domain/core/context.js";
import { authenticateApiKey } from "../src/domain/keys/authenticate.js";
import { hashApiKey } from "../src/domain/keys/create-api-key.js";
import { type BenchRuntime, openBenchRuntime } from "./setup.js";
import { percentile, round, timeStagesInRounds } from "./stats.js";

const rounds = Number.parseInt(process.env.BENCH_BREAKDOWN_ROUNDS ?? "10", 10);
const PER_ROUND = 100;

const runtime = await openBenchRuntime();
let merged: BenchRuntime | undefined;
try {
  const { db, client, deps, key } = runtime;
  const hash = await hashApiKey(key);
  const found = await authenticateApiKey(db, key);
  if (!found) throw new Error("bench key did not authenticate");
  // getLimits reads only these fields of the context.
  const ctx = { db, clock: deps.clock, workspace: found.workspace, apiKey: found.apiKey, services: {} } as DomainContext;

  const app = createApp(deps);
  const bare = new Hono();
  bare.get("/bare", async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ ok: true });
  });
  const bareNoDb = new Hono();
  bareNoDb.get("/bare", (c) => c.json({ ok: true }));
  const auth = { authorization: `Bearer ${key}` };

  // The options drizzle-orm/pglite passes with every query (session.js): identity parsers for
  // date/time types. PGlite merges them into its ~300 default parsers on every call.
  const identity = (value: string) => value;
  const drizzleOptions = {
    rowMode: "array" as const,
    parsers: {
      [types.TIMESTAMP]: identity,
      [types.TIMESTAMPTZ]: identity,
      [types.INTERVAL]: identity,
      [types.DATE]: identity,
      1231: identity,
      1115: identity,
      1185: identity,
      1187: identity,
      1182: identity,
    },
  };
  const authQuery = () =>
    db
      .select({
        workspace: workspaces,
        apiKey: {
          id: apiKeys.id,
          workspaceId: apiKeys.workspaceId,
          mode: apiKeys.mode,
          name: apiKeys.name,
          clientName: apiKeys.clientName,
          nickname: apiKeys.nickname,
          nicknameLocked: apiKeys.nicknameLocked,
          prefix: apiKeys.prefix,
        },
      })
      .from(apiKeys)
      .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
      .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
      .limit(1);
  const authSql = authQuery().toSQL();
  const parserCount = Object.keys((client as unknown as { parsers: object }).parsers).length;

  // What-if (not in src/): a second PGlite whose own parsers already hold drizzle's identity
  // parsers, behind a client that drops the per-query `parsers` option so PGlite skips the merge.
  // Same results for drizzle; measures what that change to src/db/pglite.ts would save.
  merged = await openBenchRuntime();
  Object.assign((merged.client as unknown as { parsers: object }).parsers, drizzleOptions.parsers);
  const withoutParsers = (options?: { parsers?: unknown }) => {
    if (!options?.parsers) return options;
    const { parsers: _dropped, ...rest } = options;
    return rest;
  };
  const mergedClient = new Proxy(merged.client, {
    get(target, prop) {
      if (prop === "query") return (q: string, params?: unknown[], options?: { parsers?: unknown }) => target.query(q, params, withoutParsers(options));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const mergedDb = drizzle({ client: mergedClient, schema }) as unknown as Database;
  const mergedApp = createApp({ ...merged.deps, database: { open: () => ({ db: mergedDb, close: async () => {} }) } });
  const mergedBare = new Hono();
  mergedBare.get("/bare", async (c) => {
    await mergedDb.execute(sql`select 1`);
    return c.json({ ok: true });
  });
  const mergedAuth = { authorization: `Bearer ${merged.key}` };
  const mergedWs = { workspaceId: merged.workspaceId, key: merged.key };
  // The what-if client must give drizzle the same values (types included), ids and times aside.
  const shapeOf = (row: unknown) =>
    JSON.stringify(row)
      .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<date>"')
      .replace(/"(ws|agt)_[0-9A-Za-z]+"/g, '"<id>"')
      .replace(/"sk_test_[0-9A-Za-z]+"/g, '"<prefix>"')
      .replace(/"prefix":"[^"]+"/, '"prefix":"<prefix>"');
  const mergedFound = await authenticateApiKey(mergedDb, merged.key);
  if (!(mergedFound?.workspace.createdAt instanceof Date)) throw new Error("the what-if client does not give drizzle Dates");
  const mergedRow = shapeOf(mergedFound);
  const baseRow = shapeOf(await authenticateApiKey(db, key));
  if (mergedRow !== baseRow) throw new Error(`the what-if client changes results:\n${mergedRow}\n${baseRow}`);

  const stages: [string, () => Promise<unknown> | unknown][] = [
    ["hono: bare route, no db", async () => (await bareNoDb.request("/bare")).text()],
    ["hono: bare route, select 1", async () => (await bare.request("/bare")).text()],
    ["pglite exec('select 1') (simple protocol)", () => client.exec("select 1")],
    ["pglite query('select 1') (extended protocol)", () => client.query("select 1")],
    ["pglite query('select 1') + drizzle's parsers", () => client.query("select 1", [], drizzleOptions)],
    [`object spread of pglite's ${parserCount} parsers`, () => ({ ...(client as unknown as { parsers: object }).parsers, ...drizzleOptions.parsers })],
    ["drizzle db.execute(select 1)", () => db.execute(sql`select 1`)],
    ["auth: sha256 (node:crypto)", () => hashApiKey(key)],
    ["auth: drizzle builds the SQL (toSQL)", () => authQuery().toSQL()],
    ["auth: pglite query, auth SQL, no parsers", () => client.query(authSql.sql, authSql.params, { rowMode: "array" })],
    ["auth: pglite query, auth SQL, drizzle's parsers", () => client.query(authSql.sql, authSql.params, drizzleOptions)],
    ["auth: authenticateApiKey (all of it)", () => authenticateApiKey(db, key)],
    ["limits: getLimits (its one query)", () => getLimits({ ctx })],
    ["app: 401 without key (middleware, no db)", async () => (await app.request("/v1/me")).text()],
    ["app: GET /v1/me", async () => (await app.request("/v1/me", { headers: auth })).text()],
    ["app: GET /v1/me/limits", async () => (await app.request("/v1/me/limits", { headers: auth })).text()],
    ["what-if merged parsers: drizzle select 1", () => mergedDb.execute(sql`select 1`)],
    ["what-if merged parsers: hono bare select 1", async () => (await mergedBare.request("/bare")).text()],
    ["what-if merged parsers: authenticateApiKey", () => authenticateApiKey(mergedDb, mergedWs.key)],
    ["what-if merged parsers: GET /v1/me/limits", async () => (await mergedApp.request("/v1/me/limits", { headers: mergedAuth })).text()],
  ];

  const samples = await timeStagesInRounds(stages, rounds, PER_ROUND);

  console.log(`In-process breakdown, median (p90) in µs over ${rounds * PER_ROUND} calls each:`);
  const median: Record<string, number> = {};
  for (const [i, [name]] of stages.entries()) {
    const sorted = samples[i] ?? [];
    median[name] = percentile(sorted, 50);
    console.log(`  ${name.padEnd(52)} ${round(percentile(sorted, 50), 1).toFixed(1).padStart(8)}  (${round(percentile(sorted, 90), 1).toFixed(1)})`);
  }
  const m = (name: string) => median[name] ?? Number.NaN;
  const ratio = (a: string, b: string) => round(m(a) / m(b), 2).toFixed(2);
  console.log(
    `In-process ratio limits/bare: ${ratio("app: GET /v1/me/limits", "hono: bare route, select 1")} as is; ${ratio("what-if merged parsers: GET /v1/me/limits", "what-if merged parsers: hono bare select 1")} with merged parsers`,
  );
} finally {
  await merged?.close();
  await runtime.close();
}
