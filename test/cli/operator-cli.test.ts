import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { type ServerDatabase, openServerDatabase } from "../../src/db/node-postgres.js";
import { systemClock } from "../../src/infra/clock.js";
import { silentLogger } from "../../src/infra/logger.js";
import { createMemoryRateLimiter } from "../../src/infra/rate-limit/memory-limiter.js";
import { skipWithout } from "../support/required-service.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { buildBeforeTests, CLI_ARGS } from "../support/server-process.js";
import { testServices } from "../support/test-app.js";
import { apiCalls } from "../support/workspace-fixture.js";

const exec = promisify(execFile);
const available = await postgresAvailable();
skipWithout("postgres", available, "operator CLI on PostgreSQL");

/**
 * The operator command line against a real PostgreSQL server (a throwaway database), and the
 * API served by the Node driver on the same database: plan rules are checked on workspaces the
 * CLI made.
 */
buildBeforeTests();

describe.skipIf(!available.ok)("operator CLI on PostgreSQL", () => {
  let database: { url: string; close: () => Promise<void> };
  let server: ServerDatabase;
  const cli = async (...args: string[]) => {
    const { stdout } = await exec(process.execPath, [...CLI_ARGS, ...args], { env: { ...process.env, DATABASE_URL: database.url } });
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
  };
  /** The API on the CLI's database (the Node driver), as the typed calls of the holder of `key`. */
  const api = (key: string) =>
    apiCalls(async (path, { json, ...init } = {}) => {
      const app = createApp({
        ...(await testServices()),
        database: { open: () => ({ db: server.db, close: async () => {} }) },
        rateLimiter: createMemoryRateLimiter(systemClock),
        clock: systemClock,
        logger: silentLogger,
        clientIp: () => "127.0.0.1",
      });
      const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers };
      return app.request(`http://chorus.test${path}`, { ...init, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
    });

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    expect(await cli("migrate")).toEqual({ migrated: true });
    server = await openServerDatabase(database.url, { migrate: false });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("creates a free workspace whose plan blocks the microblog and short-video networks for live keys, not in test mode", async () => {
    const created = await cli("workspace", "create", "--name", "Acme", "--email", "ops@acme.test");
    expect(created).toMatchObject({ workspace: expect.stringMatching(/^ws_/), key: expect.stringMatching(/^sk_test_/), mode: "test" });
    const limits = await api(String(created.key)).read("/v1/me/limits");
    expect(limits.credits).toMatchObject({ plan: "free", monthlyAllowance: 10, pack: 0, blockedPlatforms: [] });
    expect(limits.billing).toMatchObject({ mode: "free", isSubscriber: false });
    const live = await cli("key", "create", "--workspace", String(created.workspace), "--mode", "live");
    const liveLimits = await api(String(live.key)).read("/v1/me/limits");
    expect(liveLimits.credits).toMatchObject({ blockedPlatforms: ["tiktok", "twitter"] });
  }, 60_000);

  it("tops up and resets the test ledger without touching the live one", async () => {
    const created = await cli("workspace", "create", "--name", "Delta", "--email", "d@delta.test");
    const ws = String(created.workspace);
    expect(await cli("credits", "grant", "--workspace", ws, "--amount", "40", "--mode", "test")).toEqual({ mode: "test", pack: 40, total: 50 });
    let limits = await api(String(created.key)).read("/v1/me/limits");
    expect(limits.credits).toMatchObject({ total: 50, pack: 40 });
    expect(limits.billing).toMatchObject({ mode: "free" });
    expect(await cli("credits", "reset", "--workspace", ws, "--mode", "test")).toEqual({ mode: "test", monthly: 10, pack: 0, total: 10 });
    limits = await api(String(created.key)).read("/v1/me/limits");
    expect(limits.credits).toMatchObject({ total: 10, pack: 0 });
    const live = await cli("key", "create", "--workspace", ws, "--mode", "live");
    expect((await api(String(live.key)).read("/v1/me/limits")).credits).toMatchObject({ total: 10, pack: 0 });
  }, 60_000);

  it("grants credits, sets the plan and the limits, and the API reflects each at once", async () => {
    const created = await cli("workspace", "create", "--name", "Beta", "--email", "b@beta.test", "--mode", "live");
    const key = String(created.key);
    expect(key).toMatch(/^sk_live_/);
    expect(await cli("credits", "grant", "--workspace", String(created.workspace), "--amount", "25", "--purchased")).toEqual({ mode: "live", pack: 25, total: 35 });
    let limits = await api(key).read("/v1/me/limits");
    expect(limits.billing).toEqual({ mode: "payg", isSubscriber: false, hasPurchasedCredits: true });
    expect(limits.credits).toMatchObject({ total: 35, pack: 25 });

    await cli("plan", "set", "--workspace", String(created.workspace), "--plan", "subscription");
    await cli("limits", "set", "--workspace", String(created.workspace), "--api-per-minute", "900", "--blocked-platforms", "linkedin");
    limits = await api(key).read("/v1/me/limits");
    expect(limits.billing).toMatchObject({ mode: "subscription", isSubscriber: true });
    expect(limits.credits).toMatchObject({ plan: "subscription", monthlyAllowance: 1000, blockedPlatforms: ["linkedin"] });
    expect(limits.rateLimits).toMatchObject({ apiPerMinute: 900 });

    const audit = await api(key).read("/v1/audit");
    expect(audit.items.map((e) => e.type)).toEqual(expect.arrayContaining(["credits.granted", "plan.changed", "key.created", "workspace.created"]));
  }, 60_000);

  it("creates more keys and locks an agent's nickname", async () => {
    const created = await cli("workspace", "create", "--name", "Gamma", "--email", "g@gamma.test");
    const second = await cli("key", "create", "--workspace", String(created.workspace), "--mode", "live", "--name", "publisher");
    expect(second).toMatchObject({ keyId: expect.stringMatching(/^agt_/), mode: "live" });
    await cli("nickname", "lock", "--key", String(second.keyId));
    const refused = await api(String(second.key)).patch("/v1/me/agent", { nickname: "x" });
    expect(refused.status).toBe(403);
    const other = await api(String(created.key)).patch("/v1/me/agent", { nickname: "x" });
    expect(other.status).toBe(200);
  }, 60_000);

  it("revokes a key: the API refuses it and the key cannot be revoked twice", async () => {
    const created = await cli("workspace", "create", "--name", "Delta", "--email", "d@delta.test");
    expect((await api(String(created.key)).get("/v1/me")).status).toBe(200);
    expect(await cli("key", "revoke", "--key", String(created.keyId))).toMatchObject({ keyId: created.keyId, revokedAt: expect.any(String) });
    expect((await api(String(created.key)).get("/v1/me")).status).toBe(401);
    const again = await exec(process.execPath, [...CLI_ARGS, "key", "revoke", "--key", String(created.keyId)], { env: { ...process.env, DATABASE_URL: database.url } }).catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining("No active key") });
  }, 60_000);

  it("refuses bad operator input with a message and exit code 2", async () => {
    const failure = await exec(process.execPath, [...CLI_ARGS, "plan", "set", "--workspace", "ws_nope", "--plan", "gold"], {
      env: { ...process.env, DATABASE_URL: database.url },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failure ? failure.code : 0).toBe(2);
    expect("stderr" in failure ? failure.stderr : "").toContain("--plan must be free or subscription");
  }, 60_000);
});
