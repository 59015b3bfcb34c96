import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase, type ServerDatabase } from "../../src/db/node-postgres.js";
import { socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { silentLogger } from "../../src/infra/logger.js";
import { cacheLimitsUsageOnPostgres } from "../../src/node/limits-invalidation.js";
import { png } from "../unit/media-fixtures.js";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres.js";
import { skipWithout } from "../support/required-service.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const skip = skipWithout("postgres", await postgresAvailable(), "limits cache on a PostgreSQL server");

/**
 * On a PostgreSQL server the Node runtime caches the costly half of GET /v1/me/limits (connected
 * accounts, stored bytes), forgotten on the NOTIFY migration 0038's triggers send from any session;
 * the workspace's own columns are read by primary key on every call.
 */
describe.skipIf(skip)("limits cache on a PostgreSQL server", () => {
  let database: ThrowawayDatabase;
  let opened: ServerDatabase;
  /** A second pool: another process writing to the same database. */
  let other: ServerDatabase;
  let limits: Awaited<ReturnType<typeof cacheLimitsUsageOnPostgres>>;
  let t: TestApp;
  const sent: string[] = [];
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    opened = await openServerDatabase(database.url, { max: 4 });
    other = await openServerDatabase(database.url, { max: 2, migrate: false });
    const query = opened.pool.query.bind(opened.pool) as (...args: unknown[]) => unknown;
    (opened.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const first = args[0] as string | { text?: string; name?: string };
      sent.push(typeof first === "string" ? first : (first.name ?? first.text ?? ""));
      return query(...args);
    };
    limits = await cacheLimitsUsageOnPostgres(database.url, silentLogger);
    t = await createTestApp({ serverDatabase: opened.db, deps: { limitsCache: limits.cache } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await limits?.close();
    await other?.close();
    await opened?.close();
    await database?.close();
  });

  const limitsOf = async (ws: WorkspaceFixture) => {
    const response = await ws.get("/v1/me/limits");
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const readsOf = async (ws: WorkspaceFixture) => {
    sent.length = 0;
    await limitsOf(ws);
    return sent.filter((s) => s.startsWith("get_limits"));
  };
  /** Another process connects an account without this one's API: only the NOTIFY can tell. */
  const connectElsewhere = async (ws: WorkspaceFixture, handle: string) => {
    const [template] = await other.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id)).limit(1);
    if (!template) throw new Error("the workspace needs one account to copy");
    await other.db.insert(socialAccounts).values({ ...template, id: `sa_${handle}`, handle, networkUserId: `nu_${handle}`, connectedAt: new Date(template.connectedAt.getTime() + 1000) });
  };

  it("reads the workspace's columns by primary key once the accounts and storage are cached", async () => {
    const ws = await testWorkspace(t);
    expect(await readsOf(ws)).toEqual(["get_limits"]);
    expect(await readsOf(ws)).toEqual(["get_limits_columns"]);
    expect(await readsOf(ws)).toEqual(["get_limits_columns"]);
  });

  it("shows credits changed by any session at once, with no notice needed", async () => {
    const ws = await testWorkspace(t, { mode: "live", grantCredits: 3 });
    expect((await limitsOf(ws)).credits.pack).toBe(3);
    await other.db.update(workspaces).set({ creditsPack: 9 }).where(eq(workspaces.id, ws.id));
    expect((await limitsOf(ws)).credits.pack).toBe(9);
  });

  it("lists an account connected through this process's API on the very next read, every time", async () => {
    const ws = await testWorkspace(t);
    for (let i = 0; i < 10; i++) {
      await limitsOf(ws);
      const connect = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: `next_read_${i}` });
      expect(connect.status, connect.text).toBe(201);
      expect((await limitsOf(ws)).connected).toHaveLength(i + 1);
    }
  });

  it("lists an account another process connected once its notice arrives", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "first_here" });
    expect((await limitsOf(ws)).connected).toHaveLength(1);
    await connectElsewhere(ws, "elsewhere");
    await expect.poll(async () => (await limitsOf(ws)).connected.length, { timeout: 2_000, interval: 5 }).toBe(2);
  });

  it("shows stored bytes at once after an upload and after a deletion", async () => {
    const ws = await testWorkspace(t);
    expect((await limitsOf(ws)).storage.usedBytes).toBe(0);
    const image = png(32, 32);
    const media = await ws.upload(image, "image/png");
    expect((await limitsOf(ws)).storage.usedBytes).toBe(image.byteLength);
    expect((await ws.request(`/v1/media/${media.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await limitsOf(ws)).storage.usedBytes).toBe(0);
  });

  it("serves the cached accounts until a notice, and stops caching when its listening connection is lost", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "before_loss" });
    expect((await limitsOf(ws)).connected).toHaveLength(1);
    // The connect's own notices have been heard once a later notice has: one connection delivers
    // them in order. Polling the reads alone let a notice still unread on a loaded machine empty the
    // cache after this test had judged it settled.
    const before = limits.cache.generation();
    await other.db.execute(sql`select pg_notify('chorus_limits', 'ws_barrier')`);
    await expect.poll(() => limits.cache.generation(), { timeout: 5_000, interval: 5 }).toBeGreaterThan(before);
    // Settled: the accounts are served from the cache.
    await expect.poll(() => readsOf(ws), { timeout: 2_000, interval: 5 }).toEqual(["get_limits_columns"]);
    // A change with notices turned off: the cache cannot know, so the read still shows one account...
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`set local chorus.limits_notify = 'off'`);
      await tx.update(socialAccounts).set({ handle: "renamed_quietly" }).where(eq(socialAccounts.workspaceId, ws.id));
    });
    expect((await limitsOf(ws)).connected[0]?.handle).toBe("before_loss");
    // ...until the listening connection dies: notices may be missed from then on, so nothing is served
    // from the cache (well before the listener reconnects, 5 s later).
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      await killer.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN chorus_limits'");
    } finally {
      await killer.end();
    }
    await expect.poll(async () => (await limitsOf(ws)).connected[0]?.handle, { timeout: 3_000, interval: 10 }).toBe("renamed_quietly");
  });
});
