import { and, asc, eq, inArray } from "drizzle-orm";
import { postThreadItems } from "../../../../db/schema/index.js";
import type { Queryable, Transaction } from "../../../../db/types.js";
import type { DomainContext } from "../../../core/index.js";
import { reserveCredits } from "../credits.js";
import type { ThreadItemInput } from "./thread-check.js";

/**
 * Chains on drafts and scheduled posts: stored with the post (uncharged, `pending`), checked again
 * and charged when the post is really sent (the scheduled run, publishing the draft), then run by
 * the same chain runner as a post published now (publishPrepared → runChains), under the same
 * per-item claims, so a scheduled chain is sent exactly once as a direct one is.
 */

/**
 * The chain of a stored post as its items hold it: every target of a post carries the same chain,
 * so one target's items are the request's `thread`. Undefined when the post has none.
 */
export async function storedThread(db: Queryable, workspaceId: string, postId: string): Promise<ThreadItemInput[] | undefined> {
  const rows = await db
    .select({ targetId: postThreadItems.targetId, text: postThreadItems.text, media: postThreadItems.media, mediaAlt: postThreadItems.mediaAlt })
    .from(postThreadItems)
    .where(and(eq(postThreadItems.postId, postId), eq(postThreadItems.workspaceId, workspaceId)))
    .orderBy(asc(postThreadItems.targetId), asc(postThreadItems.position));
  const first = rows[0]?.targetId;
  if (first === undefined) return undefined;
  return rows.filter((row) => row.targetId === first).map((row) => ({ text: row.text, media: row.media, mediaAlt: row.mediaAlt }));
}

/**
 * Reserves a credit for each waiting, uncharged item of these targets, in the caller's transaction
 * (the one that holds the targets' credits, so out of credits refuses the whole send and writes
 * nothing). Conditional on the item still being uncharged: a credit is never written twice.
 */
export async function holdItemCredits(tx: Transaction, ctx: DomainContext, targetIds: readonly string[], now: Date): Promise<void> {
  if (targetIds.length === 0) return;
  const rows = await tx
    .select({ id: postThreadItems.id })
    .from(postThreadItems)
    .where(and(inArray(postThreadItems.targetId, [...targetIds]), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "pending"), eq(postThreadItems.credits, 0)))
    .orderBy(asc(postThreadItems.id))
    .for("update");
  const ids = rows.map((row) => row.id);
  const sources = await reserveCredits(tx, ctx, ids, now);
  for (const [i, id] of ids.entries()) {
    await tx
      .update(postThreadItems)
      .set({ credits: 1, creditSource: sources[i] ?? null })
      .where(and(eq(postThreadItems.id, id), eq(postThreadItems.credits, 0)));
  }
}

/** The ids of a post's items still waiting to be sent (a cancelled post's, whose agent charges are given back). */
export async function waitingItemIds(db: Queryable, workspaceId: string, postId: string): Promise<string[]> {
  const rows = await db
    .select({ id: postThreadItems.id })
    .from(postThreadItems)
    .where(and(eq(postThreadItems.postId, postId), eq(postThreadItems.workspaceId, workspaceId), eq(postThreadItems.state, "pending")));
  return rows.map((row) => row.id);
}
