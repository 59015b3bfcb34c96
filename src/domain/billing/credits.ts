import type { WorkspaceRecord } from "../context.js";
import { type PlanId, creditPeriod, isPlanId, plans } from "./plans.js";

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
 * Monthly credits renew lazily: a workspace whose stored period is not the current month has
 * its whole allowance, whatever the stored count says. Charging writes the new period.
 */
export function effectiveMonthlyCredits(workspace: WorkspaceRecord, now: Date): number {
  return workspace.creditsPeriod === creditPeriod(now) ? workspace.creditsMonthly : workspace.monthlyAllowance;
}

export function blockedPlatforms(workspace: WorkspaceRecord): string[] {
  const plan: PlanId = isPlanId(workspace.plan) ? workspace.plan : "free";
  return [...new Set([...plans[plan].excludedPlatforms, ...workspace.blockedPlatforms])].sort();
}

export function creditsView(workspace: WorkspaceRecord, now: Date): CreditsView {
  const monthly = effectiveMonthlyCredits(workspace, now);
  return {
    total: monthly + workspace.creditsPack,
    monthly,
    pack: workspace.creditsPack,
    monthlyAllowance: workspace.monthlyAllowance,
    plan: workspace.plan,
    blockedPlatforms: blockedPlatforms(workspace),
  };
}

export function billingView(workspace: WorkspaceRecord): BillingView {
  const isSubscriber = workspace.plan === "subscription";
  return {
    mode: isSubscriber ? "subscription" : workspace.creditsPack > 0 ? "payg" : "free",
    isSubscriber,
    hasPurchasedCredits: workspace.hasPurchasedCredits,
  };
}
