import { and, eq, inArray } from "drizzle-orm";
import { postThreadItems } from "../../../../db/schema/index.js";
import type { Queryable } from "../../../../db/types.js";

export type ThreadItemRow = typeof postThreadItems.$inferSelect;

/** An item's refusal, in the shape of a target's (post-view.ts ItemError). */
interface ItemError {
  code: string;
  message: string;
  fix: string | null;
  retryable: boolean;
  platform: string | null;
  param?: string | null;
}

/** One follow-up item of a target's chain, as answers and events show it. */
export interface ThreadItemView {
  /** 1 for the reply to the post itself, 2 for the reply to that, and so on (`thread[position - 1]` of the request). */
  position: number;
  state: string;
  networkPostId: string | null;
  url: string | null;
  error: ItemError | null;
  publishedAt: string | null;
  credits: number;
}

export function toThreadItemView(row: ThreadItemRow): ThreadItemView {
  return {
    position: row.position,
    state: row.state,
    networkPostId: row.networkPostId,
    url: row.url,
    error: (row.error as ItemError | null) ?? null,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    credits: row.credits,
  };
}

/** The chain items of these posts, in chain order, scoped to the workspace. */
export async function threadItemsOf(db: Queryable, workspaceId: string, postIds: readonly string[]): Promise<ThreadItemRow[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select()
    .from(postThreadItems)
    .where(and(eq(postThreadItems.workspaceId, workspaceId), inArray(postThreadItems.postId, [...postIds])));
  return rows.sort((a, b) => a.position - b.position);
}
