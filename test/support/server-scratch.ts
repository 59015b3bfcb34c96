import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { type ThrowawayDatabase, createThrowawayDatabase } from "./postgres.js";
import { type ServerProcess, startServerProcess } from "./server-process.js";

export interface ServerScratch {
  /** A data folder of the describe's own, for CHORUS_DATA_DIR. */
  dataDir: string;
  /** startServerProcess; the process is stopped after the describe's tests if it still runs. */
  start(options: Parameters<typeof startServerProcess>[0]): Promise<ServerProcess>;
  /** A throwaway PostgreSQL database, dropped after the describe's tests (once its servers stopped). */
  database(): Promise<ThrowawayDatabase>;
}

/**
 * What a describe that runs real server processes sets up and must clean away, as one hook:
 * every server it started stopped (`stopSignal`, SIGTERM by default; a server already stopped is
 * left alone), then its databases dropped and its data folder removed.
 */
export function serverScratch(prefix: string, options: { stopSignal?: NodeJS.Signals } = {}): ServerScratch {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const servers: ServerProcess[] = [];
  const databases: ThrowawayDatabase[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop(options.stopSignal);
    for (const database of databases) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    start: async (start) => {
      const server = await startServerProcess(start);
      servers.push(server);
      return server;
    },
    database: async () => {
      const database = await createThrowawayDatabase();
      databases.push(database);
      return database;
    },
  };
}
