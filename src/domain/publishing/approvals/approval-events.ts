import { and, eq } from "drizzle-orm";
import { postTargets, posts, profiles } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import { recordEvent } from "../../events/index.js";
import { toPostView } from "../posts/post-view.js";

export type ApprovalEventType = "post.pending_approval" | "post.approved" | "post.rejected";

/**
 * An approval event with the full post record as it is in this transaction, so the event is
 * written (and its deliveries queued) exactly when the decision it reports commits.
 */
export async function recordApprovalEvent(ctx: DomainContext, tx: Transaction, postId: string, type: ApprovalEventType, now: Date): Promise<void> {
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, ctx.workspace.id)));
  if (!post) return;
  const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform, postTargets.id);
  const [profile] = post.profileId ? await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
  await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: post.mode, type, data: { ...toPostView(post, targets, profile?.username ?? null) }, at: now });
}
