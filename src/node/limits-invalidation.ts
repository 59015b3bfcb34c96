import type { PGlite } from "@electric-sql/pglite";
import { createLimitsCache, type LimitsCache } from "../domain/core/index.js";
import type { Logger } from "../infra/logger.js";
import { listenOnPostgres } from "./postgres-listener.js";

/** The channel migration 0020's (and 0038's) triggers notify, with the changed workspace's id. */
export const LIMITS_CHANNEL = "chorus_limits";

const caches = new WeakMap<PGlite, Promise<LimitsCache>>();

/**
 * A limits cache for the embedded PGlite, which only this process writes: the session asks the
 * triggers to notify, and PGlite hands each NOTIFY to its listener when the changing statement
 * (or its transaction's commit) returns, before the caller's await resumes. So a cached row is
 * never older than the last committed change: no time bound to document. One per client, so the
 * test apps of a file sharing one database share its cache too.
 */
export function cacheLimitsOnPglite(client: PGlite): Promise<LimitsCache> {
  let cache = caches.get(client);
  if (!cache) {
    cache = (async () => {
      const created = createLimitsCache();
      await client.listen(LIMITS_CHANNEL, (workspaceId) => created.forgetWorkspace(workspaceId));
      await client.exec("set chorus.limits_notify = 'on'");
      return created;
    })();
    caches.set(client, cache);
  }
  return cache;
}

/**
 * A limits cache for a PostgreSQL server that other processes may write to too: it keeps only the
 * connected accounts and the stored bytes (scope `usage`), forgotten on each NOTIFY that migration
 * 0038's triggers send from any session for those rows. A notice travels to this process's
 * listening connection while the writer's commit returns, so another process's change shows
 * within that delivery (under a millisecond on one host). While the connection is lost nothing is
 * cached, and a reconnection forgets everything, since notices sent meanwhile are gone.
 */
export async function cacheLimitsUsageOnPostgres(url: string, logger: Logger): Promise<{ cache: LimitsCache; close: () => Promise<void> }> {
  const cache = createLimitsCache(10_000, "usage");
  let listening = false;
  const close = await listenOnPostgres(
    url,
    LIMITS_CHANNEL,
    {
      onNotification: (workspaceId) => cache.forgetWorkspace(workspaceId),
      onListening: () => {
        cache.forgetAll();
        listening = true;
      },
      onLost: () => {
        listening = false;
        cache.forgetAll();
      },
    },
    logger,
  );
  const guarded: LimitsCache = {
    scope: "usage",
    get: (workspaceId, mode) => (listening ? cache.get(workspaceId, mode) : undefined),
    generation: () => cache.generation(),
    set: (workspaceId, mode, row, seen) => {
      if (listening) cache.set(workspaceId, mode, row, seen);
    },
    forgetWorkspace: (workspaceId) => cache.forgetWorkspace(workspaceId),
    forgetAll: () => cache.forgetAll(),
  };
  return { cache: guarded, close };
}
