/**
 * Wall-clock times in IANA zones, with Intl only (no tz database file shipped): the runtime's
 * own zone data answers every offset.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `at`, with its weekday (0 = Sunday). */
export function wallTimeAt(zone: string, at: Date): WallTime & { weekday: number; second: number } {
  const parts = formatterFor(zone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { year: Number(get("year")), month: Number(get("month")), day: Number(get("day")), hour: Number(get("hour")), minute: Number(get("minute")), second: Number(get("second")), weekday };
}

/** Minutes `zone` is ahead of UTC at `at` (Berlin in summer: 120). */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const w = wallTimeAt(zone, at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const sameWall = (zone: string, at: number, wall: WallTime) => {
  const w = wallTimeAt(zone, new Date(at));
  return w.year === wall.year && w.month === wall.month && w.day === wall.day && w.hour === wall.hour && w.minute === wall.minute;
};

/**
 * The instant a wall-clock time names in `zone`. Daylight saving makes two cases (the rule is
 * RFC 5545's and Temporal's "compatible" one):
 * - a time skipped by a spring-forward gap (02:30 on the day clocks jump from 02:00 to 03:00)
 *   is moved forward by the gap's length: 03:30 in the new offset;
 * - a time that happens twice on a fall-back day (01:30 when clocks go from 02:00 back to 01:00)
 *   is its first occurrence, in the offset before the change.
 */
export function instantOfWallTime(zone: string, wall: WallTime): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // No zone changes its offset twice within two days, so the offsets a day either side cover every case.
  const before = zoneOffsetMinutes(zone, new Date(asUtc - 86_400_000));
  const after = zoneOffsetMinutes(zone, new Date(asUtc + 86_400_000));
  const candidates = [...new Set([asUtc - before * 60_000, asUtc - after * 60_000])].filter((at) => sameWall(zone, at, wall)).sort((a, b) => a - b);
  const first = candidates[0];
  // In a gap neither offset gives the wall time back; the offset before the gap lands past it by the gap's length.
  return new Date(first ?? asUtc - before * 60_000);
}

/** `at` written as ISO 8601 with the zone's offset at that instant: `2027-03-14T03:30:00-04:00`. */
export function isoInZone(zone: string, at: Date): string {
  const w = wallTimeAt(zone, at);
  const offset = zoneOffsetMinutes(zone, at);
  const pad = (n: number, size = 2) => String(n).padStart(size, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The calendar date `days` after the given one (no zone involved: calendar arithmetic only). */
export function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}
