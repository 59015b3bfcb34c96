import { emailPreferences, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { newId } from "../../infra/ids.js";
import { recordAuditEvent } from "../core/index.js";
import { type PlanId, creditPeriod, defaultRateLimits, plans } from "../billing/index.js";
import { type CreatedApiKey, createApiKey } from "../keys/index.js";

export interface CreateWorkspaceInput {
  name: string;
  email: string;
  plan: PlanId;
  /** Credits granted at creation to the live ledger (the embedded first workspace gets a grant). */
  grantCredits?: number;
  /** Credits granted at creation to the test ledger, which test keys spend. */
  grantTestCredits?: number;
  keyMode: "test" | "live";
  keyName?: string;
  actor: string;
  at: Date;
}

/** Creates a workspace with its first API key, in one transaction. Used by the CLI and first start. */
export async function createWorkspace(db: Database, input: CreateWorkspaceInput): Promise<{ workspaceId: string; apiKey: CreatedApiKey }> {
  const plan = plans[input.plan];
  return db.transaction(async (tx) => {
    const workspaceId = newId("ws");
    await tx.insert(workspaces).values({
      id: workspaceId,
      name: input.name,
      email: input.email,
      plan: input.plan,
      creditsMonthly: plan.monthlyAllowance,
      creditsPeriod: creditPeriod(input.at),
      creditsPack: input.grantCredits ?? 0,
      monthlyAllowance: plan.monthlyAllowance,
      testCreditsMonthly: plan.monthlyAllowance,
      testCreditsPeriod: creditPeriod(input.at),
      testCreditsPack: input.grantTestCredits ?? 0,
      ...defaultRateLimits,
      createdAt: input.at,
    });
    await tx.insert(emailPreferences).values({ workspaceId, updatedAt: input.at });
    await recordAuditEvent(tx, { workspaceId, type: "workspace.created", actor: input.actor, details: { plan: input.plan }, at: input.at });
    if (input.grantCredits) {
      await recordAuditEvent(tx, { workspaceId, type: "credits.granted", actor: input.actor, details: { credits: input.grantCredits, mode: "live" }, at: input.at });
    }
    if (input.grantTestCredits) {
      await recordAuditEvent(tx, { workspaceId, type: "credits.granted", actor: input.actor, details: { credits: input.grantTestCredits, mode: "test" }, at: input.at });
    }
    const apiKey = await createApiKey(tx, {
      workspaceId,
      mode: input.keyMode,
      name: input.keyName ?? `${input.keyMode} key`,
      actor: input.actor,
      at: input.at,
    });
    return { workspaceId, apiKey };
  });
}
