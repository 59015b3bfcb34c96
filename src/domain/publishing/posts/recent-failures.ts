import { and, desc, eq, inArray } from "drizzle-orm";
import { posts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

export interface FailedPost {
  id: string;
  state: string;
  text: string;
  createdAt: string;
}

/**
 * The newest failed or partly failed posts in the key's mode, without their targets: the
 * overview lists them and links to each post, so one query instead of a post list's two.
 */
export async function recentFailures({ ctx, input }: { ctx: DomainContext; input: { limit: number } }): Promise<FailedPost[]> {
  const rows = await ctx.db
    .select({ id: posts.id, state: posts.state, text: posts.text, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.workspaceId, ctx.workspace.id), eq(posts.mode, ctx.apiKey.mode), inArray(posts.state, ["failed", "partial"])))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
