import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { inject } from "vitest";
import { createApp } from "../../src/app.js";
import type { AppDeps } from "../../src/deps.js";
import { type EmbeddedDatabase, openEmbeddedDatabase } from "../../src/db/pglite.js";
import { cacheLimitsOnPglite } from "../../src/node/limits-invalidation.js";
import { type Database, nothingToClose } from "../../src/db/types.js";
import type { PlanId } from "../../src/domain/billing/plans.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import type { AppEnv } from "../../src/http/context.js";
import type { Clock } from "../../src/infra/clock.js";
import { silentLogger } from "../../src/infra/logger.js";
import { createFileMediaStorage } from "../../src/infra/media-storage/file-storage.js";
import { createMemoryRateLimiter } from "../../src/infra/rate-limit/memory-limiter.js";
import type { RateLimiter } from "../../src/infra/rate-limit/types.js";
import type { NetworkDeps } from "../../src/domain/core/network-deps.js";
import { createTokenCipher, generateKeyringEntry } from "../../src/infra/token-cipher.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { domainServices } from "../../src/http/domain-services.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { API_ORIGIN, apiDescription, captured, checkExchange } from "./api-conformance.js";
import type { CapturedRequest } from "./openapi-request-check.js";
import { createVerifiedKeyCache } from "../../src/domain/core/verified-key-cache.js";
import { nodeDashboardScript } from "../../src/node/dashboard-script.js";
import type {} from "./pglite-snapshot-setup.js";
import type { ApiErrorBody } from "./api-types.js";
import { reply } from "./workspace-fixture.js";

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date("2026-11-21T12:00:00.000Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
}

