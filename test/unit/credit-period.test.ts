import { describe, expect, it } from "vitest";
import { creditPeriod } from "../../src/domain/billing/plans.js";

describe("creditPeriod: the UTC calendar month an instant counts its credits in", () => {
  it.each([
    ["2026-01-01T00:00:00.000Z", "2026-01"],
    ["2026-09-30T23:59:59.999Z", "2026-09"],
    ["2026-10-01T00:00:00.000Z", "2026-10"],
    ["2026-12-31T23:59:59.999Z", "2026-12"],
    // Midnight in Berlin on New Year is still December in UTC.
    ["2027-01-01T00:30:00.000+01:00", "2026-12"],
  ])("puts %s in %s", (instant, period) => {
    expect(creditPeriod(new Date(instant))).toBe(period);
  });

  it("agrees with the ISO form's year and month for every month of a decade", () => {
    for (let month = 0; month < 120; month++) {
      const at = new Date(Date.UTC(2025, month, 15, 12));
      expect(creditPeriod(at)).toBe(at.toISOString().slice(0, 7));
    }
  });
});
