import { type SQL, and, eq, sql } from "drizzle-orm";
import { networkBudgets } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { sha256Hex } from "../../../infra/crypto.js";
import type { BudgetRules } from "../../../networks/rules-schema.js";
import { rulesFor } from "../../../networks/registry.js";
import type { NetworkContext, TokenSet } from "../../../networks/types.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import type { SocialAccountRow } from "../account-view.js";
import { type BudgetWindow, budgetWindow } from "./budget-window.js";

/**
 * Background calls may spend this share of a window; the rest is kept for calls made for a
 * person's request, which are counted but never refused (a poll can wait, a person should not).
 */
export const BACKGROUND_SHARE = 0.7;
/** `quota.low` is recorded once background work has used this share of its allowance (56 % of the cap). */
export const LOW_SHARE = 0.8;

/** One budget as the network counts it, with the current window. */
export interface Budget {
  key: string;
  platform: PlatformId;
  /** The workspace whose own app or sandbox it is; null for the deployment's app, shared by all. */
  owner: string | null;
  rules: BudgetRules;
  cap: number;
  /** Units background calls may reach: BACKGROUND_SHARE of the cap. */
  backgroundCap: number;
  window: BudgetWindow;
}

/**
 * The budget a call through `net` spends: the network's, for the app whose credentials `net`
 * carries (the deployment's, or a workspace's own, named by a hash of its client id so the
 * ledger holds no credential), per PDS host for Bluesky. Test-mode calls reach the workspace's
 * own simulators, so their budget is the workspace's. Null when the network keeps none.
 */
export async function budgetOf(ctx: DomainContext, row: SocialAccountRow, tokens: TokenSet, net: NetworkContext): Promise<Budget | null> {
  const platform = row.platform;
  const rules = rulesFor(platform).budget;
  if (!rules) return null;
  let app = "deployment";
  let owner: string | null = null;
  if (row.mode === "test") {
    app = `test:${ctx.workspace.id}`;
    owner = ctx.workspace.id;
  } else if (net.config.clientId && net.config.clientId !== ctx.services.networks.appCredentials[platform]?.clientId) {
    app = `byo:${(await sha256Hex(net.config.clientId)).slice(0, 24)}`;
    owner = ctx.workspace.id;
  }
  const scope = rules.scope?.(tokens, net);
  const cap = ctx.services.networks.budgetCaps?.[platform] ?? rules.cap;
  return {
    key: [platform, app, ...(scope ? [scope] : [])].join(":"),
    platform,
    owner,
    rules,
    cap,
    backgroundCap: Math.floor(cap * BACKGROUND_SHARE),
    window: budgetWindow(rules.window, ctx.clock.now()),
  };
}

/** The units used in the window after `units` are added, the window restarted in place when a newer one began. */
const usedAfter = (units: number) => sql`(case when ${networkBudgets.windowStart} < excluded.window_start then 0 else ${networkBudgets.used} end) + ${units}`;

function upsert(db: Queryable, budget: Budget, units: number, now: Date, where?: SQL) {
  return db
    .insert(networkBudgets)
    .values({ budgetKey: budget.key, platform: budget.platform, ownerWorkspaceId: budget.owner, windowStart: budget.window.start, used: units, updatedAt: now })
    .onConflictDoUpdate({
      target: networkBudgets.budgetKey,
      set: {
        used: usedAfter(units),
        // A call that read the clock just before a rollover counts in the newer window.
        windowStart: sql`greatest(${networkBudgets.windowStart}, excluded.window_start)`,
        updatedAt: now,
      },
      ...(where ? { setWhere: where } : {}),
    });
}

/**
 * Reserves `units` for a background call in one statement: the row's lock orders concurrent
 * reservations, and each adds its units only if the window stays within the background share
 * (a reservation of 0, X's check before a billed read, needs the share not yet reached). Returns
 * the units used after it, or null when refused.
 */
export async function reserveBackground(db: Queryable, budget: Budget, units: number, now: Date): Promise<number | null> {
  const limit = budget.backgroundCap;
  if (units > limit) return null;
  const [row] = await upsert(db, budget, units, now, sql`${usedAfter(units)} <= ${limit} and ${usedAfter(0)} < ${limit}`).returning({ used: networkBudgets.used });
  return row ? row.used : null;
}

/** Adds units already spent (a person's calls, the items a billed read returned): never refused. */
export async function recordSpent(db: Queryable, budget: Budget, units: number, now: Date): Promise<void> {
  if (units > 0) await upsert(db, budget, units, now);
}

/**
 * Gives back units reserved but not spent (a batch's block, `BudgetTab.settle`), in the window
 * they were reserved in only: once a newer window began, the old reservation no longer counts.
 */
export async function returnUnspent(db: Queryable, budget: Budget, units: number, now: Date): Promise<void> {
  if (units <= 0) return;
  await db
    .update(networkBudgets)
    .set({ used: sql`greatest(0, ${networkBudgets.used} - ${units})`, updatedAt: now })
    .where(and(eq(networkBudgets.budgetKey, budget.key), eq(networkBudgets.windowStart, budget.window.start)));
}
