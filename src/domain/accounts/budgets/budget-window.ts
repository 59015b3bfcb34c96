import type { BudgetRules } from "../../../networks/rules-schema.js";

export interface BudgetWindow {
  start: Date;
  end: Date;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms (negative west of Greenwich). */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the zone's calendar day `y-m-d` starts. The offset is read at the guess and read
 * again at the corrected instant, so a day that starts on one side of a DST change and is guessed
 * from the other still lands on local midnight (DST changes happen at night, never at 00:00 in
 * the zones networks reset in).
 */
function midnightIn(timeZone: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m, d);
  const first = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, first);
}

/**
 * The window `at` falls in: a calendar day of the network's time zone (YouTube's quota resets at
 * midnight Pacific time, so its days last 23 or 25 hours on DST change dates), or fixed windows
 * counted from the epoch (a PDS's 5-minute window).
 */
export function budgetWindow(window: BudgetRules["window"], at: Date): BudgetWindow {
  if ("seconds" in window) {
    const size = window.seconds * 1000;
    const start = Math.floor(at.getTime() / size) * size;
    return { start: new Date(start), end: new Date(start + size) };
  }
  const local = new Date(at.getTime() + zoneOffsetMs(window.day, at.getTime()));
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  return { start: new Date(midnightIn(window.day, y, m, d)), end: new Date(midnightIn(window.day, y, m, d + 1)) };
}

/** Whole seconds from `at` to the window's end, at least 1: what a refused call's Retry-After says. */
export const secondsUntil = (end: Date, at: Date): number => Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000));
