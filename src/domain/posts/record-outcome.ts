import { and, eq } from "drizzle-orm";
import { postTargets, posts, profiles } from "../../db/schema/index.js";
import type { ApiError } from "../../infra/errors.js";
import type { DomainContext } from "../context.js";
import { recordEvent } from "../events/record-event.js";
import { type CreditSource, refundCredit } from "./credits.js";
import { derivePostState, eventForState } from "./derive-state.js";
import { type PostView, type TargetError, toPostView } from "./post-view.js";

export type TargetOutcome =
  | { state: "published"; networkPostId: string; url: string | null }
  | { state: "processing"; networkPostId: string | null; url: string | null; pollToken: string; nextPollAt: Date }
  | { state: "failed"; error: ApiError }
  | { state: "unknown" }
  /** Throttled by the network: back to `pending` until `retryAt`, keeping its reserved credit. */
  | { state: "deferred"; retryAt: Date };

export function targetError(error: ApiError): TargetError {
  return { code: error.code, message: error.message, fix: error.fix, retryable: error.retryable, platform: error.platform, param: error.param };
}

/**
 * Stores one target's outcome as it lands. The update is conditional on the target still being
 * in flight, so a duplicate delivery or a late poll cannot overwrite a final outcome; a target
 * that did not publish gives its reserved credit back in the same transaction.
 */
export async function recordTargetOutcome(ctx: DomainContext, targetId: string, outcome: TargetOutcome): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id)))
      .for("update");
    if (!target || !["publishing", "processing", "unknown"].includes(target.state)) return false;
    if (outcome.state === "published") {
      await tx
        .update(postTargets)
        .set({ state: "published", networkPostId: outcome.networkPostId, url: outcome.url, publishedAt: now, error: null, pollToken: null, nextPollAt: null })
        .where(eq(postTargets.id, targetId));
    } else if (outcome.state === "processing") {
      await tx
        .update(postTargets)
        .set({ state: "processing", networkPostId: outcome.networkPostId, url: outcome.url, pollToken: outcome.pollToken, nextPollAt: outcome.nextPollAt })
        .where(eq(postTargets.id, targetId));
    } else if (outcome.state === "deferred") {
      await tx.update(postTargets).set({ state: "pending", nextPollAt: outcome.retryAt, attemptStartedAt: null }).where(eq(postTargets.id, targetId));
    } else if (outcome.state === "unknown") {
      await tx.update(postTargets).set({ state: "unknown", nextPollAt: now }).where(eq(postTargets.id, targetId));
    } else {
      await tx
        .update(postTargets)
        .set({ state: "failed", error: { ...targetError(outcome.error) }, credits: 0, creditSource: null, pollToken: null, nextPollAt: null })
        .where(eq(postTargets.id, targetId));
      if (target.creditSource) await refundCredit(tx, ctx.workspace.id, target.creditSource as CreditSource, now);
    }
    return true;
  });
}

/**
 * Recomputes the post's state from its targets and, when it changed to a state that has an
 * event, records the `post.*` event with the full post record (so receivers need no follow-up
 * call). The state write is conditional on the previous state, so two finishing targets racing
 * here record the event once.
 */
export async function settlePost(ctx: DomainContext, postId: string): Promise<PostView | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(and(eq(posts.id, postId), eq(posts.workspaceId, ctx.workspace.id))).for("update");
    if (!post) return null;
    const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform, postTargets.id);
    const [profile] = post.profileId ? await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
    const state = derivePostState(
      targets.map((t) => t.state),
      post.state === "scheduled",
    );
    let current = post;
    if (state !== post.state && post.state !== "draft" && post.state !== "cancelled") {
      const publishedAt = state === "published" || state === "partial" ? (post.publishedAt ?? now) : post.publishedAt;
      const [updated] = await tx.update(posts).set({ state, updatedAt: now, publishedAt }).where(eq(posts.id, postId)).returning();
      if (updated) current = updated;
      const view = toPostView(current, targets, profile?.username ?? null);
      const type = eventForState(state);
      if (type) await recordEvent(tx, { workspaceId: ctx.workspace.id, type, data: { ...view }, at: now });
      return view;
    }
    return toPostView(current, targets, profile?.username ?? null);
  });
}
