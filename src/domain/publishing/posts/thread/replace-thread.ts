import { and, eq, inArray } from "drizzle-orm";
import { postTargets, postThreadItems } from "../../../../db/schema/index.js";
import type { Transaction } from "../../../../db/types.js";
import { newId } from "../../../../infra/ids.js";
import { chargeAgentAllowance, refundAgentCharges } from "../../../agents/index.js";
import type { DomainContext } from "../../../core/index.js";
import type { MediaLoader, PreparedContent } from "../prepare-targets.js";
import { refusalOf } from "../target-refusal.js";
import { checkThread, type ThreadItemInput } from "./thread-check.js";
import { insertThreadItems } from "./thread-store.js";

/**
 * `thread` in PATCH /v1/posts/{id} on a draft or a scheduled post: the chain sent replaces the
 * stored one whole (`[]` removes it). It is checked as a whole with each target, exactly as at
 * creation (thread-check.ts), before anything is written: on a scheduled or held post a refused
 * item refuses the edit (the post would otherwise fail when sent); a draft keeps what it is given,
 * its errors shown when it is validated or published, as a new draft's are.
 */
export async function checkNewThread(post: { state: string }, prepared: PreparedContent[], thread: readonly ThreadItemInput[], loadMedia: MediaLoader): Promise<void> {
  // Only the chain's own issues: the post's other fields keep the rules editPost already applies to them.
  const before = prepared.map((t) => t.errors.length);
  await checkThread(prepared, thread.length > 0 ? thread : undefined, loadMedia);
  if (post.state === "draft") return;
  for (const [i, target] of prepared.entries()) {
    const issue = target.errors.slice(before[i] ?? 0)[0];
    if (issue) throw refusalOf(issue, target.platform);
  }
}

/**
 * Writes the new chain in the caller's transaction (the one that updates the post, conditional on
 * its state, so a scheduled run that claimed the post first leaves this edit refused and the chain
 * it is sending untouched). Items are stored uncharged, as a draft's and a scheduled post's are;
 * they are charged when the post is sent. On a scheduled post an agent was charged its allowance
 * for each item when it scheduled it (create-post.ts): the old items give theirs back and the new
 * ones are charged to the editor, as scheduling them would. Returns the agents refunded, to forget
 * once the transaction commits.
 */
export async function replaceThread(tx: Transaction, ctx: DomainContext, post: { id: string; state: string }, thread: readonly ThreadItemInput[]): Promise<string[]> {
  const old = await tx
    .delete(postThreadItems)
    .where(and(eq(postThreadItems.postId, post.id), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "pending")))
    .returning({ id: postThreadItems.id });
  // A scheduled post's targets refused at creation never send, so they take no chain; a draft's all wait.
  const targets = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id), inArray(postTargets.state, ["pending"])));
  const items = targets.flatMap((target) => thread.map((input, i) => ({ id: newId("thr"), targetId: target.id, position: i + 1, input })));
  await insertThreadItems(tx, { workspaceId: ctx.workspace.id, postId: post.id }, items, []);
  if (post.state !== "scheduled") return [];
  const refunded = await refundAgentCharges(
    tx,
    ctx.workspace.id,
    old.map((row) => row.id),
  );
  await chargeAgentAllowance(
    tx,
    ctx,
    items.map((item) => item.id),
    ctx.clock.now(),
  );
  return refunded;
}
