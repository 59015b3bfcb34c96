import type { PGlite } from "@electric-sql/pglite";
import { JOB_CHANNEL } from "../domain/core/index.js";
import type { Logger } from "../infra/logger.js";
import { listenOnPostgres } from "./postgres-listener.js";

/** Tells the poller that a job was enqueued (and committed), so it need not poll to find out. */
export interface JobWakeups {
  /** Starts calling `onWake` for every enqueue; resolves with the function that stops it. */
  subscribe(onWake: () => void): Promise<() => Promise<void>>;
}

/**
 * PGlite runs in this process: its LISTEN delivers the enqueue's NOTIFY in process, once the
 * enqueuing transaction commits, without a network or a poll.
 */
export function pgliteWakeups(client: PGlite): JobWakeups {
  return {
    async subscribe(onWake) {
      const unlisten = await client.listen(JOB_CHANNEL, () => onWake());
      return async () => unlisten();
    },
  };
}

/**
 * A PostgreSQL server: one dedicated connection LISTENs (src/node/postgres-listener.ts), so an
 * enqueue by this process or any other wakes the poller. While that connection is lost the poller
 * still wakes for its minute sweep and for the next due job it knows of, and each reconnection
 * wakes it once to catch up on what it may have missed.
 */
export function postgresWakeups(url: string, logger: Logger): JobWakeups {
  return {
    subscribe: (onWake) => listenOnPostgres(url, JOB_CHANNEL, { onNotification: () => onWake(), onListening: () => onWake() }, logger),
  };
}
