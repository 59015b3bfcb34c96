import { eq } from "drizzle-orm";
import { agents } from "../../db/schema/index.js";
import type { Transaction } from "../../db/types.js";
import { ApiError } from "../../infra/errors.js";
import type { CreditSource } from "../billing/ledger.js";
import type { DomainContext } from "../context.js";
import { spendDay } from "./grant.js";

/**
 * Counts `amount` credits against the agent's daily allowance, in the caller's transaction, with
 * the agent's row locked: two concurrent posts of one agent cannot both take its last credit. Past
 * the allowance the transaction is refused whole, so nothing is stored or charged. A post the
 * agent schedules counts on the day it is scheduled (the scheduler that sends it later acts for
 * nobody in particular), so scheduling is no way around the cap.
 */
export async function chargeAgentAllowance(tx: Transaction, ctx: Pick<DomainContext, "agent" | "services">, amount: number, now: Date): Promise<void> {
  const agent = ctx.agent;
  if (!agent || amount === 0) return;
  const [row] = await tx.select({ spentDay: agents.spentDay, spentToday: agents.spentToday }).from(agents).where(eq(agents.id, agent.id)).for("update");
  if (!row) throw new ApiError("unauthorized", { message: "This agent was revoked." });
  const today = spendDay(now);
  const spent = row.spentDay === today ? row.spentToday : 0;
  const cap = agent.grant.creditsPerDay;
  if (spent + amount > cap) {
    throw new ApiError("agent_grant_daily_credits", {
      message: `This needs ${amount} credit${amount === 1 ? "" : "s"}; the agent has spent ${spent} of the ${cap} its owner allows per day (UTC).`,
    });
  }
  await tx.update(agents).set({ spentDay: today, spentToday: spent + amount }).where(eq(agents.id, agent.id));
  // The cached copy of the agent (with its token) would show the old spend in whoami for a few seconds.
  ctx.services.verifiedKeys?.forgetKey(agent.id);
}

/** Purchased credits pay for an agent's post only if its owner allowed it. */
export function assertSourcesAllowed(ctx: Pick<DomainContext, "agent">, sources: readonly CreditSource[]): void {
  if (ctx.agent && !ctx.agent.grant.purchasedCredits && sources.includes("purchased")) {
    throw new ApiError("agent_grant_purchased_credits", { param: "accounts" });
  }
}
