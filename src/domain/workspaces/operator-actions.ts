import { eq, sql } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { recordAuditEvent } from "../core/index.js";
import { ledgerBalance, ledgerTotal } from "../billing/index.js";
import { type PlanId, creditPeriod, plans } from "../billing/index.js";
import type { VerifiedKeyCache } from "../core/index.js";
import { OperatorError } from "../keys/index.js";

export { OperatorError };

/**
 * Operator actions (the command line). They act on one workspace named by id and audit themselves.
 * Given the server's verified-key cache (an operator action run inside the server's process), they
 * make it forget the workspace's keys at once; from the CLI the servers see the change when their
 * entries expire, within the cache's TTL.
 */

async function requireWorkspace(db: Database, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row) throw new OperatorError(`No workspace ${workspaceId}`);
  return row;
}

/**
 * Adds credits to one ledger. Live credits are granted (free) unless `purchased`, which is what
 * makes a free workspace pay-as-you-go; test credits are only ever granted (a top-up).
 */
export async function grantCredits(db: Database, input: { workspaceId: string; amount: number; purchased: boolean; mode: "test" | "live"; at: Date }) {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new OperatorError("amount must be a positive whole number");
  if (input.purchased && input.mode === "test") throw new OperatorError("test credits are never purchased: drop --purchased to top up the test ledger");
  await requireWorkspace(db, input.workspaceId);
  const change =
    input.mode === "test"
      ? { testCreditsPack: sql`${workspaces.testCreditsPack} + ${input.amount}` }
      : input.purchased
        ? { creditsPurchased: sql`${workspaces.creditsPurchased} + ${input.amount}`, hasPurchasedCredits: true }
        : { creditsPack: sql`${workspaces.creditsPack} + ${input.amount}` };
  return db.transaction(async (tx) => {
    const [row] = await tx.update(workspaces).set(change).where(eq(workspaces.id, input.workspaceId)).returning();
    await recordAuditEvent(tx, {
      workspaceId: input.workspaceId,
      type: "credits.granted",
      actor: "operator",
      details: { credits: input.amount, purchased: input.purchased, mode: input.mode },
      at: input.at,
    });
    if (!row) return { mode: input.mode, pack: 0 };
    const balance = ledgerBalance(row, input.mode, input.at);
    return { mode: input.mode, pack: balance.granted + balance.purchased, total: ledgerTotal(balance) };
  });
}

/** Puts the test ledger back to a fresh state: the plan's whole monthly allowance and no granted credits. */
export async function resetTestCredits(db: Database, input: { workspaceId: string; at: Date }) {
  const row = await requireWorkspace(db, input.workspaceId);
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ testCreditsMonthly: row.monthlyAllowance, testCreditsPeriod: creditPeriod(input.at), testCreditsPack: 0 })
      .where(eq(workspaces.id, input.workspaceId));
    await recordAuditEvent(tx, { workspaceId: input.workspaceId, type: "credits.reset", actor: "operator", details: { mode: "test" }, at: input.at });
  });
  return { mode: "test", monthly: row.monthlyAllowance, pack: 0, total: row.monthlyAllowance };
}

/** Moves a workspace to a plan: its allowance changes now and the month's credits restart at it. */
export async function setPlan(db: Database, input: { workspaceId: string; plan: PlanId; at: Date }, cache?: VerifiedKeyCache) {
  const before = await requireWorkspace(db, input.workspaceId);
  const allowance = plans[input.plan].monthlyAllowance;
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({
        plan: input.plan,
        monthlyAllowance: allowance,
        creditsMonthly: allowance,
        creditsPeriod: creditPeriod(input.at),
        testCreditsMonthly: allowance,
        testCreditsPeriod: creditPeriod(input.at),
      })
      .where(eq(workspaces.id, input.workspaceId));
    await recordAuditEvent(tx, { workspaceId: input.workspaceId, type: "plan.changed", actor: "operator", details: { from: before.plan, to: input.plan }, at: input.at });
  });
  cache?.forgetWorkspace(input.workspaceId);
  return { plan: input.plan, monthlyAllowance: allowance };
}

export interface RateLimitSettings {
  apiPerMinute?: number;
  postsPerMinute?: number;
  profileApiPerMinute?: number;
  profilePostsPerMinute?: number;
  blockedPlatforms?: string[];
}

export async function setLimits(db: Database, input: { workspaceId: string; settings: RateLimitSettings }, cache?: VerifiedKeyCache) {
  await requireWorkspace(db, input.workspaceId);
  for (const [name, value] of Object.entries(input.settings)) {
    if (typeof value === "number" && (!Number.isInteger(value) || value < 1)) throw new OperatorError(`${name} must be a positive whole number`);
  }
  const [row] = await db.update(workspaces).set(input.settings).where(eq(workspaces.id, input.workspaceId)).returning();
  cache?.forgetWorkspace(input.workspaceId);
  return row;
}

/** The owner's lock on an agent's display name (PATCH /v1/me/agent answers 403 while it holds). */
export async function setNicknameLock(db: Database, input: { keyId: string; locked: boolean }, cache?: VerifiedKeyCache) {
  const [row] = await db.update(apiKeys).set({ nicknameLocked: input.locked }).where(eq(apiKeys.id, input.keyId)).returning({ id: apiKeys.id });
  if (!row) throw new OperatorError(`No key ${input.keyId}`);
  cache?.forgetKey(input.keyId);
  return { keyId: row.id, nicknameLocked: input.locked };
}
