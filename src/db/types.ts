import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.js";

/** Any of our drivers (PGlite, node-postgres, Neon serverless) behind Drizzle's common Postgres API. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** A database or an open transaction: domain helpers accept either. */
export type Queryable = Database | Transaction;

/** Opens the database for one request; Workers open a Neon pool per request and close it after. */
export interface DatabaseProvider {
  open(): { db: Database; close: () => Promise<void> };
}

/**
 * What `close` answers where a request opens nothing of its own (Node: one pool or PGlite for the
 * process). The request's end recognises it and skips asking for a Worker's `waitUntil`, which on
 * Node costs a thrown and caught Error per request (http/after-response.ts).
 */
export const nothingToClose: Promise<void> = Promise.resolve();
