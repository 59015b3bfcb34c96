import { and, eq } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import type { PreparedContent } from "./prepare-targets.js";

/**
 * A new target's first-comment columns: the comment its network's rule let through, waiting
 * (`pending`) for the post to be live. A target refused before sending has none to post.
 */
export function firstCommentColumns(t: Pick<PreparedContent, "firstComment" | "errors">): { firstCommentText: string | null; firstCommentMedia: string[] | null; firstCommentState: "pending" | null } {
  if (!t.firstComment || t.errors.length > 0) return { firstCommentText: null, firstCommentMedia: null, firstCommentState: null };
  const media = t.firstComment.media ?? [];
  return { firstCommentText: t.firstComment.text, firstCommentMedia: media.length > 0 ? media : null, firstCommentState: "pending" };
}

/**
 * A draft or scheduled post whose content changed, or a draft sent now: its waiting targets take
 * the first comment the checks just let through, so what is posted is what validate said.
 */
export async function rewriteFirstComments(tx: Queryable, ctx: DomainContext, postId: string, prepared: readonly Pick<PreparedContent, "account" | "firstComment" | "errors">[]): Promise<void> {
  for (const p of prepared) {
    await tx
      .update(postTargets)
      .set(firstCommentColumns(p))
      .where(and(eq(postTargets.postId, postId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.accountId, p.account.id), eq(postTargets.state, "pending")));
  }
}
