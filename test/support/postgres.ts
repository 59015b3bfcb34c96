/**
 * Helpers for tests that need the machine's real PostgreSQL and Redis.
 *
 *  - createThrowawayDatabase(): a fresh, uniquely named database, dropped (WITH (FORCE)) on close.
 *  - postgresAvailable() / redisAvailable(): a quick (2 s) reachability probe, so suites can
 *    `describe.skipIf(!ok)` with a readable reason (through required-service.ts, which fails instead
 *    under CI=true).
 *
 * Environment:
 *   CHORUS_TEST_PG_URL     admin connection, default postgresql://postgres@127.0.0.1:5432/test
 *   CHORUS_TEST_REDIS_URL  default redis://127.0.0.1:6379
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type { ClientConfig } from "pg";

// CJS packages loaded with require(): vitest's resolver can pick a wrong entry for them otherwise.
const require = createRequire(import.meta.url);
const pg = require("pg") as typeof import("pg");
const { Redis } = require("ioredis") as typeof import("ioredis");

export const testPgUrl = (): string => process.env.CHORUS_TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
export const testRedisUrl = (): string => process.env.CHORUS_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export type Availability = { ok: true } | { ok: false; reason: string };

const PROBE_TIMEOUT_MS = 2_000;

function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) {
    return err.errors.map(describeError).join("; ");
  }
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Hide any password when a URL is shown in a message. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<unparseable url>";
  }
}

async function withAdminClient<T>(fn: (client: import("pg").Client) => Promise<T>, extra: ClientConfig = {}): Promise<T> {
  const client = new pg.Client({ connectionString: testPgUrl(), ...extra });
  client.on("error", () => {
    // a server-side disconnect after we are done must not crash the test process
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function postgresAvailable(): Promise<Availability> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = withAdminClient(
      async (c) => {
        await c.query("select 1");
      },
      { connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS },
    );
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    await Promise.race([probe, deadline]);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: `PostgreSQL at ${redact(testPgUrl())} is not reachable: ${describeError(err)}` };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export async function redisAvailable(): Promise<Availability> {
  const url = testRedisUrl();
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: unknown;
  client.on("error", (err: unknown) => {
    lastError = err;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    await Promise.race([
      (async () => {
        await client.connect();
        const pong = await client.ping();
        if (pong !== "PONG") throw new Error(`unexpected PING reply ${JSON.stringify(pong)}`);
      })(),
      deadline,
    ]);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: `Redis at ${redact(url)} is not reachable: ${describeError(lastError ?? err)}` };
  } finally {
    if (timer) clearTimeout(timer);
    client.disconnect();
  }
}

export interface ThrowawayDatabase {
  /** connection string for the new database (same server, user and options as the admin URL) */
  url: string;
  /** database name, chorus_t_<random> */
  name: string;
  /** drops the database, terminating leftover connections */
  close(): Promise<void>;
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  // lowercase letters and digits, starting with a letter after the prefix; always a valid identifier
  const name = `chorus_t_${randomBytes(8).toString("hex")}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));

  const u = new URL(testPgUrl());
  u.pathname = `/${name}`;
  const url = u.toString();

  let closed = false;
  return {
    url,
    name,
    async close() {
      if (closed) return;
      closed = true;
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
