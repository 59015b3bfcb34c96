import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { posts } from "../../../db/schema/index.js";
import { postsWithinGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";

// Written with qualified names: drizzle leaves the columns of a one-table select unqualified,
// and inside these subqueries a bare "id" or "state" would be the inner table's.

/**
 * The post (a row of posts) uses the media id `id`: in `media`, in a network's override, in
 * an item of its thread chain, or in a target's first comment.
 */
export function postUses(id: SQL): SQL {
  const one = sql`jsonb_build_array(${id})`;
  return sql`("posts"."media" @> ${one}
    or exists (select 1 from jsonb_each("posts"."media_overrides") as override(network, ids) where override.ids @> ${one})
    or exists (select 1 from post_thread_items item where item.post_id = "posts"."id" and item.media @> ${one})
    or exists (select 1 from post_targets target where target.post_id = "posts"."id" and target.first_comment_media @> ${one}))`;
}

/**
 * The post will still read the file: it is scheduled, or a target (or a thread item) has not
 * been sent, is being sent, or waits on the network's processing, which for some networks
 * fetches the file from its signed URL.
 */
export const postStillNeedsMedia: SQL = sql`("posts"."state" in ('scheduled', 'processing')
  or exists (select 1 from post_targets target where target.post_id = "posts"."id" and target.state in ('scheduled', 'pending', 'publishing', 'processing'))
  or exists (select 1 from post_thread_items item where item.post_id = "posts"."id" and item.state in ('pending', 'publishing', 'processing'))
  or exists (select 1 from post_targets target where target.post_id = "posts"."id" and target.first_comment_media is not null and target.first_comment_state in ('pending', 'sending', 'processing')))`;

/** Posts listed in a media record's `usedBy`; a file used by more is rare and the list says so by its length. */
export const USED_BY_LIMIT = 100;

export interface MediaUse {
  post: string;
  state: string;
  scheduledAt: string | null;
  /** This post still reads the file: DELETE /v1/media/{id} is refused while it does. */
  needsMedia: boolean;
}

/** The posts of this workspace (within a narrowed agent's grant) that use the file, newest first. */
export async function mediaUses(ctx: DomainContext, mediaId: string): Promise<MediaUse[]> {
  const rows = await ctx.db
    .select({ id: posts.id, state: posts.state, scheduledAt: posts.scheduledAt, needsMedia: sql<boolean>`${postStillNeedsMedia}` })
    .from(posts)
    .where(and(eq(posts.workspaceId, ctx.workspace.id), postUses(sql`${mediaId}::text`), postsWithinGrant(ctx)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(USED_BY_LIMIT);
  return rows.map((row) => ({ post: row.id, state: row.state, scheduledAt: row.scheduledAt?.toISOString() ?? null, needsMedia: row.needsMedia === true }));
}
