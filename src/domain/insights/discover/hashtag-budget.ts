import { and, asc, eq, gt, sql } from "drizzle-orm";
import { hashtagSearches, socialAccounts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type BudgetAnswer = { ok: true } | { ok: false; used: number; freesAt: Date };

/**
 * Spends one of the account's unique hashtags for this week, or says when one frees up. A hashtag
 * already searched in its 7 days is free and keeps its first time (the network does not restart
 * its window). The account row is locked while counting, so two searches of new hashtags at once
 * cannot both take the 30th place.
 */
export async function spendHashtag(ctx: DomainContext, row: SocialAccountRow, hashtag: string, limit: number): Promise<BudgetAnswer> {
  const now = ctx.clock.now();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, row.id), eq(socialAccounts.workspaceId, ctx.workspace.id)))
      .for("update");
    const inWindow = await tx
      .select({ hashtag: hashtagSearches.hashtag, firstSearchedAt: hashtagSearches.firstSearchedAt })
      .from(hashtagSearches)
      .where(and(eq(hashtagSearches.workspaceId, ctx.workspace.id), eq(hashtagSearches.accountId, row.id), gt(hashtagSearches.firstSearchedAt, weekAgo)))
      .orderBy(asc(hashtagSearches.firstSearchedAt));
    if (inWindow.some((r) => r.hashtag === hashtag)) return { ok: true };
    const oldest = inWindow[0];
    if (inWindow.length >= limit && oldest) return { ok: false, used: inWindow.length, freesAt: new Date(oldest.firstSearchedAt.getTime() + WEEK_MS) };
    await tx
      .insert(hashtagSearches)
      .values({ workspaceId: ctx.workspace.id, accountId: row.id, hashtag, firstSearchedAt: now })
      .onConflictDoUpdate({ target: [hashtagSearches.accountId, hashtagSearches.hashtag], set: { firstSearchedAt: sql`excluded.first_searched_at` } });
    return { ok: true };
  });
}
