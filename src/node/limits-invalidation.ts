import type { PGlite } from "@electric-sql/pglite";
import { createLimitsCache, type LimitsCache } from "../domain/core/index.js";

/** The channel migration 0020's triggers notify, with the changed workspace's id. */
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
