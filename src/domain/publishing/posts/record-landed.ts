import { type SQL, sql } from "drizzle-orm";
import { jobs, postTargets, posts } from "../../../db/schema/index.js";
import { textArray } from "../../../db/text-array.js";
import { newId } from "../../../infra/ids.js";
import type { Queryable } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import { rowsOf } from "../../core/index.js";
import { JOB_CHANNEL } from "../../core/index.js";
import { IN_FLIGHT_SQL } from "./in-flight.js";
import { logTargetOutcome } from "./outcome-log.js";
import { type TargetOutcome, targetError } from "./target-outcome.js";
import { firstPollKey, recordProcessingEvent } from "./record-processing.js";

type Published = Extract<TargetOutcome, { state: "published" }>;
type Processing = Extract<TargetOutcome, { state: "processing" }>;
export type Landed = {
  targetId: string;
  mode: "test" | "live";
  outcome: Published | Processing;
  /** A send's answer queues the target's first poll; a poll's answer does not: its own chain goes on. Default true. */
  firstPoll?: boolean;
};

const pollOf = (ctx: DomainContext, item: Landed & { outcome: Processing }) => ({
  kind: "poll_target" as const,
  payload: { targetId: item.targetId, attempt: 1, workspaceId: ctx.workspace.id, mode: item.mode },
  runAt: item.outcome.nextPollAt,
  dedupKey: firstPollKey(item.targetId),
});

/**
 * The one writer of a target landing `published` or `processing`, alone or with others of one
 * fan-out, in one statement: conditional on the target still being in flight, warnings written
 * only when the outcome brings some (a later poll without any keeps the earlier ones), a
 * processing target's first poll queued once (its dedup key) and the poller woken, and
 * `post.processing` recorded by the first target entering processing (the guard on the post,
 * then the event in the same transaction). A published target keeps its credit: nothing else to
 * write. Only the parts the outcomes need are in the statement, so a lone published outcome is a
 * plain conditional update, and a statement without a processing outcome needs no transaction.
 * Where jobs are not rows of this database (QStash) a first poll is queued once the change is
 * committed. Returns the ids it recorded.
 */
