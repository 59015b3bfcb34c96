import { and, eq, isNull, lte, or } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { PUBLISH_TIMEOUT_MS } from "./publish-timeout.js";

/** A claim older than this belongs to a retract that died mid-call: the next retract may take it. */
const CLAIM_LEASE_MS = PUBLISH_TIMEOUT_MS + 30_000;
/** How often a waiting retract looks at the target again. */
const WAIT_STEP_MS = 150;

/**
 * Takes the right to send this target's DELETE: true when the target is still published and no
 * other retract holds a live claim. One conditional update, so two retracts never both get it.
 */
export async function claimRetract(ctx: DomainContext, targetId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS);
  const claimed = await ctx.db
    .update(postTargets)
    .set({ retractStartedAt: now })
    .where(
      and(
        eq(postTargets.id, targetId),
        eq(postTargets.workspaceId, ctx.workspace.id),
        eq(postTargets.state, "published"),
        or(isNull(postTargets.retractStartedAt), lte(postTargets.retractStartedAt, stale)),
      ),
    )
    .returning({ id: postTargets.id });
  return claimed.length > 0;
}

/** Ends the claim: `retracted` when the network said yes, else the target stays published for a later retract. */
export async function releaseRetract(ctx: DomainContext, targetId: string, deleted: boolean): Promise<void> {
  await ctx.db
    .update(postTargets)
    .set(deleted ? { state: "retracted", retractStartedAt: null } : { retractStartedAt: null })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "published")));
}

export type ClaimWait = "claimed" | "retracted" | "gone" | "still_claimed";

/**
 * Waits for another retract's claim to end (real time, at most one network call's timeout): `retracted`
 * when it deleted the post, `claimed` when it failed and this retract now holds the claim, `gone` when
 * the target left `published` another way, `still_claimed` when the other retract did not finish in time.
 */
export async function waitForOtherRetract(ctx: DomainContext, targetId: string): Promise<ClaimWait> {
  const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const [row] = await ctx.db
      .select({ state: postTargets.state })
      .from(postTargets)
      .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
    if (row?.state === "retracted") return "retracted";
    if (row?.state !== "published") return "gone";
    if (await claimRetract(ctx, targetId)) return "claimed";
  }
  return "still_claimed";
}
