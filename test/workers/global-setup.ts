/**
 * globalSetup of the "workers" vitest project. Runs in Node, before workerd starts, and provides
 * (see provided-context.ts) what vitest.config.ts turns into the Worker's bindings:
 *
 *   real Postgres  <- ws->TCP proxy  <- Neon driver inside workerd   (DATABASE_URL, WS_PROXY)
 *   real Redis     <- Upstash REST shim <- @upstash/redis in workerd  (UPSTASH_REDIS_REST_URL/TOKEN)
 *   QStash stand-in (records publishes) <- @upstash/qstash in workerd (QSTASH_URL/TOKEN, signing keys)
 *
 * The throwaway database gets our drizzle migrations (node-postgres migrator, via
 * openServerDatabase({ migrate: true })) and one workspace with a test-mode key.
 *
 * When Postgres or Redis is unreachable a local run must not crash: every value is provided as ""
 * and `skipReason` says why; the tests skip themselves with a warning. Under CI=true it fails
 * instead, naming the missing service (test/support/required-service.ts). A failure after both
 * answered (a migration, the proxy, the shim) is a real failure and fails the run.
 *
 * Node-only CommonJS dependencies (pg, ws, ioredis) are loaded with createRequire inside the
 * support helpers: with the Cloudflare plugin in the project, Vite's resolver can otherwise hand
 * this Node code a browser or workerd build.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { eq } from "drizzle-orm";
import { workspaces } from "../../src/db/schema/index.js";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import { createThrowawayDatabase, postgresAvailable, redisAvailable, testRedisUrl } from "../support/postgres.js";
import { skipWithout } from "../support/required-service.js";
import { startUpstashShim } from "../support/upstash-shim.js";
import { startWsProxy } from "../../scripts/ws-proxy.js";
import type { WorkersProvided } from "./provided-context.js";
import { startQstashStandIn } from "./qstash-standin.js";

export type { WorkersProvided };

/** The Worker's CHORUS_PUBLIC_URL: the origin the tests' SELF.fetch calls use. */
const PUBLIC_URL = "http://example.com";

/** A real phone HEIC for the Images binding tests (workerd reads no files). */
const HEIC_FIXTURE = readFileSync(new URL("../fixtures/media/rotated-phone.heic", import.meta.url)).toString("base64");

const skipped = (reason: string): WorkersProvided => ({
  skipReason: reason,
  databaseUrl: "",
  wsProxy: "",
  upstashUrl: "",
  upstashToken: "",
  workspaceId: "",
  apiKey: "",
  otherApiKey: "",
  qstashUrl: "",
  qstashToken: "",
  qstashCurrentSigningKey: "",
  qstashNextSigningKey: "",
  publicUrl: PUBLIC_URL,
  heicFixture: HEIC_FIXTURE,
});

function provideAll(project: TestProject, values: WorkersProvided): void {
  for (const [key, value] of Object.entries(values) as [keyof WorkersProvided, string][]) project.provide(key, value);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => console.warn("[workers] teardown:", err));
  };
  // src/worker.ts imports the simulators from the module wrangler's build step makes; the pool
  // runs no build step, so it is made here, and the tests' test keys run the deployed module.
  execFileSync(process.execPath, ["scripts/build-worker-sandbox.mjs"], { stdio: "inherit" });

  const [pgState, redisState] = await Promise.all([postgresAvailable(), redisAvailable()]);
  const reasons = [pgState, redisState].flatMap((s) => (s.ok ? [] : [s.reason]));
  // Under CI=true a missing service throws here, failing the workers project with its name.
  const suite = "the workerd tests";
  if ([skipWithout("postgres", pgState, suite), skipWithout("redis", redisState, suite)].includes(true)) {
    const reason = reasons.join("; ");
    provideAll(project, skipped(reason));
    return teardown;
  }

  try {
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.close());

    const proxy = await startWsProxy({ port: 0, allowHosts: ["127.0.0.1", "localhost"] });
    cleanups.push(() => proxy.close());

    const upstashToken = `test-${randomBytes(12).toString("hex")}`;
    const shim = await startUpstashShim({ redisUrl: testRedisUrl(), token: upstashToken, port: 0 });
    cleanups.push(() => shim.close());

    const qstashToken = `qstash-${randomBytes(12).toString("hex")}`;
    const qstash = await startQstashStandIn({ token: qstashToken, port: 0 });
    cleanups.push(() => qstash.close());

    const server = await openServerDatabase(database.url, { migrate: true, max: 2 });
    let created: Awaited<ReturnType<typeof createWorkspace>>;
    let other: Awaited<ReturnType<typeof createWorkspace>>;
    try {
      created = await createWorkspace(server.db, {
        name: "Workers test workspace",
        email: "workers-test@example.com",
        plan: "free",
        keyMode: "test",
        keyName: "workerd tests",
        actor: "test:workers-global-setup",
        at: new Date(),
      });
      // Every workerd file publishes with this one workspace's test key: enough test credits that no
      // file runs out because others ran first.
      await server.db.update(workspaces).set({ testCreditsPack: 10_000 }).where(eq(workspaces.id, created.workspaceId));
      // A second workspace, whose key must not reach the first one's records.
      other = await createWorkspace(server.db, {
        name: "Workers test other workspace",
        email: "workers-test-other@example.com",
        plan: "free",
        keyMode: "test",
        keyName: "workerd tests (other workspace)",
        actor: "test:workers-global-setup",
        at: new Date(),
      });
    } finally {
      await server.close();
    }

    provideAll(project, {
      skipReason: "",
      databaseUrl: database.url,
      wsProxy: proxy.url,
      upstashUrl: shim.url,
      upstashToken,
      workspaceId: created.workspaceId,
      apiKey: created.apiKey.key,
      otherApiKey: other.apiKey.key,
      qstashUrl: qstash.url,
      qstashToken,
      qstashCurrentSigningKey: `sig_${randomBytes(18).toString("base64url")}`,
      qstashNextSigningKey: `sig_${randomBytes(18).toString("base64url")}`,
      publicUrl: PUBLIC_URL,
      heicFixture: HEIC_FIXTURE,
    });
    return teardown;
  } catch (err) {
    // The services answered, so this is a real failure (a migration, the proxy, the shim): fail loudly.
    await teardown();
    throw err;
  }
}
