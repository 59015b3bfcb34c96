import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { networkBudgets } from "../../src/db/schema/index.js";
import { type Budget, recordSpent, reserveBackground } from "../../src/domain/accounts/budgets/budget-ledger.js";
import { BudgetTab } from "../../src/domain/accounts/budgets/budget-tab.js";
import { budgetWindow } from "../../src/domain/accounts/budgets/budget-window.js";
import { rulesFor } from "../../src/networks/registry.js";
import { describeOnEachDatabase } from "../support/each-database.js";

/** Issue 26 item 3: the per-app budget ledger's one-statement reservation. */
let counter = 0;
function youtubeBudget(cap: number, at: Date): Budget {
  counter += 1;
  const rules = rulesFor("youtube").budget;
  if (!rules) throw new Error("YouTube keeps a budget");
  return { key: `youtube:test-ledger-${counter}-${Math.random()}`, platform: "youtube", owner: null, rules, cap, backgroundCap: Math.floor(cap * 0.7), window: budgetWindow(rules.window, at) };
}

describeOnEachDatabase("network budget ledger", (app) => {
  const usedOf = async (budget: Budget) => (await app().db.select().from(networkBudgets).where(eq(networkBudgets.budgetKey, budget.key)))[0]?.used;

  it("background reservations succeed up to 70 % of the cap, then are refused; a person's calls are recorded past it", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(100, now);
    for (let n = 0; n < 23; n++) expect(await reserveBackground(app().db, budget, 3, now)).toBe(3 * (n + 1));
    // 69 used: 3 more would pass the background share of 70.
    expect(await reserveBackground(app().db, budget, 3, now)).toBeNull();
    expect(await reserveBackground(app().db, budget, 1, now)).toBe(70);
    expect(await reserveBackground(app().db, budget, 0, now)).toBeNull();
    // What people spend is never refused, not even past the whole cap.
    await recordSpent(app().db, budget, 50, now);
    expect(await usedOf(budget)).toBe(120);
    expect(await reserveBackground(app().db, budget, 1, now)).toBeNull();
  });

  it("the window rolls over in place: the first reservation of the next Pacific day starts from zero", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(10, now);
    expect(await reserveBackground(app().db, budget, 7, now)).toBe(7);
    expect(await reserveBackground(app().db, budget, 1, now)).toBeNull();
    const next = new Date("2026-11-22T08:00:00Z");
    const tomorrow = { ...budget, window: budgetWindow(budget.rules.window, next) };
    expect(tomorrow.window.start).toEqual(next);
    expect(await reserveBackground(app().db, tomorrow, 3, next)).toBe(3);
    // A caller that read the clock just before midnight counts in the new day, not the old one.
    expect(await reserveBackground(app().db, budget, 2, now)).toBe(5);
    const [row] = await app().db.select().from(networkBudgets).where(eq(networkBudgets.budgetKey, budget.key));
    expect(row).toMatchObject({ used: 5, windowStart: next });
  });

  it("20 concurrent reservations against a background share of 10 grant exactly 10", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    // 15 x 0.7 = 10 units for background work.
    const budget = youtubeBudget(15, now);
    expect(budget.backgroundCap).toBe(10);
    // The row exists first, so every racer meets it (a first insert races too, through ON CONFLICT).
    await reserveBackground(app().db, budget, 0, now);
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveBackground(app().db, budget, 1, now)));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await usedOf(budget)).toBe(10);
  });

  it("20 concurrent first reservations of a budget no one used yet grant exactly 10", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(15, now);
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveBackground(app().db, budget, 1, now)));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await usedOf(budget)).toBe(10);
  });

  it("a batch's tab books a block once, draws on it in memory, and gives back what it did not spend", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(100, now);
    const tab = new BudgetTab(app().db, () => 12);
    expect(await tab.draw(budget, 3, now)).toBe(12);
    // The block is the ledger's from the first draw: another process sees it used.
    expect(await usedOf(budget)).toBe(12);
    for (let n = 0; n < 3; n++) expect(await tab.draw(budget, 3, now)).toBe(12);
    expect(await usedOf(budget)).toBe(12);
    // A call that spent more than its draw (a second request): the next block books it too.
    tab.spend(budget, 2);
    expect(await tab.draw(budget, 3, now)).toBe(12 + 12 + 2 + 3 - 3);
    await tab.settle(now);
    expect(await usedOf(budget)).toBe(5 * 3 + 2);
  });

  it("a tab never takes more than the background share: a block that does not fit shrinks to one call, then it is refused", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(20, now);
    expect(budget.backgroundCap).toBe(14);
    const other = new BudgetTab(app().db, () => 10);
    expect(await other.draw(budget, 3, now)).toBe(10);
    const tab = new BudgetTab(app().db, () => 10);
    expect(await tab.draw(budget, 3, now)).toBe(13);
    expect(await tab.draw(budget, 3, now)).toBeNull();
    await tab.settle(now);
    await other.settle(now);
    expect(await usedOf(budget)).toBe(6);
  });

  it("gives nothing back into a window that began after the tab reserved", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const budget = youtubeBudget(100, now);
    const tab = new BudgetTab(app().db, () => 30);
    await tab.draw(budget, 3, now);
    const next = new Date(now.getTime() + 24 * 60 * 60_000);
    const tomorrow = { ...budget, window: budgetWindow(budget.rules.window, next) };
    expect(await reserveBackground(app().db, tomorrow, 5, next)).toBe(5);
    await tab.settle(next);
    expect(await usedOf(budget)).toBe(5);
  });
});
