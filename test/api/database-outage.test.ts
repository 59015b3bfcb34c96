import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openEmbeddedDatabase } from "../../src/db/pglite.js";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import type { Database } from "../../src/db/types.js";
import { memoryLogger } from "../../src/infra/logger.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { freePort } from "../support/server-process.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { type Reply, reply, testWorkspace } from "../support/workspace-fixture.js";

/**
 * A database that goes away mid-run is a passing failure: 503 `service_unavailable`, retryable,
 * with Retry-After and the X-RateLimit-* headers every answer carries, on an authenticated route
 * (a key the cache knows, and one it does not) and on a public one. A request its client
 * abandoned is not logged as a server error.
 */

interface Outage {
  t: TestApp;
  logger: ReturnType<typeof memoryLogger>;
  /** Makes every later query fail as the outage does. */
  fail: () => Promise<void>;
}

async function expectUnavailable(answer: Response | Reply<unknown>): Promise<void> {
  const response = answer instanceof Response ? await reply(answer) : answer;
  expect(response.status, response.text).toBe(503);
  expect(response.error).toMatchObject({ type: "service_unavailable", code: "service_unavailable", retryable: true });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(response.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(response.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
}

/** The same checks for either database: `start` opens it, creates two workspaces, then `fail()` takes it away. */
async function checkOutage(outage: Outage): Promise<void> {
  const { t, logger } = outage;
  const warm = await testWorkspace(t);
  const cold = await testWorkspace(t);
  const before = await warm.get("/v1/profiles");
  expect(before.status).toBe(200);
  await outage.fail();

  // The key is cached: the workspace's limit is counted, then the handler's query fails.
  const cached = await warm.get("/v1/profiles");
  await expectUnavailable(cached);
  expect(cached.headers.get("x-ratelimit-limit")).toBe(before.headers.get("x-ratelimit-limit"));
  expect(Number(cached.headers.get("x-ratelimit-remaining"))).toBe(Number(before.headers.get("x-ratelimit-remaining")) - 1);
  // The key is not cached: its check is the query that fails.
  await expectUnavailable(await cold.get("/v1/me"));
  // A public route that reads the database.
  const register = await anonymous(t.app)("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ redirect_uris: ["https://client.example/cb"] }),
  });
  await expectUnavailable(register);
  // A public route that does not is still served.
  expect((await anonymous(t.app)("/v1/platforms")).status).toBe(200);
  expect(logger.lines.filter((l) => l.level === "error" && l.msg === "request").map((l) => l.status)).toEqual([503, 503, 503]);

  // The client hung up before the answer: not a server error in the log.
  logger.lines.length = 0;
  const abort = new AbortController();
  abort.abort();
  const abandoned = await t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${cold.key}` }, signal: abort.signal });
  expect(abandoned.status).toBe(503);
  expect(logger.lines.filter((l) => l.level === "error")).toEqual([]);
  expect(logger.lines.find((l) => l.msg === "request")).toMatchObject({ level: "info", status: 499 });
}

const available = await postgresAvailable();
if (!available.ok) console.warn(`[skipped] database outage on PostgreSQL: ${available.reason}`);

describe("database outage", () => {
  it("answers 503 service_unavailable when the embedded database (PGlite) is closed", async () => {
    const snapshot = inject("pgliteSnapshot");
    const embedded = await openEmbeddedDatabase(undefined, snapshot ? { from: new Blob([await readFile(snapshot)]) } : {});
    const logger = memoryLogger("info");
    const t = await createTestApp({ serverDatabase: embedded.db, deps: { logger } });
    await checkOutage({ t, logger, fail: () => embedded.client.close() });
  });

  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  it.skipIf(!available.ok)("answers 503 service_unavailable when PostgreSQL stops answering (a dead port)", async () => {
    const throwaway = await createThrowawayDatabase();
    cleanup.push(() => throwaway.close());
    const live = await openServerDatabase(throwaway.url);
    cleanup.push(() => live.close());
    const deadUrl = new URL(throwaway.url);
    deadUrl.port = String(await freePort());
    const dead = await openServerDatabase(deadUrl.toString(), { migrate: false });
    cleanup.push(() => dead.close());
    let current: Database = live.db;
    const logger = memoryLogger("info");
    const t = await createTestApp({ serverDatabase: live.db, deps: { logger, database: { open: () => ({ db: current, close: async () => {} }) } } });
    await checkOutage({
      t,
      logger,
      fail: async () => {
        current = dead.db;
      },
    });
  });
});
