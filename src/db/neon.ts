import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as schema from "./schema/index.js";
import type { DatabaseProvider, Database } from "./types.js";

export interface NeonOptions {
  url: string;
  /**
   * Local development and tests only: a WebSocket-to-TCP proxy (`host:port/path`) in front of a
   * plain Postgres. Production leaves it unset and keeps Neon's secure defaults.
   */
  wsProxy?: string | undefined;
}

/**
 * WebSocket connections one request's pool may open. A Worker invocation has 6 simultaneous
 * connections in all, the network calls of the jobs it runs included; an idle pooled WebSocket
 * keeps its slot until the pool closes, so a cron drain running 16 jobs on the default pool (10)
 * left the jobs' own fetches waiting. Two lets a query run beside an open transaction.
 */
export const NEON_POOL_MAX = 2;

/**
 * Workers cannot keep a pool between requests: each request opens its own Neon pool and
 * closes it when the response is done (the entry hands `close` to `waitUntil`). The pool dials
 * on its first query, so a request that never reaches the database (docs, a refused key, a
 * cached answer) opens no connection; docs/scale-database.md has the measured figures.
 */
export function neonDatabaseProvider(options: NeonOptions): DatabaseProvider {
  if (options.wsProxy) {
    // The string form makes the driver append ?address=host:port, which the proxy needs.
    neonConfig.wsProxy = options.wsProxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  return {
    open() {
      const pool = new Pool({ connectionString: options.url, max: NEON_POOL_MAX });
      // As on the Node server's pool (node-postgres.ts): an idle connection the server ends (Neon
      // ends them when its compute suspends or restarts) is emitted here, and without a listener
      // it is an uncaught exception. The pool has discarded it and dials again on the next query.
      pool.on("error", () => undefined);
      const db = drizzle({ client: pool, schema }) as unknown as Database;
      return { db, close: () => pool.end() };
    },
  };
}
