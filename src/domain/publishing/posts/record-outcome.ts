import { and, eq, inArray, sql } from "drizzle-orm";
import { postTargets, posts, profiles } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import { recordEvent } from "../../events/index.js";
import { forgetAgents } from "../../agents/index.js";
import { creditPeriod } from "../../billing/index.js";
import { derivePostState, eventForState } from "./derive-state.js";
import { IN_FLIGHT_SQL, IN_FLIGHT_STATES } from "./in-flight.js";
import { logTargetOutcome } from "./outcome-log.js";
import { type PostView, type TargetError, toPostView } from "./post-view.js";
import { type TargetOutcome, targetError, unknownColumns } from "./target-outcome.js";
import { recordLanded } from "./record-landed.js";
import { threadItemsOf } from "./thread/thread-view.js";

export { type TargetOutcome, targetError } from "./target-outcome.js";

/**
 * Stores one target's outcome as it lands: the one entry to the writers of a target's outcome,
 * whichever path brings it (a send, a poll, a scheduled run or a retry refusing a target), in one
 * statement (one round trip). The update is
 * conditional on the target still being in flight, so a duplicate delivery or a late poll cannot
 * overwrite a final outcome. A target that did not publish gives its reserved credit back to the
 * bucket it came from in the same statement: the row's old `credit_source` is read under the
 * row's lock (`for update` in the first CTE), so two racing failures refund once. An agent's
 * daily allowance gets the credit back in the same statement (agent-spend.ts).
 */
export async function recordTargetOutcome(ctx: DomainContext, targetId: string, outcome: TargetOutcome): Promise<boolean> {
  // Published and processing have one writer, alone or batched (record-landed.ts); a poll's
  // answer queues no first poll, its own chain goes on.
  if (outcome.state === "published" || outcome.state === "processing") return (await recordLanded(ctx, [{ targetId, mode: ctx.apiKey.mode, outcome, firstPoll: false }])).has(targetId);
  const now = ctx.clock.now();
  const recorded = outcome.state === "failed" ? await recordFailure(ctx, targetId, targetError(outcome.error), now) : await recordProgress(ctx, targetId, outcome, now);
  if (recorded) logTargetOutcome(ctx, recorded, outcome);
  return recorded !== null;
}

type RecordedTarget = { id: string; postId: string; platform: string };
const recordedColumns = { id: postTargets.id, postId: postTargets.postId, platform: postTargets.platform };

/** Deferred (throttled: back to `pending` until its retry) and unknown (the check at the network is due). */
async function recordProgress(ctx: DomainContext, targetId: string, outcome: Extract<TargetOutcome, { state: "deferred" | "unknown" }>, now: Date): Promise<RecordedTarget | null> {
  const inFlight = and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id), inArray(postTargets.state, [...IN_FLIGHT_STATES]));
  const values = outcome.state === "deferred" ? { state: "pending", nextPollAt: outcome.retryAt, attemptStartedAt: null } : unknownColumns(now);
  const [row] = await ctx.db.update(postTargets).set(values).where(inFlight).returning(recordedColumns);
  return row ?? null;
}

async function recordFailure(ctx: DomainContext, targetId: string, error: TargetError, now: Date): Promise<RecordedTarget | null> {
  const workspaceId = ctx.workspace.id;
  const period = creditPeriod(now);
  // The credit goes back to the bucket and ledger it came from (credit_source). A monthly credit
  // reserved in an earlier month has expired with it: only a granted or purchased credit, or a
  // monthly one of the current period, goes back (capped at the allowance).
  const result: unknown = await ctx.db.execute(sql`
    with old as (
      select id, post_id, platform, credit_source from post_targets
      where id = ${targetId} and workspace_id = ${workspaceId} and state in ${IN_FLIGHT_SQL}
      for update
    ), changed as (
      update post_targets t
      set state = 'failed', error = ${JSON.stringify(error)}::jsonb, credits = 0, credit_source = null, poll_token = null, next_poll_at = null
      from old where t.id = old.id
      returning old.id as id, old.post_id as post_id, old.platform as platform, old.credit_source as source
    ), refunded as (
      update workspaces w
      set credits_pack = w.credits_pack + (case when c.source = 'pack' then 1 else 0 end),
          credits_purchased = w.credits_purchased + (case when c.source = 'purchased' then 1 else 0 end),
          credits_monthly = case when c.source = 'monthly' then least(w.monthly_allowance, w.credits_monthly + 1) else w.credits_monthly end,
          test_credits_pack = w.test_credits_pack + (case when c.source = 'test_pack' then 1 else 0 end),
          test_credits_monthly = case when c.source = 'test_monthly' then least(w.monthly_allowance, w.test_credits_monthly + 1) else w.test_credits_monthly end
      from changed c
      where w.id = ${workspaceId}
        and (c.source in ('pack', 'purchased', 'test_pack')
          or (c.source = 'monthly' and w.credits_period = ${period})
          or (c.source = 'test_monthly' and w.test_credits_period = ${period}))
      returning w.id
    ), agent_refund as (
      -- The agent that paid for the target gets its allowance back on the day it was charged.
      insert into agent_spend (subject, kind, agent_id, workspace_id, day, amount)
      select s.subject, 'refund', s.agent_id, s.workspace_id, s.day, -s.amount
      from agent_spend s join changed c on s.subject = c.id
      where s.kind = 'charge' and s.workspace_id = ${workspaceId}
      on conflict do nothing
      returning agent_id
    )
    select id, post_id, platform, (select agent_id from agent_refund limit 1) as agent_id from changed`);
  // Every driver we run on (PGlite, node-postgres, Neon) answers raw SQL with `{ rows }`.
  const rows =
    typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)
      ? (result.rows as { id: string; post_id: string; platform: string; agent_id: string | null }[])
      : [];
  const [row] = rows;
  if (row?.agent_id) forgetAgents(ctx, [row.agent_id]);
  return row ? { id: row.id, postId: row.post_id, platform: row.platform } : null;
}

/**
 * Recomputes the post's state from its targets and, when it changed to a state that has an
 * event, records the `post.*` event with the full post record (so receivers need no follow-up
 * call). The state write is conditional on the previous state, so two finishing targets racing
 * here record the event once.
 */
const heldStates = new Set(["draft", "cancelled", "pending_approval", "rejected"]);

export async function settlePost(ctx: DomainContext, postId: string): Promise<PostView | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [post] = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, ctx.workspace.id)))
      .for("update");
    if (!post) return null;
    const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform, postTargets.id);
    const [profile] = post.profileId ? await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
    const items = await threadItemsOf(tx, ctx.workspace.id, [postId]);
    const state = derivePostState(
      targets.map((t) => t.state),
      post.state === "scheduled",
    );
    let current = post;
    // A post waiting for (or refused) approval keeps that state: only a decision moves it.
    if (state !== post.state && !heldStates.has(post.state)) {
      const publishedAt = state === "published" || state === "partial" ? (post.publishedAt ?? now) : post.publishedAt;
      const [updated] = await tx.update(posts).set({ state, updatedAt: now, publishedAt }).where(eq(posts.id, postId)).returning();
      if (updated) current = updated;
      const view = toPostView(current, targets, profile?.username ?? null, items);
      const type = eventForState(state);
      // `post.processing` is recorded by the first target entering processing, never here.
      if (type && type !== "post.processing") await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: current.mode, type, data: { ...view }, at: now });
      return view;
    }
    return toPostView(current, targets, profile?.username ?? null, items);
  });
}
