import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction, types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index.js";
import { migrationsFolder } from "./migrations-folder.js";
import { cachedStatementQuery } from "./pglite-statements.js";
import type { Database } from "./types.js";
import { markSingleProcess } from "./single-process.js";
import { initialiseInChild } from "./pglite-initialise.js";
import { builtTemplate } from "./pglite-template.js";

export interface EmbeddedDatabase {
  db: Database;
  client: PGlite;
  close: () => Promise<void>;
}

const asText = (value: string) => value;

/**
 * The parsers drizzle-orm/pglite sends with every query (its session.js): date and time types,
 * and their arrays, as text, which drizzle's columns then map. Keep in step with drizzle.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

type QueryOptions = { parsers?: unknown } | undefined;

function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _sameAsTheClients, ...rest } = options;
  return rest;
}

/**
 * PGlite copies its ~300 type parsers into a new object for every result given per-query
 * `parsers`, which drizzle gives every query: a tenth of the CPU of a webhook delivery, and of a
 * small read. The client is created with drizzle's parsers as its own, so dropping the per-query
 * copy changes no result. Patched on the instance (not a proxy) so that code wrapping the
 * client's methods, as the statement counters do, still sees every call.
 */
function dropPerQueryParsers(client: PGlite): void {
  // After start-up: PGlite sets its array parsers while starting, over any given to `create`.
  Object.assign((client as unknown as { parsers: Record<number, unknown> }).parsers, DRIZZLE_PARSERS);
  // Top-level statements are prepared once and reused (src/db/pglite-statements.ts).
  const query = cachedStatementQuery(client, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  const patched = client as unknown as {
    query: (sql: string, params?: unknown[], options?: QueryOptions) => ReturnType<PGlite["query"]>;
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
  };
  patched.query = (sql, params, options) => query(sql, params, withoutParsers(options) as Parameters<PGlite["query"]>[2]).catch((error: unknown) => whenClosed(client, error));
  patched.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      (tx as unknown as { query: typeof patched.query }).query = (sql, params, options) => txQuery(sql, params, withoutParsers(options) as Parameters<Transaction["query"]>[2]);
      return callback(tx);
    }).catch((error: unknown) => whenClosed(client, error));
}

/**
 * A query on a closed PGlite (the server is shutting down) fails with a bare "PGlite is closed".
 * It is given the SQLSTATE a server connection that is gone has, 08003 connection_does_not_exist,
 * so callers tell it from a bug by code as they do for PostgreSQL and answer 503, not 500.
 */
function whenClosed(client: PGlite, error: unknown): never {
  if (!client.closed) throw error;
  throw Object.assign(new Error("The embedded database is closed.", { cause: error }), { code: "08003" });
}

/**
 * PostgreSQL's buffer pool, allocated and touched whole at start: PGlite's default 128MB was most
 * of an idle server's memory. 8MB (1,024 pages) holds a self-hosted install's hot pages, a miss
 * is a read from the OS page cache, and a bare PGlite idled 16 MB lower than with 16MB.
 */
export const EMBEDDED_SHARED_BUFFERS = "8MB";

/** PGlite's own start parameters, with the small pool; one backend, so few connection slots. */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`, "-c", "max_connections=10"];

/** The test PGlite itself makes before running initdb: a data folder initdb has filled holds PG_VERSION. */
export function isInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, "PG_VERSION"));
}

/**
 * PGlite in process: persisted under `dataDir`, or in memory when it is omitted (tests).
 * Migrations are applied on open, so a fresh data folder is ready to serve. `from` starts the
 * database from a dump of another (`client.dumpDataDir()`), which skips initdb: the test suite
 * opens one per file from a dump made once per run.
 *
 * A new data folder is made in a child process first, from the built template (pglite-template.ts;
 * `template` names another, null forces initdb) or by initdb, and migrated: PGlite runs initdb in
 * a second wasm instance whose ~370 MB an idle process never gives back.
 */
export async function openEmbeddedDatabase(dataDir?: string, options: { from?: Blob; template?: string | null } = {}): Promise<EmbeddedDatabase> {
  if (dataDir && !options.from && !isInitialised(dataDir)) await initialiseInChild(dataDir, options.template === undefined ? builtTemplate() : options.template);
  return openInProcess(dataDir, options.from);
}

/** Opens and migrates in this process; the child initialising a data folder calls it too. */
export async function openInProcess(dataDir?: string, from?: Blob): Promise<EmbeddedDatabase> {
  const client = await PGlite.create({ dataDir, loadDataDir: from, startParams: START_PARAMS });
  dropPerQueryParsers(client);
  const db = drizzle({ client, schema }) as unknown as Database;
  markSingleProcess(db);
  await migrate(drizzle({ client, schema }), { migrationsFolder });
  return { db, client, close: () => client.close() };
}
