import { coalescing } from "../../../infra/group-commit.js";
import type { DomainContext } from "../../core/index.js";
import { type Landed, recordLanded } from "./record-landed.js";
import { recordTargetOutcome } from "./record-outcome.js";
import type { TargetOutcome } from "./target-outcome.js";

/** Records one target's outcome; true when it was recorded (the target was still in flight). */
export type OutcomeRecorder = (targetId: string, outcome: TargetOutcome, mode: "test" | "live") => Promise<boolean>;

/** One target's outcome in its own statement: the path of a fan-out of one, and of rarer outcomes; the same writers as the batch. */
function recordAlone(ctx: DomainContext, targetId: string, outcome: TargetOutcome, mode: "test" | "live"): Promise<boolean> {
  // A send's answer: entering processing queues the target's first poll with it (record-landed.ts).
  if (outcome.state === "published" || outcome.state === "processing") return recordLanded(ctx, [{ targetId, mode, outcome }]).then((recorded) => recorded.has(targetId));
  return recordTargetOutcome(ctx, targetId, outcome);
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
  const batched = coalescing<Landed, boolean>(
    async (items) => {
      // Alone, its own statement: cheaper to plan than the batch's (measured on PGlite).
      const [only] = items;
      if (items.length === 1 && only) return [await recordAlone(ctx, only.targetId, only.outcome, only.mode)];
      const recorded = await recordLanded(ctx, items);
      return items.map((i) => recorded.has(i.targetId));
    },
    (i) => i.targetId,
  );
  const joinsBatch = (outcome: TargetOutcome): outcome is Landed["outcome"] => outcome.state === "published" || (outcome.state === "processing" && ctx.services.jobs.rowsInDatabase === true);
  return (targetId, outcome, mode) => (joinsBatch(outcome) ? batched({ targetId, mode, outcome }) : recordAlone(ctx, targetId, outcome, mode));
}
