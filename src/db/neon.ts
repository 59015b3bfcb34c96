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
 * Workers cannot keep a pool between requests: each request opens its own Neon pool and
 * closes it when the response is done (the entry hands `close` to `waitUntil`).
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
      const pool = new Pool({ connectionString: options.url });
      const db = drizzle({ client: pool, schema }) as unknown as Database;
      return { db, close: () => pool.end() };
    },
  };
}
