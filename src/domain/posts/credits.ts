import { eq } from "drizzle-orm";
import { workspaces } from "../../db/schema/index.js";
import type { Transaction } from "../../db/types.js";
import { ApiError } from "../../infra/errors.js";
import { creditPeriod } from "../billing/plans.js";

export type CreditSource = "monthly" | "pack";

/**
 * Credits are reserved for every target that will be sent, in the transaction that stores the
 * post, so two concurrent requests can never spend the same credit: the workspace row is locked
 * while it is read and written. Targets that do not publish give their credit back, to the
 * bucket it came from, in the transaction that records their outcome; a published target keeps
 * it. Monthly credits are spent first, then packs. Returns one source per credit reserved.
 */
export async function reserveCredits(tx: Transaction, workspaceId: string, amount: number, now: Date): Promise<CreditSource[]> {
  if (amount === 0) return [];
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  if (!row) throw new Error("workspace vanished");
  const period = creditPeriod(now);
  const monthly = row.creditsPeriod === period ? row.creditsMonthly : row.monthlyAllowance;
  if (monthly + row.creditsPack < amount) {
    throw new ApiError("entitlement_exceeded", {
      message: `This post needs ${amount} credit${amount === 1 ? "" : "s"} and the workspace has ${monthly + row.creditsPack}.`,
      param: "accounts",
    });
  }
  const fromMonthly = Math.min(monthly, amount);
  await tx
    .update(workspaces)
    .set({ creditsMonthly: monthly - fromMonthly, creditsPeriod: period, creditsPack: row.creditsPack - (amount - fromMonthly) })
    .where(eq(workspaces.id, workspaceId));
  return Array.from({ length: amount }, (_, i) => (i < fromMonthly ? "monthly" : "pack"));
}

/** Gives one reserved credit back. A monthly credit reserved in an earlier month has expired with it. */
export async function refundCredit(tx: Transaction, workspaceId: string, source: CreditSource, now: Date): Promise<void> {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  if (!row) return;
  if (source === "pack") {
    await tx.update(workspaces).set({ creditsPack: row.creditsPack + 1 }).where(eq(workspaces.id, workspaceId));
    return;
  }
  if (row.creditsPeriod !== creditPeriod(now)) return;
  await tx
    .update(workspaces)
    .set({ creditsMonthly: Math.min(row.monthlyAllowance, row.creditsMonthly + 1) })
    .where(eq(workspaces.id, workspaceId));
}
