import { and, asc, eq } from "drizzle-orm";
import type { EditItemOutcome } from "../../../../db/schema/index.js";
import { postThreadItems } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { adapterFor } from "../../../../networks/registry.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import type { DomainContext } from "../../../core/index.js";
import type { TargetRow } from "../post-view.js";
import { targetError } from "../target-outcome.js";
import type { ThreadItemInput } from "../thread/thread-check.js";
import type { TargetEditPlan } from "./edit-plan.js";

/**
 * `thread` in PATCH /v1/posts/{id} on a published chain: the items are addressed by position
 * (`thread[0]` is the first reply), their number and media fixed. Each item whose text differs is
 * an edit of a live reply, and every network with chains refuses that through its API
 * (../shared/networks/publishing-depth.md): X's edit publishes a new post id, only within 30
 * minutes and for subscribed accounts, which would cut the chain the replies hang from; Threads
 * has no edit endpoint; a Bluesky record can be overwritten, but replies keep the old CID and no
 * client shows it as an edit. So each changed item is refused on its own, with a code and a fix,
 * beside whatever the same request changes on the post itself.
 */

/** The request-level refusals: checked before anything is written or sent. */
export async function assertThreadEditable(ctx: DomainContext, postId: string, thread: readonly ThreadItemInput[]): Promise<void> {
  const rows = await ctx.db
    .select({ targetId: postThreadItems.targetId })
    .from(postThreadItems)
    .where(and(eq(postThreadItems.postId, postId), eq(postThreadItems.workspaceId, ctx.workspace.id)));
  const perTarget = new Map<string, number>();
  for (const row of rows) perTarget.set(row.targetId, (perTarget.get(row.targetId) ?? 0) + 1);
  const length = Math.max(0, ...perTarget.values());
  if (length === 0) {
    throw new ApiError("edit_unsupported", { param: "thread", message: "This post has no chain, and replies cannot be added to a post once it is published through `thread`." });
  }
  if (thread.length !== length) {
    throw new ApiError("edit_unsupported", {
      param: "thread",
      message: `This post's chain has ${length} item${length === 1 ? "" : "s"} after the post; once published, items cannot be added or removed, so \`thread\` must list ${length}.`,
    });
  }
  const withMedia = thread.findIndex((item) => item.media !== undefined || item.mediaAlt !== undefined);
  if (withMedia >= 0) throw new ApiError("edit_unsupported", { param: `thread[${withMedia}].media`, message: "A published item's media cannot change." });
}

const itemRefusal = (platform: PlatformId, position: number) =>
  new ApiError("edit_unsupported", {
    platform,
    param: `thread[${position - 1}].text`,
    message: `${adapterFor(platform).capabilities.name} offers no way to change a published reply of a chain through its API; item ${position} stays as it is.`,
  });

/** Each target's item outcomes, and its plan once they are counted (only a change of the items alone fails the target). */
export async function planItems(
  ctx: DomainContext,
  targets: readonly TargetRow[],
  plans: TargetEditPlan[],
  thread: readonly ThreadItemInput[],
): Promise<{ plans: TargetEditPlan[]; items: Map<string, EditItemOutcome[]> }> {
  const items = new Map<string, EditItemOutcome[]>();
  for (const target of targets) {
    const stored = await ctx.db
      .select()
      .from(postThreadItems)
      .where(and(eq(postThreadItems.targetId, target.id), eq(postThreadItems.workspaceId, ctx.workspace.id)))
      .orderBy(asc(postThreadItems.position));
    if (stored.length === 0) continue;
    const outcomes: EditItemOutcome[] = stored.map((item) => {
      const wanted = thread[item.position - 1]?.text;
      if (wanted === undefined || wanted === item.text) return { position: item.position, state: "unchanged", error: null };
      if (item.state !== "published") return { position: item.position, state: "not_published", error: null };
      return { position: item.position, state: "failed", error: { ...targetError(itemRefusal(target.platform as PlatformId, item.position)) } };
    });
    items.set(target.id, outcomes);
  }
  return {
    items,
    plans: plans.map((plan) => {
      const failed = items.get(plan.targetId)?.find((o) => o.state === "failed");
      if (plan.state !== "unchanged" || !failed) return plan;
      return { ...plan, state: "failed", error: itemRefusal(targets.find((t) => t.id === plan.targetId)?.platform as PlatformId, failed.position) };
    }),
  };
}
