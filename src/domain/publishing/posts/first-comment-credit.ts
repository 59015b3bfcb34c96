import { and, eq, sql } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import type { Queryable, Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { creditPeriod } from "../../billing/index.js";
import type { CreditSource } from "../../billing/index.js";
import type { DomainContext } from "../../core/index.js";
import { refundAgentCharges } from "../../agents/index.js";
import { reserveCredits } from "./credits.js";

/**
 * Networks where a first comment is billed like a post (spec: "Replying to a comment is free
 * except on the microblog network, where a reply is billed as a post"; a first comment there is a
 * reply post). Everywhere else it is free.
 */
export const billedFirstCommentPlatforms: ReadonlySet<string> = new Set(["twitter"]);

/** What an agent's allowance knows a first comment's credit by (one per target, so a second charge is impossible). */
export const firstCommentSubject = (targetId: string) => `fc_${targetId}`;

/**
 * Takes one credit for each billed first comment just claimed, in the claim's transaction (the
 * workspace row locked), and writes its bucket on the target. Out of credits (or an agent's own
 * limit) is not an error of the post: it is returned and the caller fails those comments.
 */
export async function holdFirstCommentCredits(tx: Transaction, ctx: DomainContext, targetIds: readonly string[], now: Date): Promise<ApiError | null> {
  if (targetIds.length === 0) return null;
  let sources: CreditSource[];
  try {
    sources = await reserveCredits(tx, ctx, targetIds.map(firstCommentSubject), now);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  for (const [i, id] of targetIds.entries()) {
    await tx
      .update(postTargets)
      .set({ firstCommentCreditSource: sources[i] ?? null })
      .where(and(eq(postTargets.id, id), eq(postTargets.workspaceId, ctx.workspace.id)));
  }
  return null;
}

/**
 * Gives a refused first comment's credit back to the bucket it came from, as a failed target's
 * is (record-outcome.ts): a monthly credit of an earlier month has expired and stays spent. In
 * the transaction that records the refusal, reading the source it clears, so it is given back once.
 * Returns the agents whose allowance got it back.
 */
export async function refundFirstCommentCredit(tx: Queryable, ctx: DomainContext, targetId: string, source: string): Promise<string[]> {
  const id = ctx.workspace.id;
  const period = creditPeriod(ctx.clock.now());
  const update: Record<string, ReturnType<typeof sql>> = {
    pack: sql`update workspaces set credits_pack = credits_pack + 1 where id = ${id}`,
    purchased: sql`update workspaces set credits_purchased = credits_purchased + 1 where id = ${id}`,
    test_pack: sql`update workspaces set test_credits_pack = test_credits_pack + 1 where id = ${id}`,
    monthly: sql`update workspaces set credits_monthly = least(monthly_allowance, credits_monthly + 1) where id = ${id} and credits_period = ${period}`,
    test_monthly: sql`update workspaces set test_credits_monthly = least(monthly_allowance, test_credits_monthly + 1) where id = ${id} and test_credits_period = ${period}`,
  };
  const statement = update[source];
  if (statement) await tx.execute(statement);
  return refundAgentCharges(tx, id, [firstCommentSubject(targetId)]);
}
