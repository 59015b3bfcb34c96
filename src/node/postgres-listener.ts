import pg from "pg";
import type { Logger } from "../infra/logger.js";

const RECONNECT_MS = 5_000;

export interface PostgresListenerHandlers {
  /** Each NOTIFY on the channel, with its payload. */
  onNotification(payload: string): void;
  /** The connection is listening: after the first connect and after every reconnection, when notices may have been missed. */
  onListening(): void;
  /** The connection was lost: until `onListening` again, notices are missed. */
  onLost?(): void;
}

/**
 * One dedicated node-postgres connection that LISTENs on `channel` (a pooled connection would be
 * handed to other queries between notices). A lost connection is reopened after a pause; the
 * caller hears of the loss and of the reconnection, since notices sent meanwhile are gone.
 * Resolves once the first attempt ended (listening or not) with the function that stops it.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: PostgresListenerHandlers, logger: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => handlers.onNotification(message.payload ?? ""));
    next.on("error", (error) => {
      logger.error(`${channel} listener connection lost`, { error: String(error) });
      reconnectLater(next);
    });
    next.on("end", () => reconnectLater(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) return void (await next.end().catch(() => undefined));
      client = next;
      handlers.onListening();
    } catch (error) {
      logger.error(`${channel} listener connection failed`, { error: String(error) });
      reconnectLater(next);
    }
  };
  const reconnectLater = (lost: pg.Client) => {
    if (stopped || (client !== lost && client !== null)) return;
    client = null;
    handlers.onLost?.();
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
}
