import { sql } from "drizzle-orm";
import { postTargets } from "../../db/schema/index.js";
import { textArray } from "../../db/text-array.js";
import { coalescing } from "../../infra/group-commit.js";
import type { DomainContext } from "../context.js";
import { rowsOf } from "../jobs/claim-pass.js";
import { logTargetOutcome } from "./outcome-log.js";
import { type TargetOutcome, recordTargetOutcome, targetError } from "./record-outcome.js";

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
export type OutcomeRecorder = (targetId: string, outcome: TargetOutcome) => Promise<boolean>;

/**
 * The outcome recorder of one fan-out. With several targets the published outcomes that land
 * while one is being written go together in the next statement (group commit): the networks
 * answer a publish at about the same time, and on PGlite each statement waits its turn on the
 * one connection. A first outcome is written at once; other outcomes (failed with their credit's
 * refund, processing, unknown, deferred) keep their own statement, as rarer and unlike.
 */
export function outcomeRecorder(ctx: DomainContext, targets: number): OutcomeRecorder {
  if (targets < 2) return (targetId, outcome) => recordTargetOutcome(ctx, targetId, outcome);
  const published = coalescing<{ targetId: string; outcome: Published }, boolean>(async (items) => {
    // Alone, the plain UPDATE: cheaper to plan than the batch's (measured on PGlite).
    const [only] = items;
    if (items.length === 1 && only) return [await recordTargetOutcome(ctx, only.targetId, only.outcome)];
    const recorded = await recordPublished(ctx, items);
    return items.map((i) => recorded.has(i.targetId));
  }, (i) => i.targetId);
  return (targetId, outcome) => (outcome.state === "published" ? published({ targetId, outcome }) : recordTargetOutcome(ctx, targetId, outcome));
}
