import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { addDays, instantOfWallTime, wallTimeAt, zoneOffsetMinutes } from "../../infra/zoned-time.js";
import { zones } from "./post-form-read.js";

export type CalendarView = "week" | "month" | "list";

/** One day of a grid, in the viewer's zone. */
export interface CalendarDay {
  /** `2030-01-31` */
  date: string;
  weekday: number;
  /** false: a day of the previous or next month shown to fill a month grid's weeks. */
  inMonth: boolean;
}

/** What the calendar's address asks for, checked: the view, the day it is anchored on, the zone. */
export interface CalendarQuery {
  view: CalendarView;
  /** `2030-01-31` in `zone` */
  anchor: string;
  zone: string;
  /** false: no zone in the address (the browser's is filled in by the script, UTC without it). */
  zoneChosen: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: { year: number; month: number; day: number }) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
const Ymd = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\d$/));

function parts(date: string): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
  return { year, month, day };
}

/** The day an instant falls on in `zone`. */
export const dayIn = (zone: string, at: Date): string => ymd(wallTimeAt(zone, at));
/** `09:30` in `zone`. */
export const timeIn = (zone: string, at: Date): string => {
  const w = wallTimeAt(zone, at);
  return `${pad(w.hour)}:${pad(w.minute)}`;
};

/** `UTC+09:00`, `UTC-03:30`, or `UTC`: the zone's offset from UTC at that instant. */
export function offsetLabel(zone: string, at: Date): string {
  const minutes = zoneOffsetMinutes(zone, at);
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `2030-01-11 05:30 UTC+09:00`: an instant on the viewer's wall clock, its offset shown so it reads right without script too. */
export const momentIn = (zone: string, at: Date): string => `${dayIn(zone, at)} ${timeIn(zone, at)} ${offsetLabel(zone, at)}`;

/** The zone an address names (`tz=`), checked against the server's zones; UTC when it names none. */
export function zoneOfAddress(tz: string | undefined): { zone: string; chosen: boolean } {
  const zone = tz || "UTC";
  if (!zones.includes(zone)) throw new ApiError("field_invalid", { param: "tz", message: `${zone} is not a time zone this server knows.`, fix: "Pick the time zone from the list." });
  return { zone, chosen: Boolean(tz) };
}

/** The address's view, day and zone; anything else is the spec's `field_invalid` naming it. */
export function calendarQuery(query: { view?: string | undefined; date?: string | undefined; tz?: string | undefined }, now: Date): CalendarQuery {
  const view = query.view || "week";
  if (view !== "week" && view !== "month" && view !== "list") throw new ApiError("field_invalid", { param: "view", message: "Choose the week, month or list view." });
  const { zone, chosen } = zoneOfAddress(query.tz);
  const date = query.date || dayIn(zone, now);
  const valid = v.safeParse(Ymd, date).success && ymd(addDays(parts(date), 0)) === date;
  if (!valid) throw new ApiError("field_invalid", { param: "date", message: "The day in the address is not a date like 2030-01-31." });
  return { view, anchor: date, zone, zoneChosen: chosen };
}

/** The days a grid shows: Monday to Sunday around the anchor, or the whole weeks that cover its month. */
export function gridDays(view: "week" | "month", anchor: string): CalendarDay[] {
  const a = parts(anchor);
  const first = view === "week" ? a : { ...a, day: 1 };
  const firstWeekday = addDays(first, 0).weekday;
  const start = addDays(first, -((firstWeekday + 6) % 7));
  const lastOfMonth = addDays({ year: a.year, month: a.month + 1, day: 1 }, -1);
  const end = view === "week" ? addDays(start, 6) : addDays(lastOfMonth, (7 - lastOfMonth.weekday) % 7);
  const days: CalendarDay[] = [];
  for (let d = start; ymd(d) <= ymd(end); d = addDays(d, 1)) days.push({ date: ymd(d), weekday: d.weekday, inMonth: view === "week" || d.month === a.month });
  return days;
}

/** The instants a list of days covers in `zone`: from the first day's midnight to the midnight after the last. */
export function rangeOf(zone: string, days: readonly CalendarDay[]): { from: Date; to: Date } {
  const first = parts(days[0]?.date ?? "1970-01-01");
  const after = addDays(parts(days.at(-1)?.date ?? "1970-01-01"), 1);
  return { from: instantOfWallTime(zone, { ...first, hour: 0, minute: 0 }), to: instantOfWallTime(zone, { ...after, hour: 0, minute: 0 }) };
}

/** The anchors of the previous and next week or month. */
export function stepOf(view: "week" | "month", anchor: string): { previous: string; next: string } {
  const a = parts(anchor);
  if (view === "week") return { previous: ymd(addDays(a, -7)), next: ymd(addDays(a, 7)) };
  return { previous: ymd(addDays({ year: a.year, month: a.month - 1, day: 1 }, 0)), next: ymd(addDays({ year: a.year, month: a.month + 1, day: 1 }, 0)) };
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `Thursday 31 January` */
export function dayTitle(day: CalendarDay): string {
  const p = parts(day.date);
  return `${weekdayNames[day.weekday]} ${p.day} ${monthNames[p.month - 1]}`;
}

/** `January 2030`, or `Week of 28 January 2030`. */
export function periodTitle(view: "week" | "month", days: readonly CalendarDay[], anchor: string): string {
  const p = parts(view === "week" ? (days[0]?.date ?? anchor) : anchor);
  return view === "week" ? `Week of ${p.day} ${monthNames[p.month - 1]} ${p.year}` : `${monthNames[p.month - 1]} ${p.year}`;
}

export const shortWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Where the calendar's own forms return to: the same view, day and zone. */
export function calendarHref(q: { view: CalendarView; anchor: string; zone: string }, extra: Record<string, string> = {}): string {
  return `/dashboard/calendar?${new URLSearchParams({ view: q.view, date: q.anchor, tz: q.zone, ...extra }).toString()}`;
}
