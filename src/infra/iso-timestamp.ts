/**
 * Strict ISO 8601 / RFC 3339 date-times, for every timestamp a caller sends. `new Date()` is not
 * a parser to trust with input: it rolls `2030-02-30` over to March 2, accepts years up to
 * +275760 that no database column holds, and reads text without an offset in the server's zone.
 * Here the date must exist in the calendar, the year is 0001-9999 (what every database and
 * `toISOString` round-trip), and the offset is reported as absent rather than guessed.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export type ParsedTimestamp = { ok: true; wall: WallClock /** Minutes east of UTC, or null when the text had no `Z` or offset. */; offsetMinutes: number | null } | { ok: false; problem: string };

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;
export const TIMESTAMP_EXAMPLE = "2030-01-31T09:30:00Z";

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; Date.UTC is exact for years 0001-9999.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function parseIsoTimestamp(text: string): ParsedTimestamp {
  const match = SHAPE.exec(text);
  if (!match) return { ok: false, problem: `is not an ISO 8601 date-time such as ${TIMESTAMP_EXAMPLE} (a year of four digits, then month, day, hours and minutes)` };
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const wall: WallClock = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s ?? "0"),
    millisecond: Math.floor(Number(`0.${fraction ?? "0"}`) * 1000),
  };
  if (wall.year < 1) return { ok: false, problem: "has year 0000; years run from 0001 to 9999" };
  if (wall.month < 1 || wall.month > 12) return { ok: false, problem: `has month ${mo}, which does not exist` };
  const lastDay = daysInMonth(wall.year, wall.month);
  if (wall.day < 1 || wall.day > lastDay) return { ok: false, problem: `names day ${d} of a month that has ${lastDay} days` };
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return { ok: false, problem: "has a time of day that does not exist (hours 00-23, minutes and seconds 00-59)" };
  let offsetMinutes: number | null = null;
  if (zulu) offsetMinutes = 0;
  else if (sign) {
    const hours = Number(oh);
    const minutes = Number(om);
    if (hours > 23 || minutes > 59) return { ok: false, problem: `has an offset ${sign}${oh}:${om} that does not exist` };
    offsetMinutes = (sign === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  return { ok: true, wall, offsetMinutes };
}

/** The wall-clock time read as UTC, in milliseconds since the epoch. */
export function wallAsUtc(wall: WallClock): number {
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  at.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  at.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return at.getTime();
}
