import { and, isNotNull, lt, or } from "drizzle-orm";
import { appLinks, dashboardSessions } from "../../../db/schema/index.js";
import type { JobRuntime } from "../../core/index.js";

/** Spent or expired links and ended sessions are kept this long (support questions), then deleted. */
export const DASHBOARD_RETENTION_MS = 7 * 86_400_000;

/**
 * The daily purge: app links past expiry and sessions that ended or expired, older than the
 * retention. Both hold only token hashes, but a table that only grows is a cost and a bigger
 * haystack for nothing.
 */
export async function purgeDashboardSessions(runtime: JobRuntime): Promise<{ links: number; sessions: number }> {
  const cutoff = new Date(runtime.clock.now().getTime() - DASHBOARD_RETENTION_MS);
  const links = await runtime.db.delete(appLinks).where(lt(appLinks.expiresAt, cutoff)).returning({ tokenHash: appLinks.tokenHash });
  const sessions = await runtime.db
    .delete(dashboardSessions)
    .where(or(lt(dashboardSessions.expiresAt, cutoff), and(isNotNull(dashboardSessions.endedAt), lt(dashboardSessions.endedAt, cutoff))))
    .returning({ tokenHash: dashboardSessions.tokenHash });
  return { links: links.length, sessions: sessions.length };
}
