import { and, eq } from "drizzle-orm";
import { postTargets, posts, profiles } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import type { JobQueue } from "../../core/index.js";
import { recordEventOnce } from "../../events/index.js";
import { toPostView } from "./post-view.js";
import { threadItemsOf } from "./thread/thread-view.js";

/** The event's source: one per target, so a comment found failed twice (the call, then the sweep) is reported once. */
export const firstCommentFailedSource = (targetId: string) => `post.first_comment_failed:${targetId}`;

/**
 * `post.first_comment_failed`, written in the transaction that settled the comment (refused,
 * out of credits, or unknown after a lost answer), with the full post record as a post event
 * carries it and `target` naming the target whose comment did not go out. The post's own state
 * is untouched: the post is live, only its comment is not (for sure).
 */
export async function recordFirstCommentFailed(db: Queryable, jobs: JobQueue, scope: { workspaceId: string; targetId: string }, now: Date): Promise<void> {
  const [target] = await db
    .select({ postId: postTargets.postId })
    .from(postTargets)
    .where(and(eq(postTargets.id, scope.targetId), eq(postTargets.workspaceId, scope.workspaceId)));
  if (!target) return;
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, target.postId), eq(posts.workspaceId, scope.workspaceId)));
  if (!post) return;
  const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post.id)).orderBy(postTargets.platform, postTargets.id);
  const [profile] = post.profileId ? await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
  const items = await threadItemsOf(db, scope.workspaceId, [post.id]);
  const view = toPostView(post, targets, profile?.username ?? null, items);
  await recordEventOnce(db, jobs, {
    workspaceId: scope.workspaceId,
    mode: post.mode,
    type: "post.first_comment_failed",
    sourceId: firstCommentFailedSource(scope.targetId),
    data: { ...view, target: scope.targetId },
    at: now,
  });
}
