import { and, eq, inArray } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import type { Queryable, Transaction } from "../../../db/types.js";
import type { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { reserveCredits } from "./credits.js";
import { recordTargetOutcome } from "./record-outcome.js";

/**
 * The writes to a stored target before it is sent, one writer each, for every path that sends
 * one later than its post was stored: publishing a draft, the scheduled run, a retry.
 */

/**
 * Reserves a credit for each of these pending targets and writes it on the target, in the
 * caller's transaction (out of credits throws `entitlement_exceeded` and the caller's
 * transaction writes nothing). Conditional on the target being pending with no credit yet, so a
 * credit is never written twice over one target. Returns the ids that took their credit.
 */
export async function holdCredits(tx: Transaction, ctx: DomainContext, targetIds: readonly string[], now: Date): Promise<string[]> {
  const sources = await reserveCredits(tx, ctx, targetIds, now);
  const held: string[] = [];
  for (const [i, id] of targetIds.entries()) {
    const [row] = await tx
      .update(postTargets)
      .set({ credits: 1, creditSource: sources[i] ?? null })
      .where(and(eq(postTargets.id, id), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending"), eq(postTargets.credits, 0)))
      .returning({ id: postTargets.id });
    if (row) held.push(row.id);
  }
  return held;
}

/**
 * Claims pending targets a check refused before sending (an account gone, media deleted, out of
 * credits) as a send claims them: pending → publishing, conditional, so a target another runner
 * claimed first is left to that runner, and with the claim's time, so a process that dies
 * before recording the refusal leaves a target the stuck-target sweep finds. In the caller's
 * transaction when given. Returns the ids claimed.
 */
export async function claimRefused(db: Queryable, ctx: DomainContext, targetIds: readonly string[]): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const claimed = await db
    .update(postTargets)
    .set({ state: "publishing", attemptStartedAt: ctx.clock.now() })
    .where(and(inArray(postTargets.id, [...targetIds]), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending")))
    .returning({ id: postTargets.id });
  return new Set(claimed.map((row) => row.id));
}

/**
 * Fails refused targets with their refusal, through the one failure writer (record-outcome.ts:
 * the state, the error, the credit's refund): only those this caller claimed, now or in its
 * own transaction before (`claimed`).
 */
export async function refuseTargets(ctx: DomainContext, refused: readonly { id: string; error: ApiError }[], claimed?: Set<string>): Promise<void> {
  const ours =
    claimed ??
    (await claimRefused(
      ctx.db,
      ctx,
      refused.map((r) => r.id),
    ));
  for (const { id, error } of refused) if (ours.has(id)) await recordTargetOutcome(ctx, id, { state: "failed", error });
}
