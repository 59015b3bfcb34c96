import type { WorkspaceRecord } from "../core/index.js";
import { type LedgerMode, ledgerBalance, ledgerTotal } from "./ledger.js";
import { type PlanId, isPlanId, plans } from "./plans.js";

export interface CreditsView {
  total: number;
  monthly: number;
  pack: number;
  monthlyAllowance: number;
  plan: string;
  blockedPlatforms: string[];
}

export interface BillingView {
  mode: "free" | "payg" | "subscription";
  isSubscriber: boolean;
  hasPurchasedCredits: boolean;
}

/**
 * Networks a key of `mode` may not publish to: the operator's blocks always, the plan's
 * exclusions only for live keys, so test mode can try every network whatever the plan.
 */
export function blockedPlatforms(workspace: WorkspaceRecord, mode: LedgerMode): string[] {
  const plan: PlanId = isPlanId(workspace.plan) ? workspace.plan : "free";
  const excluded = mode === "live" ? plans[plan].excludedPlatforms : [];
  return [...new Set([...excluded, ...workspace.blockedPlatforms])].sort();
}

/** The ledger of the key's mode: a test key sees the test credits, a live key the live ones. */
export function creditsView(workspace: WorkspaceRecord, mode: LedgerMode, now: Date): CreditsView {
  const balance = ledgerBalance(workspace, mode, now);
  return {
    total: ledgerTotal(balance),
    monthly: balance.monthly,
    pack: balance.granted + balance.purchased,
    monthlyAllowance: workspace.monthlyAllowance,
    plan: workspace.plan,
    blockedPlatforms: blockedPlatforms(workspace, mode),
  };
}

/**
 * Billing is about real money, so it reads the live ledger whatever the key. The spec's `payg`
 * is the free plan with a positive balance of purchased credits; granted credits are not bought.
 */
export function billingView(workspace: WorkspaceRecord): BillingView {
  const isSubscriber = workspace.plan === "subscription";
  return {
    mode: isSubscriber ? "subscription" : workspace.creditsPurchased > 0 ? "payg" : "free",
    isSubscriber,
    hasPurchasedCredits: workspace.hasPurchasedCredits,
  };
}
