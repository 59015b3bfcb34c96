import { sql } from "drizzle-orm";
import { jobs, postTargets, posts } from "../../../db/schema/index.js";
import { textArray } from "../../../db/text-array.js";
import { newId } from "../../../infra/ids.js";
import type { Queryable } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import { rowsOf } from "../../core/index.js";
import { JOB_CHANNEL } from "../../core/index.js";
import { IN_FLIGHT_SQL } from "./in-flight.js";
import { logTargetOutcome } from "./outcome-log.js";
import { type TargetOutcome, targetError } from "./record-outcome.js";
import { firstPollKey, recordProcessingEvent } from "./record-processing.js";

type Published = Extract<TargetOutcome, { state: "published" }>;
type Processing = Extract<TargetOutcome, { state: "processing" }>;
export type Landed = { targetId: string; mode: "test" | "live"; outcome: Published | Processing };

/**
 * Published and processing outcomes of several targets of one fan-out in one statement, each
 * written exactly as its own statement writes it alone (record-outcome.ts, record-processing.ts):
 * conditional on the target still being in flight, warnings written only
 * when the outcome brings some, a processing target's first poll queued once (its dedup key)
 * and the poller woken, and `post.processing` recorded by the first target entering processing
 * (the guard on the post, then the event in the same transaction). A published target keeps its
 * credit: nothing else to write. A batch without a processing outcome needs no transaction: its
 * statement is the only write. Processing outcomes come here only where jobs are rows of the
 * same database (`jobs.rowsInDatabase`). Returns the ids it recorded.
 */
export async function recordLanded(ctx: DomainContext, items: readonly Landed[]): Promise<Set<string>> {
  const now = ctx.clock.now();
  const workspaceId = ctx.workspace.id;
  const input = JSON.stringify(
    items.map(({ targetId, mode, outcome }) => ({
      id: targetId,
      state: outcome.state,
      network_post_id: outcome.networkPostId,
      url: outcome.url,
      // Absent, not null: a JSON null could read as a jsonb null, not SQL NULL, and overwrite.
      ...(outcome.warnings && outcome.warnings.length > 0 ? { warnings: outcome.warnings.map((w) => ({ ...targetError(w) })) } : {}),
      ...(outcome.state === "processing"
        ? {
            poll_token: outcome.pollToken,
            next_poll_at: outcome.nextPollAt.toISOString(),
            job_id: newId("job"),
            dedup_key: firstPollKey(targetId),
            job_payload: { targetId, attempt: 1, workspaceId, mode },
          }
        : {}),
    })),
  );
  const polls = items.flatMap((i) => (i.outcome.state === "processing" ? [i.outcome.nextPollAt.getTime()] : []));
  const firstPoll = new Date(polls.length > 0 ? Math.min(...polls) : now.getTime()).toISOString();
  const ids = textArray(items.map((i) => i.targetId));
  const statement = (db: Queryable) =>
    db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb)
          as i(id text, state text, network_post_id text, url text, warnings jsonb, poll_token text, next_poll_at timestamptz, job_id text, dedup_key text, job_payload jsonb)
      ), published as (
        update ${postTargets} t
        set state = 'published', network_post_id = i.network_post_id, url = i.url, published_at = ${now.toISOString()}::timestamptz,
          error = null, poll_token = null, next_poll_at = null, warnings = coalesce(i.warnings, t.warnings)
        from input i
        where i.state = 'published' and t.id = any(${ids}::text[]) and t.id = i.id
          and t.workspace_id = ${workspaceId} and t.state in ${IN_FLIGHT_SQL}
        returning t.id, t.post_id, t.platform
      ), processing as (
        update ${postTargets} t
        set state = 'processing', network_post_id = i.network_post_id, url = i.url, poll_token = i.poll_token,
          next_poll_at = i.next_poll_at, warnings = coalesce(i.warnings, t.warnings)
        from input i
        where i.state = 'processing' and t.id = any(${ids}::text[]) and t.id = i.id
          and t.workspace_id = ${workspaceId} and t.state in ${IN_FLIGHT_SQL}
        returning t.id, t.post_id, t.platform, i.job_id, i.dedup_key, i.job_payload, i.next_poll_at
      ), notified as (
        -- post.processing once per post: the first target to get here sets the guard.
        update ${posts} p set processing_notified_at = ${now.toISOString()}::timestamptz
        where p.id in (select post_id from processing) and p.workspace_id = ${workspaceId} and p.processing_notified_at is null
        returning p.id
      ), queued as (
        insert into ${jobs} (id, kind, dedup_key, payload, run_at)
        select job_id, 'poll_target', dedup_key, job_payload, next_poll_at from processing
        on conflict (dedup_key) do nothing
        returning id
      )
      select landed.*, wake.woken from (
        select id, post_id, platform, null::text as notified from published
        union all select id, post_id, platform, null from processing
        union all select null, null, null, id from notified
      ) landed
      -- One wake-up for the lot, sent whether or not any row comes back (a right join on true).
      right join (select case when exists (select 1 from queued) then pg_notify(${JOB_CHANNEL}::text, ${firstPoll}::text) end as woken) wake on true`);
  type Row = { id: string | null; post_id: string | null; platform: string | null; notified: string | null };
  const rows =
    polls.length === 0
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
  return recorded;
}
