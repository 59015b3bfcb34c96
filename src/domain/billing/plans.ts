import type { PlatformId } from "../../types/platform-ids.js";

export const planIds = ["free", "subscription"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  monthlyAllowance: number;
  /** Networks the plan does not include (API-DECISIONS: free excludes microblog and short-video). */
  excludedPlatforms: readonly PlatformId[];
}

export const plans: Record<PlanId, Plan> = {
  free: { monthlyAllowance: 10, excludedPlatforms: ["twitter", "tiktok"] },
  subscription: { monthlyAllowance: 1000, excludedPlatforms: [] },
};

export const defaultRateLimits = {
  apiPerMinute: 600,
  postsPerMinute: 60,
  profileApiPerMinute: 120,
  profilePostsPerMinute: 20,
} as const;

export function isPlanId(value: string): value is PlanId {
  return (planIds as readonly string[]).includes(value);
}

/** Credits are counted per calendar month in UTC. */
export function creditPeriod(now: Date): string {
  // The same as toISOString's first seven characters, without formatting the whole instant (every limits read asks).
  const month = now.getUTCMonth() + 1;
  return `${now.getUTCFullYear()}-${month < 10 ? "0" : ""}${month}`;
}
