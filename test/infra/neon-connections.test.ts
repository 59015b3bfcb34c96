/**
 * Database connections a request opens on Workers: the app built with the Workers database
 * provider (src/db/neon.ts, Neon's WebSocket pool, one per request) served through the ws->TCP
 * proxy to the machine's PostgreSQL, counting the WebSocket connections the proxy accepts per
 * request. Each is one Postgres connection on Neon (one pooler client with `-pooler`). The figures
 * feed docs/scale-database.md. Skipped, with a warning naming the reason, without PostgreSQL.
 */
import { createRequire } from "node:module";
import { type Pool, neonConfig } from "@neondatabase/serverless";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEON_POOL_MAX, neonDatabaseProvider } from "../../src/db/neon.js";
import type { DatabaseProvider } from "../../src/db/types.js";
import { type JobRequest, enqueueAll, rowsOf, tableJobQueue } from "../../src/domain/core/index.js";
import { drainDueJobs } from "../../src/jobs/drain-jobs.js";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { type WsProxy, startWsProxy } from "../../scripts/ws-proxy.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { skipWithout } from "../support/required-service.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const require = createRequire(import.meta.url);
const ws = require("ws") as typeof import("ws");

const pgState = await postgresAvailable();

describe.skipIf(skipWithout("postgres", pgState, "connections per request through the Neon driver"))("connections a request opens through the Workers database provider", () => {
  let proxy: WsProxy;
  let t: TestApp;
  let w: WorkspaceFixture;
  let account = "";
  let provider: DatabaseProvider;
  let server: Awaited<ReturnType<typeof openServerDatabase>>;
  const cleanups: (() => Promise<void>)[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    proxy = await startWsProxy({ port: 0, allowHosts: ["127.0.0.1", "localhost"] });
    cleanups.push(proxy.close);
    const database = await createThrowawayDatabase();
    cleanups.push(database.close);
    server = await openServerDatabase(database.url, { max: 2 });
    cleanups.push(server.close);
    // Node has no WebSocket global before v22; workerd has its own.
    neonConfig.webSocketConstructor = ws.WebSocket;
    provider = neonDatabaseProvider({ url: database.url, wsProxy: proxy.url });
    // Workspaces are created over node-postgres; every request goes through the Neon provider.
    t = await createTestApp({ serverDatabase: server.db, deps: { database: provider } });
    w = await testWorkspace(t);
    account = (await w.connect("linkedin", { handle: "conns" })).id;
  }, 60_000);
  afterAll(async () => {
    console.info(`[neon-connections] connections opened per request:\n${figures.join("\n")}`);
    await t?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Connections the proxy accepted while `send` ran (the pool is closed by then). */
  async function opened(label: string, send: () => Promise<Response>, status: number): Promise<number> {
    const before = proxy.opened();
    const response = await send();
    const body = await response.text();
    expect(response.status, `${label}: ${body}`).toBe(status);
    const n = proxy.opened() - before;
    figures.push(`  ${label}: ${n}`);
    return n;
  }

  it("opens none for a request that reads nothing from the database", async () => {
    expect(await opened("GET /openapi.json", () => Promise.resolve(t.app.request("http://chorus.test/openapi.json")), 200)).toBe(0);
  });

  it("opens one for an authenticated read, a write, a transaction and a publish", async () => {
    expect(await opened("GET /v1/posts (key not cached)", () => w.request("/v1/posts"), 200)).toBe(1);
    expect(await opened("GET /v1/posts (key cached)", () => w.request("/v1/posts"), 200)).toBe(1);
    expect(await opened("GET /v1/social-accounts", () => w.request("/v1/social-accounts"), 200)).toBe(1);
    expect(await opened("POST /v1/social-accounts/connect", () => w.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle: "conns2" } }), 201)).toBe(1);
    expect(await opened("POST /v1/posts draft", () => w.request("/v1/posts", { method: "POST", json: { text: "draft", accounts: [account], draft: true } }), 201)).toBe(1);
    expect(await opened("POST /v1/posts publish now", () => w.request("/v1/posts", { method: "POST", json: { text: "now", accounts: [account] } }), 201)).toBe(1);
  });

  it("opens at most NEON_POOL_MAX for a drain running 16 jobs at once", async () => {
    const runAt = new Date(t.clock.now().getTime() - 1000);
    const requests: JobRequest[] = Array.from({ length: 64 }, (_, i) => ({
      kind: "poll_target",
      payload: { targetId: `tgt_none_conns_${i}`, attempt: 1, workspaceId: w.id, mode: "test" },
      runAt,
      dedupKey: `conns:${i}`,
    }));
    await enqueueAll(tableJobQueue, requests, t.db);
    const before = proxy.opened();
    const { db, close } = provider.open();
    let ran = 0;
    try {
      ran = await drainDueJobs({ ...t.jobRuntime(), db }, { concurrency: 16 });
    } finally {
      await close();
    }
    const n = proxy.opened() - before;
    figures.push(`  a cron drain of ${ran} jobs, 16 at once: ${n}`);
    expect(ran).toBe(64);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(NEON_POOL_MAX);
  });

  it("opens none for a key refused by its shape", async () => {
    expect(await opened("GET /v1/posts (malformed key, 401)", () => Promise.resolve(t.app.request("http://chorus.test/v1/posts", { headers: { authorization: "Bearer sk_test_nope" } })), 401)).toBe(0);
  });

  it("keeps going when the server ends an idle pooled connection, as Neon does when its compute restarts", async () => {
    const { db, close } = provider.open();
    const pool = (db as unknown as { $client: Pool }).$client;
    const backend = async () => rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
    try {
      const first = await backend();
      expect(pool.idleCount).toBe(1);
      await server.pool.query("select pg_terminate_backend($1)", [first]);
      // The pool learns of it as an error on its idle client, and drops the client: unheard, that
      // error is an uncaught exception.
      await expect.poll(() => pool.idleCount).toBe(0);
      const second = await backend();
      expect(second).toBeGreaterThan(0);
      expect(second).not.toBe(first);
    } finally {
      await close();
    }
  });
});