export async function recordLanded(ctx: DomainContext, items: readonly Landed[]): Promise<Set<string>> {
  const now = ctx.clock.now();
  const workspaceId = ctx.workspace.id;
  const inDatabase = ctx.services.jobs.rowsInDatabase === true;
  const polls = items.flatMap((i) => (i.outcome.state === "processing" && i.firstPoll !== false ? [{ ...i, outcome: i.outcome }] : []));
  const input = JSON.stringify(
    items.map((item) => ({
      id: item.targetId,
      state: item.outcome.state,
      network_post_id: item.outcome.networkPostId,
      url: item.outcome.url,
      // Absent, not null: a JSON null could read as a jsonb null, not SQL NULL, and overwrite.
      ...(item.outcome.warnings && item.outcome.warnings.length > 0 ? { warnings: item.outcome.warnings.map((w) => ({ ...targetError(w) })) } : {}),
      ...(item.outcome.state === "processing" ? { poll_token: item.outcome.pollToken, next_poll_at: item.outcome.nextPollAt.toISOString() } : {}),
      ...(item.outcome.state === "processing" && item.firstPoll !== false && inDatabase
        ? { job_id: newId("job"), dedup_key: firstPollKey(item.targetId), job_payload: pollOf(ctx, { ...item, outcome: item.outcome }).payload }
        : {}),
    })),
  );
  const anyPublished = items.some((i) => i.outcome.state === "published");
  const anyProcessing = items.some((i) => i.outcome.state === "processing");
  const queues = inDatabase && polls.length > 0;
  const firstPoll = new Date(polls.length > 0 ? Math.min(...polls.map((p) => p.outcome.nextPollAt.getTime())) : now.getTime()).toISOString();
  const ids = textArray(items.map((i) => i.targetId));
  const inFlight = sql`t.id = any(${ids}::text[]) and t.id = i.id and t.workspace_id = ${workspaceId} and t.state in ${IN_FLIGHT_SQL}`;

  const parts: SQL[] = [
    sql`input as (
        select * from jsonb_to_recordset(${input}::jsonb)
          as i(id text, state text, network_post_id text, url text, warnings jsonb, poll_token text, next_poll_at timestamptz, job_id text, dedup_key text, job_payload jsonb)
      )`,
  ];
  const landed: SQL[] = [];
  if (anyPublished) {
    parts.push(sql`published as (
        update ${postTargets} t
        set state = 'published', network_post_id = i.network_post_id, url = i.url, published_at = ${now.toISOString()}::timestamptz,
          error = null, poll_token = null, next_poll_at = null, warnings = coalesce(i.warnings, t.warnings)
        from input i
        where i.state = 'published' and ${inFlight}
        returning t.id, t.post_id, t.platform
      )`);
    landed.push(sql`select id, post_id, platform, null::text as notified from published`);
  }
  if (anyProcessing) {
    parts.push(sql`processing as (
        update ${postTargets} t
        set state = 'processing', network_post_id = i.network_post_id, url = i.url, poll_token = i.poll_token,
          next_poll_at = i.next_poll_at, warnings = coalesce(i.warnings, t.warnings)
        from input i
        where i.state = 'processing' and ${inFlight}
        returning t.id, t.post_id, t.platform, i.job_id, i.dedup_key, i.job_payload, i.next_poll_at
      )`);
    parts.push(sql`notified as (
        -- post.processing once per post: the first target to get here sets the guard.
        update ${posts} p set processing_notified_at = ${now.toISOString()}::timestamptz
        where p.id in (select post_id from processing) and p.workspace_id = ${workspaceId} and p.processing_notified_at is null
        returning p.id
      )`);
    landed.push(sql`select id, post_id, platform, null::text as notified from processing`, sql`select null, null, null, id from notified`);
  }
  if (queues) {
    parts.push(sql`queued as (
        insert into ${jobs} (id, kind, dedup_key, payload, run_at)
        select job_id, 'poll_target', dedup_key, job_payload, next_poll_at from processing where job_id is not null
        on conflict (dedup_key) do nothing
        returning id
      )`);
  }
  const rowsSql = sql.join(landed, sql` union all `);
  const withParts = sql.join(parts, sql`, `);
  const statement = (db: Queryable) =>
    db.execute(
      queues
        ? // One wake-up for the lot, sent whether or not any row comes back (a right join on true).
          sql`with ${withParts} select landed.*, wake.woken from (${rowsSql}) landed
            right join (select case when exists (select 1 from queued) then pg_notify(${JOB_CHANNEL}::text, ${firstPoll}::text) end as woken) wake on true`
        : sql`with ${withParts} ${rowsSql}`,
    );
  type Row = { id: string | null; post_id: string | null; platform: string | null; notified: string | null };
  const rows = !anyProcessing
    ? rowsOf<Row>(await statement(ctx.db))
    : await ctx.db.transaction(async (tx) => {
        const written = rowsOf<Row>(await statement(tx));
        for (const row of written) if (row.notified) await recordProcessingEvent(ctx, tx, row.notified, now);
        return written;
      });
  const recorded = new Set<string>();
  for (const row of rows) {
    if (!row.id || !row.post_id || !row.platform) continue;
    recorded.add(row.id);
    const item = items.find((i) => i.targetId === row.id);
    if (item) logTargetOutcome(ctx, { id: row.id, postId: row.post_id, platform: row.platform }, item.outcome);
  }
  if (!inDatabase) for (const poll of polls) if (recorded.has(poll.targetId)) await ctx.services.jobs.enqueue(pollOf(ctx, poll), ctx.db);
  return recorded;
}

/**
 * A send's answer that the network is still processing, alone: the target's change, its first
 * poll and, for the post's first such target, `post.processing` (recordLanded). Whether it was
 * recorded (the target was still in flight).
 */
export async function recordProcessingOutcome(ctx: DomainContext, input: { targetId: string; mode: "test" | "live"; outcome: Processing }): Promise<boolean> {
  return (await recordLanded(ctx, [input])).has(input.targetId);
}
