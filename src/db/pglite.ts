import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index.js";
import { migrationsFolder } from "./migrations-folder.js";
import type { Database } from "./types.js";

export interface EmbeddedDatabase {
  db: Database;
  client: PGlite;
  close: () => Promise<void>;
}

/**
 * PGlite in process: persisted under `dataDir`, or in memory when it is omitted (tests).
 * Migrations are applied on open, so a fresh data folder is ready to serve.
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<EmbeddedDatabase> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzle({ client, schema }) as unknown as Database;
  await migrate(drizzle({ client, schema }), { migrationsFolder });
  return { db, client, close: () => client.close() };
}
