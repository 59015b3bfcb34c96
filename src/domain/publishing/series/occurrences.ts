import * as rruleModule from "rrule";
import { type WallTime, instantOfWallTime, wallTimeAt } from "../../../infra/zoned-time.js";
import type { ParsedRule, Weekday } from "./recurrence-rule.js";

export interface Occurrence {
  /** Wall-clock time in the series' zone, `YYYY-MM-DDTHH:MM`: what the rule names. */
  local: string;
  /** The instant it names there (a time in a spring-forward gap moves forward by the gap). */
  at: Date;
}

// rrule 2.8.1 ships ESM for bundlers (Workers, vitest: named exports) and a UMD build for Node's
// own loader, whose namespace has only `default`: take RRule from whichever the loader gave.
const { RRule } = "RRule" in rruleModule && rruleModule.RRule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default;
type RRule = InstanceType<typeof RRule>;

const frequencies = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY } as const;
const weekdayOf: Record<Weekday, typeof RRule.MO> = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

export function formatLocal(w: WallTime): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

export function parseLocal(text: string): WallTime {
  const [date = "", time = ""] = text.split("T");
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return { year, month, day, hour, minute };
}

// "Floating" time: a wall-clock time carried in a Date's UTC fields. UTC has no daylight saving, so
// the library's day and month arithmetic never meets a 23- or 25-hour day; the zone is applied
// after, one occurrence at a time. (rrule's own `tzid` mode returns dates whose meaning depends on
// the host's zone, so it is not used.)
const floating = (w: WallTime) => new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute));
const wallOfFloating = (d: Date): WallTime => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() });

/**
 * A series' rule bound to its zone and start: the occurrences in order. COUNT is the library's
 * (counted from the start, skipped occurrences included); UNTIL is applied here as an instant, so
 * an UNTIL in UTC means the same moment whatever the zone's offset that day.
 */
export class Recurrence {
  private readonly rrule: RRule;
  private readonly until: Date | null;

  constructor(
    rule: ParsedRule,
    readonly timezone: string,
    readonly startLocal: string,
  ) {
    this.rrule = new RRule({
      freq: frequencies[rule.freq],
      interval: rule.interval,
      byweekday: rule.byDay.length > 0 ? rule.byDay.map((d) => (d.n === null ? weekdayOf[d.day] : weekdayOf[d.day].nth(d.n))) : null,
      bymonthday: rule.byMonthDay.length > 0 ? rule.byMonthDay : null,
      count: rule.count,
      dtstart: floating(parseLocal(startLocal)),
      wkst: RRule.MO,
    });
    if (!rule.until) this.until = null;
    else if ("instant" in rule.until) this.until = rule.until.instant;
    // A date UNTIL includes its whole local day: the end is the next day's midnight there.
    else this.until = new Date(instantOfWallTime(timezone, { ...rule.until.date, hour: 23, minute: 59 }).getTime() + 59_999);
  }

  private occurrence(d: Date | null): Occurrence | null {
    if (!d) return null;
    const wall = wallOfFloating(d);
    const at = instantOfWallTime(this.timezone, wall);
    if (this.until && at.getTime() > this.until.getTime()) return null;
    return { local: formatLocal(wall), at };
  }

  /** The first occurrence strictly after the wall time `local`, or the first of all when `local` is null. */
  after(local: string | null): Occurrence | null {
    if (local === null) return this.occurrence(this.rrule.after(floating(parseLocal(this.startLocal)), true));
    return this.occurrence(this.rrule.after(floating(parseLocal(local)), false));
  }

  /**
   * The first occurrence after `local` whose instant is later than `cutoff`: those before it were
   * missed (the series was paused, or nothing ran) and are skipped, not sent late. On a fall-back
   * day a wall time can come round again after it passed, hence the loop rather than one jump.
   */
  afterInstant(local: string | null, cutoff: Date): Occurrence | null {
    let next = this.after(local);
    if (next && next.at.getTime() <= cutoff.getTime()) next = this.after(maxLocal(local, formatLocal(wallTimeAt(this.timezone, cutoff))));
    for (let guard = 0; next && next.at.getTime() <= cutoff.getTime() && guard < 4; guard++) next = this.after(next.local);
    return next && next.at.getTime() > cutoff.getTime() ? next : null;
  }

  /** Up to `count` occurrences after `local`, for previews. */
  upcoming(local: string | null, cutoff: Date, count: number): Occurrence[] {
    const out: Occurrence[] = [];
    let next = this.afterInstant(local, cutoff);
    while (next && out.length < count) {
      out.push(next);
      next = this.after(next.local);
    }
    return out;
  }
}

/** Wall times as `YYYY-MM-DDTHH:MM` sort as text. */
export function maxLocal(a: string | null, b: string): string {
  return a !== null && a > b ? a : b;
}
