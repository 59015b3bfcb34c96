/**
 * Issue 26 item 3 in workerd: the budget windows' time-zone arithmetic runs on the Worker's own
 * Intl, and the one-statement reservation holds against racing reservations sent through the
 * Worker's database path (Neon's driver over the WebSocket proxy to PostgreSQL).
 *
 * The race is skipped, with a warning naming the reason, when PostgreSQL is unreachable.
 */
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { networkBudgets } from "../../src/db/schema/index.js";
import { type Budget, reserveBackground } from "../../src/domain/accounts/budgets/budget-ledger.js";
import { budgetWindow } from "../../src/domain/accounts/budgets/budget-window.js";
import { rulesFor } from "../../src/networks/registry.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/network-budgets.test] race skipped: ${skipReason}`);

describe("network budgets in workerd", () => {
  it("YouTube's day runs midnight to midnight Pacific, 23 hours on 2026-03-08 and 25 on 2026-11-01", () => {
    const pacific = { day: "America/Los_Angeles" };
    expect(budgetWindow(pacific, new Date("2026-03-08T20:00:00Z"))).toEqual({ start: new Date("2026-03-08T08:00:00Z"), end: new Date("2026-03-09T07:00:00Z") });
    expect(budgetWindow(pacific, new Date("2026-11-01T12:00:00Z"))).toEqual({ start: new Date("2026-11-01T07:00:00Z"), end: new Date("2026-11-02T08:00:00Z") });
  });

  it.skipIf(skipReason)("20 racing reservations against a background share of 10 grant exactly 10", async () => {
    const rules = rulesFor("youtube").budget;
    if (!rules) throw new Error("YouTube keeps a budget");
    const now = new Date();
    const budget: Budget = { key: `youtube:workers-race-${crypto.randomUUID()}`, platform: "youtube", owner: null, rules, cap: 15, backgroundCap: 10, window: budgetWindow(rules.window, now) };
    const opened = Array.from({ length: 4 }, () => neonDatabaseProvider({ url: inject("databaseUrl"), wsProxy: inject("wsProxy") }).open());
    const dbAt = (n: number) => {
      const one = opened[n % opened.length];
      if (!one) throw new Error("no connection opened");
      return one.db;
    };
    try {
      // Four connections, five racers each: their statements interleave on the server.
      const results = await Promise.all(Array.from({ length: 20 }, (_, n) => reserveBackground(dbAt(n), budget, 1, now)));
      expect(results.filter((r) => r !== null)).toHaveLength(10);
      const [row] = await dbAt(0).select().from(networkBudgets).where(eq(networkBudgets.budgetKey, budget.key));
      expect(row?.used).toBe(10);
    } finally {
      await Promise.all(opened.map((o) => o.close()));
    }
  });
});
