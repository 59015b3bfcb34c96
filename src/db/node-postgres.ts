import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";
import { migrationsFolder } from "./migrations-folder.js";
import type { Database } from "./types.js";

export interface ServerDatabase {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/** A real Postgres server for the Node entry (`DATABASE_URL`), pooled for the life of the process. */
export async function openServerDatabase(url: string, options: { migrate?: boolean; max?: number } = {}): Promise<ServerDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server drops (a restart, a failover, a terminated backend) is emitted
  // here; without a listener Node treats it as uncaught and the process dies. The pool has
  // already discarded that connection and opens a new one on the next query.
  pool.on("error", () => undefined);
  const db = drizzle({ client: pool, schema });
  if (options.migrate ?? true) await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, pool, close: () => pool.end() };
}
