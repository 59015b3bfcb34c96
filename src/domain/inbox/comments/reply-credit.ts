import { sql } from "drizzle-orm";
import type { CreditSource } from "../../billing/index.js";
import { creditPeriod } from "../../billing/index.js";
import type { DomainContext } from "../../core/index.js";
import { reserveCredits } from "../../publishing/index.js";
import { randomString } from "../../../infra/ids.js";
import { forgetAgents, refundAgentCharges } from "../../agents/index.js";

/**
 * Networks where an answer to a comment is billed like a post (spec: "Replying to a comment is
 * free except on the microblog network, where a reply is billed as a post").
 */
export const billedReplyPlatforms: ReadonlySet<string> = new Set(["twitter"]);

/** A billed reply's credit: the bucket it came from and the id an agent's allowance knows it by. */
export interface ReplyCredit {
  source: CreditSource;
  id: string;
}

/** Takes the reply's credit in its own transaction (the workspace row locked), or throws 402 `entitlement_exceeded`. */
export async function reserveReplyCredit(ctx: DomainContext): Promise<ReplyCredit> {
  const now = ctx.clock.now();
  const id = `reply_${randomString(20)}`;
  const [source] = await ctx.db.transaction((tx) => reserveCredits(tx, ctx, [id], now));
  if (!source) throw new Error("one credit reserved, none returned");
  return { source, id };
}

/**
 * Gives the credit of a reply the network refused back to the bucket it came from, as a failed
 * publish target does (record-outcome.ts): a monthly credit of an earlier month has expired and
 * stays spent; the allowance is never exceeded. An agent's
 * allowance gets the credit back too, on the day it was charged.
 */
export async function refundReplyCredit(ctx: DomainContext, { source, id: creditId }: ReplyCredit): Promise<void> {
  const period = creditPeriod(ctx.clock.now());
  const id = ctx.workspace.id;
  const update = {
    pack: sql`update workspaces set credits_pack = credits_pack + 1 where id = ${id}`,
    purchased: sql`update workspaces set credits_purchased = credits_purchased + 1 where id = ${id}`,
    test_pack: sql`update workspaces set test_credits_pack = test_credits_pack + 1 where id = ${id}`,
    monthly: sql`update workspaces set credits_monthly = least(monthly_allowance, credits_monthly + 1) where id = ${id} and credits_period = ${period}`,
    test_monthly: sql`update workspaces set test_credits_monthly = least(monthly_allowance, test_credits_monthly + 1) where id = ${id} and test_credits_period = ${period}`,
  }[source];
  const refunded = await ctx.db.transaction(async (tx) => {
    await tx.execute(update);
    return refundAgentCharges(tx, id, [creditId]);
  });
  forgetAgents(ctx, refunded);
}
