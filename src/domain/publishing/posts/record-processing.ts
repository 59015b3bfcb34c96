import { and, eq, sql } from "drizzle-orm";
import { jobs, postTargets, posts, profiles } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";
import { recordEvent } from "../../events/index.js";
import { rowsOf } from "../../core/index.js";
import { JOB_CHANNEL } from "../../core/index.js";
import { IN_FLIGHT_SQL } from "./in-flight.js";
import { logTargetOutcome } from "./outcome-log.js";
import { toPostView } from "./post-view.js";
import { type TargetOutcome, recordTargetOutcome, targetError } from "./record-outcome.js";

type Processing = Extract<TargetOutcome, { state: "processing" }>;

/** The first poll's job of a target entering processing (the same job publishOne queued). */
export const firstPollKey = (targetId: string) => `poll:${targetId}:1`;

/**
 * A target entering processing, with its first poll queued and, for the post's first such
 * target, `post.processing`. On the Node job table this is one statement in a transaction (the
 * event's reads and write only for the first target), where it was the target's update, the
 * post's guard, the job's insert and its wake-up, each its own round trip: about half the
 * targets of a ten-network post are asynchronous (video, TikTok, Instagram, Threads), and on
 * PGlite each statement waits its turn on the one connection. Elsewhere (QStash), as before:
 * recordTargetOutcome, then the job. Returns whether the outcome was recorded.
 */
export async function recordProcessingOutcome(ctx: DomainContext, input: { targetId: string; mode: "test" | "live"; outcome: Processing }): Promise<boolean> {
  const { targetId, outcome } = input;
  const poll = { kind: "poll_target" as const, payload: { targetId, attempt: 1, workspaceId: ctx.workspace.id, mode: input.mode }, runAt: outcome.nextPollAt, dedupKey: firstPollKey(targetId) };
  if (!ctx.services.jobs.rowsInDatabase) {
    const recorded = await recordTargetOutcome(ctx, targetId, outcome);
    if (recorded) await ctx.services.jobs.enqueue(poll, ctx.db);
    return recorded;
  }
  const now = ctx.clock.now();
  const warnings = outcome.warnings && outcome.warnings.length > 0 ? JSON.stringify(outcome.warnings.map((w) => ({ ...targetError(w) }))) : null;
  const recorded = await ctx.db.transaction(async (tx) => {
    const result: unknown = await tx.execute(sql`
      with target as (
        update ${postTargets}
        set state = 'processing', network_post_id = ${outcome.networkPostId}, url = ${outcome.url}, poll_token = ${outcome.pollToken},
          next_poll_at = ${outcome.nextPollAt.toISOString()}::timestamptz, warnings = coalesce(${warnings}::jsonb, warnings)
        where id = ${targetId} and workspace_id = ${ctx.workspace.id} and state in ${IN_FLIGHT_SQL}
        returning id, post_id, platform
      ), notified as (
        -- post.processing once per post: the first target to get here sets the guard.
        update ${posts} p set processing_notified_at = ${now.toISOString()}::timestamptz
        from target where p.id = target.post_id and p.workspace_id = ${ctx.workspace.id} and p.processing_notified_at is null
        returning p.id
      ), queued as (
        insert into ${jobs} (id, kind, dedup_key, payload, run_at)
        select ${newId("job")}, ${poll.kind}::text, ${poll.dedupKey}::text, ${JSON.stringify(poll.payload)}::jsonb, ${poll.runAt.toISOString()}::timestamptz from target
        on conflict (dedup_key) do nothing
        returning id
      )
      select target.id, target.post_id, target.platform, (select id from notified) as notified,
        case when exists (select 1 from queued) then pg_notify(${JOB_CHANNEL}::text, ${poll.runAt.toISOString()}::text) end as woken
      from target`);
    const [row] = rowsOf<{ id: string; post_id: string; platform: string; notified: string | null }>(result);
    if (!row) return null;
    if (row.notified) await recordProcessingEvent(ctx, tx, row.post_id, now);
    return { id: row.id, postId: row.post_id, platform: row.platform };
  });
  if (recorded) logTargetOutcome(ctx, recorded, outcome);
  return recorded !== null;
}

/** `post.processing` with the full post record, read after the target's change in the same transaction. */
export async function recordProcessingEvent(ctx: DomainContext, tx: Transaction, postId: string, now: Date): Promise<void> {
  const [post] = await tx.select().from(posts).where(and(eq(posts.id, postId), eq(posts.workspaceId, ctx.workspace.id)));
  if (!post) return;
  const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, postId)).orderBy(postTargets.platform, postTargets.id);
  const [profile] = post.profileId ? await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, post.profileId)) : [];
  await recordEvent(tx, ctx.services.jobs, { workspaceId: ctx.workspace.id, mode: post.mode, type: "post.processing", data: { ...toPostView(post, targets, profile?.username ?? null) }, at: now });
}
