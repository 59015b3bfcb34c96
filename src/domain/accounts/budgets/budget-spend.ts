import { eq } from "drizzle-orm";
import { networkBudgets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { NetworkContext, TokenSet } from "../../../networks/types.js";
import type { DomainContext } from "../../core/index.js";
import { recordEventOnce } from "../../events/index.js";
import type { SocialAccountRow } from "../account-view.js";
import { type Budget, LOW_SHARE, budgetOf, recordSpent, reserveBackground } from "./budget-ledger.js";
import { BudgetTab } from "./budget-tab.js";
import { secondsUntil } from "./budget-window.js";

/**
 * Who a network call is for: a person's request (counted, never refused) or background work
 * (reserved first), booked call by call or, for a batch such as a poll shard, through its tab.
 */
export type Spend = "user" | "background" | BudgetTab;

/**
 * A person's calls are counted in memory and written in one statement per budget once the oldest
 * uncounted call is this old, so a request pays no extra round trip for the ledger. The cost: a
 * process that stops (a Worker isolate evicted) loses at most this long of a person's calls,
 * which only lets background work spend a little more of the share it is held to anyway.
 */
export const USER_FLUSH_MS = 30_000;

const pendingUser = new Map<string, { budget: Budget; units: number; since: number }>();

/** Budgets whose `quota.low` this process already recorded for a workspace and window (the database refuses repeats anyway). */
const lowRecorded = new Set<string>();

/** Counts the requests an adapter sends through `net`, priced as the budget prices reads and writes. */
function counted(net: NetworkContext, budget: Budget): { net: NetworkContext; units: () => number } {
  let units = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    units += method === "GET" || method === "HEAD" ? budget.rules.requestUnits.read : budget.rules.requestUnits.write;
    return net.fetch(input, init);
  };
  return { net: { ...net, fetch }, units: () => units };
}

/** The items a background page returned, for networks that bill each one (X): feeds answer `{ items }`. */
const itemsOf = (result: unknown): number => (typeof result === "object" && result !== null && "items" in result && Array.isArray(result.items) ? result.items.length : 0);

async function noteUser(ctx: DomainContext, budget: Budget, units: number): Promise<void> {
  const now = ctx.clock.now().getTime();
  const pending = pendingUser.get(budget.key) ?? { budget, units: 0, since: now };
  pending.units += units;
  pending.budget = budget;
  pendingUser.set(budget.key, pending);
  if (now - pending.since < USER_FLUSH_MS) return;
  pendingUser.delete(budget.key);
  try {
    await recordSpent(ctx.db, budget, pending.units, new Date(now));
  } catch (error) {
    // The ledger is advice for background work: its failure never fails the person's call.
    ctx.services.logger.warn("network budget not recorded", { budget: budget.key, error: String(error) });
  }
}

/**
 * Records `quota.low` for the workspace whose background work is slowed (or about to be), once
 * per budget window: its source id names the budget and window, so the events table refuses a
 * second one even from another process.
 */
async function noteLow(ctx: DomainContext, row: SocialAccountRow, budget: Budget, reason: "threshold" | "refused", used: number | null): Promise<void> {
  const window = budget.window.start.toISOString();
  const memo = `${ctx.workspace.id}|${budget.key}|${window}`;
  if (lowRecorded.has(memo)) return;
  if (lowRecorded.size > 10_000) lowRecorded.clear();
  lowRecorded.add(memo);
  try {
    const current = used ?? (await ctx.db.select({ used: networkBudgets.used }).from(networkBudgets).where(eq(networkBudgets.budgetKey, budget.key)))[0]?.used ?? 0;
    await recordEventOnce(ctx.db, ctx.services.jobs, {
      workspaceId: ctx.workspace.id,
      mode: row.mode,
      type: "quota.low",
      sourceId: `quota.low:${budget.key}:${window}`,
      data: {
        network: budget.platform,
        budget: budget.key,
        unit: budget.rules.unit,
        used: current,
        cap: budget.cap,
        backgroundCap: budget.backgroundCap,
        resetsAt: budget.window.end.toISOString(),
        reason,
        slowed: "inbox_polls",
        account: row.id,
      },
      at: ctx.clock.now(),
    });
  } catch (error) {
    // The warning is advice: failing to record it neither fails nor frees the call; a later one retries.
    lowRecorded.delete(memo);
    ctx.services.logger.warn("quota.low not recorded", { budget: budget.key, error: String(error) });
  }
}

function refusal(budget: Budget, now: Date): ApiError {
  const seconds = secondsUntil(budget.window.end, now);
  return new ApiError("rate_limited", {
    platform: budget.platform,
    headers: { "Retry-After": String(seconds) },
    message: `Background reads of ${budget.platform} have used their share (${budget.backgroundCap} of ${budget.cap} ${budget.rules.unit}) until ${budget.window.end.toISOString()}.`,
    fix: "Polling resumes when the window resets; raise the budget with the network and CHORUS_<NETWORK>_BUDGET, or bring your own app with POST /v1/credentials.",
  });
}

/**
 * Wraps one network call of a session so its spend is counted. Background calls reserve their
 * page's units first and are refused with `rate_limited` and `Retry-After` = the seconds left in
 * the window (a poll pauses exactly that long); what the call spent beyond the reservation
 * (requests past the first, X's billed items) is added after. A person's calls only count.
 */
export function budgeted<T>(ctx: DomainContext, row: SocialAccountRow, spend: Spend, call: (tokens: TokenSet, net: NetworkContext) => Promise<T>) {
  return async (tokens: TokenSet, net: NetworkContext): Promise<T> => {
    const budget = await budgetOf(ctx, row, tokens, net);
    if (!budget) return call(tokens, net);
    const metered = counted(net, budget);
    if (spend === "user") {
      try {
        return await call(tokens, metered.net);
      } finally {
        await noteUser(ctx, budget, metered.units());
      }
    }
    const now = ctx.clock.now();
    const reserved = budget.rules.pageUnits;
    const tab = spend instanceof BudgetTab ? spend : null;
    const used = tab ? await tab.draw(budget, reserved, now) : await reserveBackground(ctx.db, budget, reserved, now);
    if (used === null) {
      await noteLow(ctx, row, budget, "refused", null);
      throw refusal(budget, now);
    }
    if (used >= budget.backgroundCap * LOW_SHARE) await noteLow(ctx, row, budget, "threshold", used);
    const result = await call(tokens, metered.net);
    const extra = (budget.rules.billsItems ? itemsOf(result) : metered.units()) - reserved;
    if (tab) {
      if (extra > 0) tab.spend(budget, extra);
    } else await recordSpent(ctx.db, budget, extra, ctx.clock.now());
    return result;
  };
}
