import { eq } from "drizzle-orm";
import { workspaces } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { type CreditSource, ledgerBalance, ledgerColumns, ledgerTotal, spend } from "../../billing/index.js";
import type { DomainContext } from "../../core/index.js";
import { assertSourcesAllowed, chargeAgentAllowance } from "../../agents/index.js";

export type { CreditSource } from "../../billing/index.js";

/**
 * Credits are reserved for every target that will be sent, in the transaction that stores the
 * post, so two concurrent requests can never spend the same credit: the workspace row is locked
 * while it is read and written. The key's mode picks the ledger: a test key spends test credits
 * only. Targets that do not publish give their credit back, to the bucket and ledger it came
 * from, in the statement that records their outcome (record-outcome.ts); a published target keeps
 * it. `paidFor` names what each credit pays for (a target id, a billed reply's id), so an agent's
 * allowance can give that credit back when it is refunded. Returns one source per credit reserved.
 */
export async function reserveCredits(tx: Transaction, ctx: Pick<DomainContext, "workspace" | "apiKey" | "agent" | "services">, paidFor: readonly string[], now: Date): Promise<CreditSource[]> {
  const amount = paidFor.length;
  if (amount === 0) return [];
  const workspaceId = ctx.workspace.id;
  const mode = ctx.apiKey.mode;
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  if (!row) throw new Error("workspace vanished");
  const balance = ledgerBalance(row, mode, now);
  const total = ledgerTotal(balance);
  if (total < amount) {
    throw new ApiError("entitlement_exceeded", {
      message: `This post needs ${amount} credit${amount === 1 ? "" : "s"} and the workspace has ${total}${mode === "test" ? " test credits" : ""}.`,
      param: "accounts",
      ...(mode === "test"
        ? { fix: "Test keys spend the test credit ledger: the operator tops it up with `npm run chorus -- credits grant --mode test` or resets it with `credits reset --mode test`." }
        : {}),
    });
  }
  const { after, sources } = spend(mode, balance, amount);
  // An agent's own limits, under the same workspace lock: refused here, nothing is stored or charged.
  assertSourcesAllowed(ctx, sources);
  await chargeAgentAllowance(tx, ctx, paidFor, now);
  await tx
    .update(workspaces)
    .set(ledgerColumns(mode, after, now))
    .where(eq(workspaces.id, workspaceId));
  return sources;
}
