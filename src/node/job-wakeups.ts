import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { JOB_CHANNEL } from "../domain/core/index.js";
import type { Logger } from "../infra/logger.js";

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

const RECONNECT_MS = 5_000;

/**
 * A PostgreSQL server: one dedicated node-postgres connection LISTENs, so an enqueue by this
 * process or any other wakes the poller. A lost connection is reopened after a pause; meanwhile
 * the poller still wakes for its minute sweep and for the next due job it knows of, and each
 * reconnection wakes it once to catch up on what it may have missed.
 */
export function postgresWakeups(url: string, logger: Logger): JobWakeups {
  return {
    async subscribe(onWake) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", () => onWake());
        next.on("error", (error) => {
          logger.error("job wake-up connection lost", { error: String(error) });
          reconnectLater(next);
        });
        next.on("end", () => reconnectLater(next));
        try {
          await next.connect();
          await next.query(`LISTEN ${JOB_CHANNEL}`);
          client = next;
          onWake();
        } catch (error) {
          logger.error("job wake-up connection failed", { error: String(error) });
          reconnectLater(next);
        }
      };
      const reconnectLater = (lost: pg.Client) => {
        if (stopped || (client !== lost && client !== null)) return;
        client = null;
        lost.removeAllListeners();
        // A late error from a connection being closed must not become an uncaught one.
        lost.on("error", () => undefined);
        lost.end().catch(() => undefined);
        clearTimeout(retry);
        retry = setTimeout(() => void connect(), RECONNECT_MS);
        retry.unref?.();
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const open = client;
        client = null;
        if (open) {
          open.removeAllListeners();
          open.on("error", () => undefined);
          await open.end().catch(() => undefined);
        }
      };
    },
  };
}
