import { describe, expect, it } from "vitest";
import { budgetWindow, secondsUntil } from "../../src/domain/accounts/budgets/budget-window.js";

const pacific = { day: "America/Los_Angeles" };
const hours = (w: { start: Date; end: Date }) => (w.end.getTime() - w.start.getTime()) / 3_600_000;

describe("network budget windows", () => {
  it("a Pacific day starts at local midnight: 08:00 UTC in winter, 07:00 UTC in summer", () => {
    const winter = budgetWindow(pacific, new Date("2026-11-21T12:00:00Z"));
    expect(winter).toEqual({ start: new Date("2026-11-21T08:00:00Z"), end: new Date("2026-11-22T08:00:00Z") });
    const summer = budgetWindow(pacific, new Date("2026-07-04T06:59:59Z"));
    expect(summer).toEqual({ start: new Date("2026-07-03T07:00:00Z"), end: new Date("2026-07-04T07:00:00Z") });
    expect(budgetWindow(pacific, new Date("2026-07-04T07:00:00Z")).start).toEqual(new Date("2026-07-04T07:00:00Z"));
  });

  it("the day the clocks spring forward (2026-03-08) lasts 23 hours, the day they fall back (2026-11-01) 25", () => {
    const spring = budgetWindow(pacific, new Date("2026-03-08T20:00:00Z"));
    expect(spring).toEqual({ start: new Date("2026-03-08T08:00:00Z"), end: new Date("2026-03-09T07:00:00Z") });
    expect(hours(spring)).toBe(23);
    // Just before the change (01:30 PST) and just after it (03:30 PDT) are the same day.
    expect(budgetWindow(pacific, new Date("2026-03-08T09:30:00Z"))).toEqual(spring);
    expect(budgetWindow(pacific, new Date("2026-03-08T10:30:00Z"))).toEqual(spring);
    const fall = budgetWindow(pacific, new Date("2026-11-01T12:00:00Z"));
    expect(fall).toEqual({ start: new Date("2026-11-01T07:00:00Z"), end: new Date("2026-11-02T08:00:00Z") });
    expect(hours(fall)).toBe(25);
    // The repeated hour 01:00-02:00 (once PDT, once PST) is one day.
    expect(budgetWindow(pacific, new Date("2026-11-01T08:30:00Z"))).toEqual(fall);
    expect(budgetWindow(pacific, new Date("2026-11-01T09:30:00Z"))).toEqual(fall);
    // The evening before the change is the day before.
    expect(budgetWindow(pacific, new Date("2026-11-01T06:59:59Z")).end).toEqual(fall.start);
  });

  it("Retry-After is the whole seconds to the window's end, across a DST change too", () => {
    const at = new Date("2026-03-08T21:00:00.400Z");
    const { end } = budgetWindow(pacific, at);
    // 21:00 UTC to 07:00 UTC the next morning (midnight PDT): 10 hours, rounded up.
    expect(secondsUntil(end, at)).toBe(10 * 3600);
    expect(secondsUntil(end, end)).toBe(1);
  });

  it("a UTC day and fixed 5-minute windows", () => {
    expect(budgetWindow({ day: "UTC" }, new Date("2026-11-21T23:59:59Z"))).toEqual({ start: new Date("2026-11-21T00:00:00Z"), end: new Date("2026-11-22T00:00:00Z") });
    expect(budgetWindow({ seconds: 300 }, new Date("2026-11-21T12:07:30Z"))).toEqual({ start: new Date("2026-11-21T12:05:00Z"), end: new Date("2026-11-21T12:10:00Z") });
  });
});
