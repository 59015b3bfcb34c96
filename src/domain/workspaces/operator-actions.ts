import { eq, sql } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { type PlanId, creditPeriod, plans } from "../billing/plans.js";

/** Operator actions (the command line). They act on one workspace named by id and audit themselves. */

export class OperatorError extends Error {}

async function requireWorkspace(db: Database, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row) throw new OperatorError(`No workspace ${workspaceId}`);
  return row;
}

/** Adds pack credits; `purchased` marks them as bought (billing view `hasPurchasedCredits`). */
export async function grantCredits(db: Database, input: { workspaceId: string; amount: number; purchased: boolean; at: Date }) {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new OperatorError("amount must be a positive whole number");
  await requireWorkspace(db, input.workspaceId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaces)
      .set({
        creditsPack: sql`${workspaces.creditsPack} + ${input.amount}`,
        ...(input.purchased ? { hasPurchasedCredits: true } : {}),
      })
      .where(eq(workspaces.id, input.workspaceId))
      .returning({ pack: workspaces.creditsPack });
    await recordAuditEvent(tx, { workspaceId: input.workspaceId, type: "credits.granted", actor: "operator", details: { credits: input.amount, purchased: input.purchased }, at: input.at });
    return { pack: row?.pack ?? 0 };
  });
}

/** Moves a workspace to a plan: its allowance changes now and the month's credits restart at it. */
export async function setPlan(db: Database, input: { workspaceId: string; plan: PlanId; at: Date }) {
  const before = await requireWorkspace(db, input.workspaceId);
  const allowance = plans[input.plan].monthlyAllowance;
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ plan: input.plan, monthlyAllowance: allowance, creditsMonthly: allowance, creditsPeriod: creditPeriod(input.at) })
      .where(eq(workspaces.id, input.workspaceId));
    await recordAuditEvent(tx, { workspaceId: input.workspaceId, type: "plan.changed", actor: "operator", details: { from: before.plan, to: input.plan }, at: input.at });
  });
  return { plan: input.plan, monthlyAllowance: allowance };
}

export interface RateLimitSettings {
  apiPerMinute?: number;
  postsPerMinute?: number;
  profileApiPerMinute?: number;
  profilePostsPerMinute?: number;
  blockedPlatforms?: string[];
}

export async function setLimits(db: Database, input: { workspaceId: string; settings: RateLimitSettings }) {
  await requireWorkspace(db, input.workspaceId);
  for (const [name, value] of Object.entries(input.settings)) {
    if (typeof value === "number" && (!Number.isInteger(value) || value < 1)) throw new OperatorError(`${name} must be a positive whole number`);
  }
  const [row] = await db.update(workspaces).set(input.settings).where(eq(workspaces.id, input.workspaceId)).returning();
  return row;
}

/** The owner's lock on an agent's display name (PATCH /v1/me/agent answers 403 while it holds). */
export async function setNicknameLock(db: Database, input: { keyId: string; locked: boolean }) {
  const [row] = await db.update(apiKeys).set({ nicknameLocked: input.locked }).where(eq(apiKeys.id, input.keyId)).returning({ id: apiKeys.id });
  if (!row) throw new OperatorError(`No key ${input.keyId}`);
  return { keyId: row.id, nicknameLocked: input.locked };
}
