import { type SQL, type SQLWrapper, and, eq, inArray, sql } from "drizzle-orm";
import { agentSpend, agents } from "../../db/schema/index.js";
import type { Queryable, Transaction } from "../../db/types.js";
import { ApiError } from "../../infra/errors.js";
import type { CreditSource } from "../billing/index.js";
import type { DomainContext } from "../core/index.js";
import { spendDay } from "./grant.js";

/** What the agent spent on `day`: its charges less what came back (agent_spend is the ledger). */
export async function agentSpentOn(db: Queryable, agentId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ spent: sql<string | number | null>`sum(${agentSpend.amount})` })
    .from(agentSpend)
    .where(and(eq(agentSpend.agentId, agentId), eq(agentSpend.day, day)));
  return Number(row?.spent ?? 0);
}

/** The agent's spend on `day` as a column expression, so authenticating its token loads it in the same query. */
export function spentTodaySql(agentId: SQLWrapper, day: string): SQL<number> {
  return sql<number>`(select coalesce(sum(s.amount), 0) from agent_spend s where s.agent_id = ${agentId} and s.day = ${day})`;
}

/** Today's spend of each of the given agents (absent: nothing spent). */
export async function agentsSpentToday(db: Queryable, agentIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({ agentId: agentSpend.agentId, spent: sql<string | number | null>`sum(${agentSpend.amount})` })
    .from(agentSpend)
    .where(and(inArray(agentSpend.agentId, [...agentIds]), eq(agentSpend.day, spendDay(now))))
    .groupBy(agentSpend.agentId);
  return new Map(rows.map((r) => [r.agentId, Number(r.spent ?? 0)]));
}

/**
 * Counts one credit per subject (a target id, or a billed reply's id) against the agent's daily
 * allowance, in the caller's transaction. The agent's row is locked first, so two concurrent
 * charges of one agent run one after the other and the second sees the first's rows: they cannot
 * both take its last credit. Past the allowance the transaction is refused whole, so nothing is
 * stored or charged. A post the agent schedules counts on the day it is scheduled (the scheduler
 * that sends it later acts for nobody in particular), so scheduling is no way around the cap.
 */
export async function chargeAgentAllowance(tx: Transaction, ctx: Pick<DomainContext, "agent" | "workspace" | "services">, subjects: readonly string[], now: Date): Promise<void> {
  const agent = ctx.agent;
  if (!agent || subjects.length === 0) return;
  const [row] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agent.id)).for("update");
  if (!row) throw new ApiError("unauthorized", { message: "This agent was revoked." });
  // A subject charged before (a series' first occurrence, charged when it was scheduled) is not charged again.
  const charged = await tx
    .select({ subject: agentSpend.subject })
    .from(agentSpend)
    .where(and(inArray(agentSpend.subject, [...subjects]), eq(agentSpend.kind, "charge")));
  const seen = new Set(charged.map((c) => c.subject));
  const fresh = subjects.filter((s) => !seen.has(s));
  const amount = fresh.length;
  if (amount === 0) return;
  const day = spendDay(now);
  const spent = await agentSpentOn(tx, agent.id, day);
  const cap = agent.grant.creditsPerDay;
  if (spent + amount > cap) {
    throw new ApiError("agent_grant_daily_credits", {
      message: `This needs ${amount} credit${amount === 1 ? "" : "s"}; the agent has spent ${spent} of the ${cap} its owner allows per day (UTC).`,
    });
  }
  await tx
    .insert(agentSpend)
    .values(fresh.map((subject) => ({ subject, kind: "charge" as const, agentId: agent.id, workspaceId: ctx.workspace.id, day, amount: 1, createdAt: now })))
    .onConflictDoNothing();
  // The cached copy of the agent (with its token) would show the old spend in whoami for a few seconds.
  ctx.services.verifiedKeys?.forgetKey(agent.id);
}

/**
 * Gives back an agent's credit for each subject that was not spent after all (a billed reply the
 * network refused, a scheduled post cancelled before it was sent), in the caller's transaction, and
 * answers the agents refunded so the caller forgets their cached tokens once it commits (forgetting
 * earlier would let a concurrent request cache the old spend again). The refund carries its
 * charge's day, not today's: a post scheduled yesterday and cancelled today gives back
 * yesterday's allowance, which is where the ledger counted it. The (subject, kind) key makes a
 * second refund a no-op, and a subject never charged books nothing, so the day's sum can never
 * fall below zero, however often or concurrently a refund is asked for. Failed publish targets
 * are refunded by the statement that records the failure (record-outcome.ts), with the same rule.
 */
export async function refundAgentCharges(db: Queryable, workspaceId: string, subjects: readonly string[]): Promise<string[]> {
  if (subjects.length === 0) return [];
  const result: unknown = await db.execute(sql`
    insert into agent_spend (subject, kind, agent_id, workspace_id, day, amount)
    select subject, 'refund', agent_id, workspace_id, day, -amount from agent_spend
    where subject in (${sql.join(
      subjects.map((s) => sql`${s}`),
      sql`, `,
    )}) and kind = 'charge' and workspace_id = ${workspaceId}
    on conflict do nothing
    returning agent_id`);
  // Every driver we run on (PGlite, node-postgres, Neon) answers raw SQL with `{ rows }`.
  const rows = typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as { agent_id: string }[]) : [];
  return [...new Set(rows.map((r) => r.agent_id))];
}

/** Refunded agents' cached tokens carry their old spend: forget them, so whoami shows the refund at once in this process. */
export function forgetAgents(ctx: Pick<DomainContext, "services">, agentIds: readonly string[]): void {
  for (const id of agentIds) ctx.services.verifiedKeys?.forgetKey(id);
}

/** Purchased credits pay for an agent's post only if its owner allowed it. */
export function assertSourcesAllowed(ctx: Pick<DomainContext, "agent">, sources: readonly CreditSource[]): void {
  if (ctx.agent && !ctx.agent.grant.purchasedCredits && sources.includes("purchased")) {
    throw new ApiError("agent_grant_purchased_credits", { param: "accounts" });
  }
}
