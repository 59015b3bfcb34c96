import { sql } from "drizzle-orm";
import { postTargets } from "../../db/schema/index.js";
import { textArray } from "../../db/text-array.js";
import { coalescing } from "../../infra/group-commit.js";
import type { DomainContext } from "../context.js";
import { rowsOf } from "../jobs/claim-pass.js";
import { logTargetOutcome } from "./outcome-log.js";
import { type Landed, recordLanded } from "./record-landed.js";
import { type TargetOutcome, recordTargetOutcome, targetError } from "./record-outcome.js";
import { recordProcessingOutcome } from "./record-processing.js";

type Published = Extract<TargetOutcome, { state: "published" }>;

/**
 * Published outcomes of several targets of one publish in one statement, each exactly as
 * recordTargetOutcome writes it alone: conditional on the target still being in flight, so a
 * duplicate delivery or a late poll cannot overwrite a final outcome, and warnings written only
 * when the outcome brings some. A published target keeps its credit: nothing else to write.
 * Returns the ids it recorded.
 */
async function recordPublished(ctx: DomainContext, items: readonly { targetId: string; outcome: Published }[]): Promise<Set<string>> {
  const input = JSON.stringify(
    items.map(({ targetId, outcome }) => ({
      id: targetId,
      network_post_id: outcome.networkPostId,
      url: outcome.url,
      // Absent, not null: a JSON null could read as a jsonb null, not SQL NULL, and overwrite.
      ...(outcome.warnings && outcome.warnings.length > 0 ? { warnings: outcome.warnings.map((w) => ({ ...targetError(w) })) } : {}),
    })),
  );
  const result: unknown = await ctx.db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(id text, network_post_id text, url text, warnings jsonb)
    )
    update ${postTargets} t
    set state = 'published', network_post_id = i.network_post_id, url = i.url, published_at = ${ctx.clock.now().toISOString()}::timestamptz,
      error = null, poll_token = null, next_poll_at = null, warnings = coalesce(i.warnings, t.warnings)
    from input i
    where t.id = any(${textArray(items.map((i) => i.targetId))}::text[]) and t.id = i.id and t.workspace_id = ${ctx.workspace.id} and t.state in ('publishing', 'processing', 'unknown')
    returning t.id, t.post_id, t.platform`);
  const recorded = new Set<string>();
  for (const row of rowsOf<{ id: string; post_id: string; platform: string }>(result)) {
    recorded.add(row.id);
    const item = items.find((i) => i.targetId === row.id);
    if (item) logTargetOutcome(ctx, { id: row.id, postId: row.post_id, platform: row.platform }, item.outcome);
  }
  return recorded;
}

/** Records one target's outcome; true when it was recorded (the target was still in flight). */
export type OutcomeRecorder = (targetId: string, outcome: TargetOutcome, mode: "test" | "live") => Promise<boolean>;

/** One target's outcome in its own statement: the path of a fan-out of one, and of rarer outcomes. */
function recordAlone(ctx: DomainContext, targetId: string, outcome: TargetOutcome, mode: "test" | "live"): Promise<boolean> {
  // Entering processing records its first poll's job with it (record-processing.ts).
  return outcome.state === "processing" ? recordProcessingOutcome(ctx, { targetId, mode, outcome }) : recordTargetOutcome(ctx, targetId, outcome);
}

/**
 * The outcome recorder of one fan-out. With several targets the published and processing
 * outcomes that land while one is being written go together in the next statement (group
 * commit): the networks answer a publish at about the same time, and on PGlite each statement
 * waits its turn on the one connection. A first outcome is written at once; failed (with its
 * credit's refund), unknown and deferred outcomes keep their own statement, as rarer and unlike.
 * Processing outcomes join the batch where jobs are rows of the same database (their first poll
 * is written in the statement); with QStash each keeps its own write and its job's publish.
 */
export function outcomeRecorder(ctx: DomainContext, targets: number): OutcomeRecorder {
  if (targets < 2) return (targetId, outcome, mode) => recordAlone(ctx, targetId, outcome, mode);
  const batched = coalescing<Landed, boolean>(async (items) => {
    // Alone, its own statement: cheaper to plan than the batch's (measured on PGlite).
    const [only] = items;
    if (items.length === 1 && only) return [await recordAlone(ctx, only.targetId, only.outcome, only.mode)];
    const published = items.filter((i): i is Landed & { outcome: Published } => i.outcome.state === "published");
    const recorded = published.length === items.length ? await recordPublished(ctx, published) : await recordLanded(ctx, items);
    return items.map((i) => recorded.has(i.targetId));
  }, (i) => i.targetId);
  const joinsBatch = (outcome: TargetOutcome): outcome is Landed["outcome"] => outcome.state === "published" || (outcome.state === "processing" && ctx.services.jobs.rowsInDatabase === true);
  return (targetId, outcome, mode) => (joinsBatch(outcome) ? batched({ targetId, mode, outcome }) : recordAlone(ctx, targetId, outcome, mode));
}
