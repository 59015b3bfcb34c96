import { sql } from "drizzle-orm";
import { analyticsCache } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

/**
 * How long a cached read answers without asking the network. The networks themselves update
 * insights hours to days late (Instagram up to 48 h, YouTube 1-2 days), so an hour spends far
 * less quota at no real loss; `refresh=true` reads sooner, within `minRefreshSeconds`.
 */
export const CACHE_SECONDS = 3600;

export interface CachedEntry<T> {
  data: T;
  fetchedAt: Date;
}

/** Whether a cached entry is answered as it is: fresh enough, or too young for the refresh asked. */
export function cacheAnswers(entry: { fetchedAt: Date } | null, now: Date, refresh: boolean, minRefreshSeconds: number): boolean {
  if (!entry) return false;
  const age = (now.getTime() - entry.fetchedAt.getTime()) / 1000;
  return refresh ? age < minRefreshSeconds : age < CACHE_SECONDS;
}

/** Stores fresh reads in one statement, replacing what each key held. */
export async function storeCached(ctx: DomainContext, entries: { accountId: string; scope: string; data: Record<string, unknown>; fetchedAt: Date }[]): Promise<void> {
  if (entries.length === 0) return;
  await ctx.db
    .insert(analyticsCache)
    .values(entries.map((e) => ({ workspaceId: ctx.workspace.id, ...e })))
    .onConflictDoUpdate({
      target: [analyticsCache.workspaceId, analyticsCache.accountId, analyticsCache.scope],
      set: { data: sql`excluded.data`, fetchedAt: sql`excluded.fetched_at` },
    });
}
