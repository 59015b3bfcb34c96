import { and, eq } from "drizzle-orm";
import { postTargets, posts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import type { PostView } from "./post-view.js";
import { settlePost } from "./record-outcome.js";

/**
 * Whether a target's fate is still being decided by someone: sent and unanswered (`publishing`),
 * timed out and awaiting the check at the network (`unknown`), or stored but never sent by a
 * request that died (`pending` in a post that is already being published, with no retry set;
 * the stuck-target sweep sends those). A throttled target (`pending` with a retry time) and a
 * network still processing are settled as far as an answer goes: the first answer shows them so.
 */
function settling(postState: string, target: { state: string; nextPollAt: Date | null }): boolean {
  if (target.state === "publishing" || target.state === "unknown") return true;
  return target.state === "pending" && postState === "processing" && target.nextPollAt === null;
}

export type RecoveredPost = { kind: "settled"; post: PostView } | { kind: "settling" } | { kind: "gone" };

/**
 * The answer owed to a retry whose first request stored `postId` and then died (a crash, a
 * killed isolate): the post as it is once every target's fate is known, never a second publish.
 * Until then the retry is told the request is still in progress.
 */
export async function recoverCommittedPost({ ctx, input }: { ctx: DomainContext; input: { postId: string } }): Promise<RecoveredPost> {
  const [post] = await ctx.db
    .select({ id: posts.id, state: posts.state })
    .from(posts)
    .where(and(eq(posts.id, input.postId), eq(posts.workspaceId, ctx.workspace.id)));
  if (!post) return { kind: "gone" };
  const targets = await ctx.db
    .select({ state: postTargets.state, nextPollAt: postTargets.nextPollAt })
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id)));
  if (targets.some((t) => settling(post.state, t))) return { kind: "settling" };
  const view = await settlePost(ctx, post.id);
  return view ? { kind: "settled", post: view } : { kind: "gone" };
}