export interface TestApp {
  app: Hono<AppEnv>;
  db: Database;
  clock: TestClock;
  deps: AppDeps;
  /** Where this app's uploaded media files are (a temp dir of its own). */
  mediaDir: string;
  /** A fresh workspace with one key; each test makes its own. */
  workspace(options?: { plan?: PlanId; mode?: "test" | "live"; grantCredits?: number }): Promise<TestWorkspace>;
  /** What the job runner gets on the server, with http://chorus.test as the public URL. */
  jobRuntime(): JobRuntime;
  /** Runs due jobs until none is left (a delivery or a publish step may queue the next one). */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

export interface TestWorkspace {
  id: string;
  key: string;
  keyId: string;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

let shared: Promise<EmbeddedDatabase> | null = null;

/**
 * Empties the file's PGlite for the next test file in this worker: files share their worker's
 * modules (vitest `isolate: false`) and now its database too, but never each other's rows. Starting
 * a PGlite from the dump costs 1.4-2 s of CPU per file, most of the suite's CPU after the tests
 * themselves; emptying every table costs milliseconds. The dump's tables are empty (no migration
 * seeds rows), so an emptied database is the one the dump gives. A database that cannot be emptied
 * is closed and the next file starts a fresh one. Run after every file by
 * test/support/per-file-database.ts.
 */
export async function closeFileDatabase(): Promise<void> {
  const open = shared;
  if (!open) return;
  let database: EmbeddedDatabase;
  try {
    database = await open;
  } catch {
    shared = null;
    return;
  }
  try {
    const tables = await database.client.query<{ name: string }>("select quote_ident(tablename) as name from pg_tables where schemaname = 'public'");
    if (tables.rows.length > 0) await database.client.exec(`truncate ${tables.rows.map((t) => t.name).join(", ")} restart identity cascade`);
  } catch {
    shared = null;
    await database.close().catch(() => {});
  }
}

/** Network settings for tests: live calls are refused unless a test passes its own fetch. */
export function testNetworkDeps(overrides: Partial<NetworkDeps> = {}): NetworkDeps {
  return {
    liveFetch: async (input) => {
      throw new TypeError(`tests never reach real networks (${String(input instanceof Request ? input.url : input)})`);
    },
    appCredentials: {},
    apiVersions: {},
    // User-chosen URLs: no name resolves and nothing answers unless a test passes its own guard.
    guardedFetch: createGuardedFetch({
      resolve: async (hostname) => {
        throw new TypeError(`tests resolve no names (${hostname})`);
      },
      fetch: async (input) => {
        throw new TypeError(`tests never reach user URLs (${String(input instanceof Request ? input.url : input)})`);
      },
    }),
    sleep: async () => {},
    loadSimulators: () => import("../../src/sandbox/registry.js"),
    ...overrides,
  };
}

/** A media directory of its own under the system temp dir (created by the first upload). */
export function testMediaDir(): string {
  return join(tmpdir(), `chorus-test-media-${randomUUID()}`);
}

/** The services every app needs besides the database: network settings, a cipher, a signing secret, media storage. */
export async function testServices(mediaDir = testMediaDir()): Promise<Pick<AppDeps, "networks" | "cipher" | "signingSecret" | "mediaStorage" | "jobs" | "dashboardScript">> {
  return {
    networks: testNetworkDeps(),
    cipher: await createTokenCipher(generateKeyringEntry("test")),
    signingSecret: "test-signing-secret-0123456789abcdef",
    jobs: tableJobQueue,
    mediaStorage: createFileMediaStorage(mediaDir),
    dashboardScript: nodeDashboardScript(),
  };
}

/**
 * Starts from the run's migrated dump (pglite-snapshot-setup.ts); migrate() still runs on it
 * and finds nothing to apply. Without the setup (a file run outside the suite's config) the
 * database is made from scratch.
 */
async function openFromSnapshot(): Promise<EmbeddedDatabase> {
  const snapshot = inject("pgliteSnapshot");
  if (!snapshot) return openEmbeddedDatabase();
  return openEmbeddedDatabase(undefined, { from: new Blob([await readFile(snapshot)]) });
}

/**
 * One in-memory PGlite per test file (opening one costs seconds), migrated by the same code
 * the server runs; isolation between tests comes from each test having its own workspace.
 */
export async function createTestApp(options: { rateLimiter?: RateLimiter; deps?: Partial<AppDeps>; conformance?: boolean; serverDatabase?: Database } = {}): Promise<TestApp> {
  // The shared PGlite, or (`serverDatabase`) a PostgreSQL server's database the test opened.
  const embedded = options.serverDatabase ? { db: options.serverDatabase, client: null } : await (shared ??= openFromSnapshot());
  const clock = new TestClock();
  const mediaDir = testMediaDir();
  const deps: AppDeps = {
    ...(await testServices(mediaDir)),
    database: { open: () => ({ db: embedded.db, close: () => nothingToClose }) },
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(clock),
    clock,
    logger: silentLogger,
    publicUrl: "http://chorus.test",
    clientIp: (c) => c.req.header("x-test-ip") ?? "127.0.0.1",
    verifiedKeys: createVerifiedKeyCache({ clock }),
    // As the Node server on PGlite runs: every test that changes credits or accounts and then reads the limits checks the invalidation.
    limitsCache: embedded.client ? await cacheLimitsOnPglite(embedded.client) : undefined,
    ...options.deps,
  };
  const app = createApp(deps);
  const conformance = options.conformance ?? true;
  const request =
    (key: string | null) =>
    async (path: string, init: RequestInit & { json?: unknown } = {}) => {
      const headers = new Headers(init.headers);
      if (key) headers.set("authorization", `Bearer ${key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      const { json: _json, ...rest } = init;
      const sent: RequestInit = { ...rest, headers, body: body ?? null };
      const response = await app.request(`${API_ORIGIN}${path}`, sent);
      if (conformance) await expectConforms(app, captured(`${API_ORIGIN}${path}`, sent), response);
      return response;
    };
  const jobRuntime = (): JobRuntime => ({ db: embedded.db, clock, services: domainServices(deps, "http://chorus.test") });
  return {
    app,
    db: embedded.db,
    clock,
    deps,
    mediaDir,
    async workspace(ws = {}) {
      const created = await createWorkspace(embedded.db, {
        name: "Test workspace",
        email: "test@example.com",
        plan: ws.plan ?? "free",
        grantCredits: ws.grantCredits ?? 0,
        keyMode: ws.mode ?? "test",
        actor: "operator",
        at: clock.now(),
      });
      return { id: created.workspaceId, key: created.apiKey.key, keyId: created.apiKey.id, request: request(created.apiKey.key) };
    },
    jobRuntime,
    async drainJobs() {
      const runtime = jobRuntime();
      while ((await runDueJobs(runtime)) > 0);
    },
    close: () => rm(mediaDir, { recursive: true, force: true }),
  };
}

/**
 * Fails the test when the exchange and /openapi.json disagree (see api-conformance.ts). On by
 * default; a test app made with `conformance: false` skips it.
 */
async function expectConforms(app: Hono<AppEnv>, request: CapturedRequest, response: Response): Promise<void> {
  const problems = await checkExchange(await apiDescription(app), request, response);
  if (problems.length > 0) throw new Error(`The answer and /openapi.json disagree:\n${problems.join("\n")}`);
}

/** Requests without a key, for public routes and auth tests (checked against /openapi.json like the others). */
export function anonymous(app: Hono<AppEnv>) {
  return async (path: string, init: RequestInit = {}) => {
    const response = await app.request(`${API_ORIGIN}${path}`, init);
    await expectConforms(app, captured(`${API_ORIGIN}${path}`, init), response);
    return response;
  };
}

/** The error envelope's `error` of a raw answer; an answer that is not an error fails the test. */
export async function errorOf(response: Response): Promise<ApiErrorBody> {
  return (await reply(response)).error;
}
