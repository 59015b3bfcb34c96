import { and, eq } from "drizzle-orm";
import { postTargets, posts, profiles } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import { recordEvent } from "../../events/index.js";
import { toPostView } from "./post-view.js";

/** The first poll's job of a target entering processing (the same job publishOne queued). */
export const firstPollKey = (targetId: string) => `poll:${targetId}:1`;

/**
 * `post.processing` with the full post record, read after the target's change in the same
 * transaction. Recorded once per post: only by the writer whose guard on the post
 * (`processing_notified_at`, set in recordLanded's statement) found it unset.
 */
export async function recordProcessingEvent(ctx: DomainContext, tx: Transaction, postId: string, now: Date): Promise<void> {
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, ctx.workspace.id)));
  if (!post) return;
  const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform, postTargets.id);
  const [profile] = post.profileId ? await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
  await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: post.mode, type: "post.processing", data: { ...toPostView(post, targets, profile?.username ?? null) }, at: now });
}
