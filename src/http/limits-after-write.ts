import type { LimitsCache } from "../domain/core/index.js";

/**
 * A PostgreSQL server's limits cache learns of changes by NOTIFY, which reaches this process's
 * listening connection asynchronously: a caller who changed something (connected an account,
 * uploaded a file) and reads its limits next must not be answered from before its own change. The
 * write has committed by now, so a read that starts after this sees it.
 */
export function forgetLimitsAfterWrite(method: string, cache: LimitsCache | undefined, workspaceId: string): void {
  if (cache?.scope === "usage" && method !== "GET" && method !== "HEAD") cache.forgetWorkspace(workspaceId);
}
