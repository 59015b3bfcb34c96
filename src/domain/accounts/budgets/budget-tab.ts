import type { Queryable } from "../../../db/types.js";
import type { Budget } from "./budget-ledger.js";
import { recordSpent, reserveBackground, returnUnspent } from "./budget-ledger.js";

/**
 * A batch of background calls that books each network budget once instead of once per call: a
 * poll shard reads dozens of feeds, and at 10,000 workspaces one ledger statement per page was
 * most of the database's work (issue 26). The first call to a budget reserves a block of units in
 * one statement; later calls draw on the block in memory and reserve another block only when it
 * runs out; `settle()` writes what the batch really spent against what it reserved, one statement
 * per budget. Between the two, other processes see the whole block as used, so the background
 * share is never overspent; at worst a block's unused units are held back for one shard's run.
 */
export class BudgetTab {
  /** Per budget: units reserved in the ledger, units the batch used (draws and extras), the ledger's total after the last reservation. */
  private readonly open = new Map<string, { budget: Budget; reserved: number; drawn: number; used: number }>();

  /** `blockUnits(budget)`: how many units one reservation takes (the batch's remaining pages, say). */
  constructor(
    private readonly db: Queryable,
    private readonly blockUnits: (budget: Budget) => number,
  ) {}

  /**
   * Takes `units` for one call: from the block when it still holds them, else by reserving a new
   * block that also covers what the batch spent beyond its blocks. Returns the units the ledger
   * shows used (for the low-quota warning), or null when the background share is reached.
   */
  async draw(budget: Budget, units: number, now: Date): Promise<number | null> {
    const entry = this.open.get(budget.key);
    if (entry && entry.reserved - entry.drawn >= units) {
      entry.drawn += units;
      return entry.used;
    }
    const owed = entry ? Math.max(0, entry.drawn - entry.reserved) : 0;
    const block = Math.max(units, this.blockUnits(budget)) + owed;
    let used = await reserveBackground(this.db, budget, block, now);
    let took = block;
    // A block larger than what is left of the share is refused whole: one call's worth may still fit.
    if (used === null && block > units + owed) {
      took = units + owed;
      used = await reserveBackground(this.db, budget, took, now);
    }
    if (used === null) return null;
    const next = entry ?? { budget, reserved: 0, drawn: 0, used: 0 };
    next.reserved += took;
    next.drawn += units;
    next.used = used;
    this.open.set(budget.key, next);
    return used;
  }

  /** Units a call spent beyond what it drew (X's billed items, a second request): the next block or `settle` books them. */
  spend(budget: Budget, units: number): void {
    const entry = this.open.get(budget.key);
    if (entry) entry.drawn += units;
  }

  /** Writes each budget's true spend against its reservations: the extra spent, or the unused units given back. */
  async settle(now: Date): Promise<void> {
    const entries = [...this.open.values()];
    this.open.clear();
    for (const entry of entries) {
      const difference = entry.drawn - entry.reserved;
      if (difference > 0) await recordSpent(this.db, entry.budget, difference, now);
      else if (difference < 0) await returnUnspent(this.db, entry.budget, -difference, now);
    }
  }
}
