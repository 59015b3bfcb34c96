import { ApiError } from "../../../infra/errors.js";

/** The RFC 5545 RRULE subset Chorus takes; anything else is refused with `recurrence_invalid`. */
export type Frequency = "DAILY" | "WEEKLY" | "MONTHLY";
export const weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof weekdays)[number];

export interface ParsedRule {
  freq: Frequency;
  interval: number;
  /** `n` is the ordinal of a MONTHLY BYDAY (1MO, -1FR); null for every such weekday. */
  byDay: { day: Weekday; n: number | null }[];
  byMonthDay: number[];
  count: number | null;
  /** UNTIL as an instant (`…Z`), or a local date (`YYYYMMDD`: through the end of that day in the series' zone). */
  until: { instant: Date } | { date: { year: number; month: number; day: number } } | null;
}

/** The most occurrences one series may have; a longer plan is a new series (or no COUNT, ended by cancel). */
export const MAX_COUNT = 1000;
export const MAX_INTERVAL = 365;

const PARAM = "recurrence";
const FIX =
  "Send an RRULE such as `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`: FREQ is DAILY, WEEKLY or MONTHLY; optional INTERVAL (1-365), BYDAY (MO..SU; with MONTHLY an ordinal such as 1MO or -1FR), BYMONTHDAY (1-31 or -31..-1; not with WEEKLY), and at most one of COUNT (1-1000) and UNTIL (20270601T000000Z or 20270601).";

const invalid = (message: string) => new ApiError("recurrence_invalid", { param: PARAM, message, fix: FIX });

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^[+-]?\d{1,4}$/.test(value)) throw invalid(`${name}=${value} is not a whole number.`);
  const n = Number(value);
  if (n < min || n > max) throw invalid(`${name}=${value} is outside ${min} to ${max}.`);
  return n;
}

function parseUntil(value: string): NonNullable<ParsedRule["until"]> {
  const dateTime = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (dateTime) {
    const [y, mo, d, h, mi, s] = dateTime.slice(1).map(Number) as [number, number, number, number, number, number];
    const instant = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    if (instant.getUTCMonth() !== mo - 1 || instant.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) throw invalid(`UNTIL=${value} names a time that does not exist.`);
    return { instant };
  }
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw invalid(`UNTIL=${value} names a date that does not exist.`);
    return { date: { year, month, day } };
  }
  // RFC 5545: with a zoned start, UNTIL is UTC; a floating local time would be read in two ways.
  throw invalid(`UNTIL=${value} is neither a UTC date-time (20270601T090000Z) nor a date (20270601).`);
}

function parseByDay(value: string, freq: Frequency): ParsedRule["byDay"] {
  return value.split(",").map((item) => {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
    if (!match) throw invalid(`BYDAY item \`${item}\` is not a weekday (MO, TU, WE, TH, FR, SA, SU), optionally with an ordinal (1MO, -1FR).`);
    const n = match[1] === undefined ? null : Number(match[1]);
    if (n !== null && freq !== "MONTHLY") throw invalid(`BYDAY=${item}: an ordinal weekday is only meaningful with FREQ=MONTHLY.`);
    if (n !== null && (n === 0 || Math.abs(n) > 5)) throw invalid(`BYDAY=${item}: the ordinal must be 1 to 5 or -1 to -5.`);
    return { day: match[2] as Weekday, n };
  });
}

/**
 * Reads the rule text (`RRULE:` prefix optional, parts in any order) into the subset, refusing
 * unknown parts, repeated parts and combinations RFC 5545 forbids (COUNT with UNTIL,
 * BYMONTHDAY with WEEKLY). The arithmetic itself is the rrule library's (occurrences.ts).
 */
export function parseRule(text: string): ParsedRule {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (body === "") throw invalid("The rule is empty.");
  const parts = new Map<string, string>();
  for (const part of body.split(";")) {
    const [rawKey, value, extra] = part.split("=");
    const key = rawKey?.trim().toUpperCase() ?? "";
    if (!value || extra !== undefined || key === "") throw invalid(`\`${part}\` is not a NAME=VALUE part.`);
    if (parts.has(key)) throw invalid(`${key} appears twice.`);
    parts.set(key, value.trim().toUpperCase());
  }
  for (const key of parts.keys()) {
    if (!["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL"].includes(key)) {
      throw invalid(`${key} is not supported; Chorus takes FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT and UNTIL.`);
    }
  }
  const freq = parts.get("FREQ");
  if (!freq) throw invalid("FREQ is missing.");
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY") throw invalid(`FREQ=${freq} is not supported; use DAILY, WEEKLY or MONTHLY.`);
  const countText = parts.get("COUNT");
  const untilText = parts.get("UNTIL");
  if (countText !== undefined && untilText !== undefined) throw invalid("COUNT and UNTIL cannot both be set (RFC 5545).");
  const count = countText === undefined ? null : integer("COUNT", countText, 1, Number.MAX_SAFE_INTEGER);
  if (count !== null && count > MAX_COUNT) {
    throw new ApiError("recurrence_count_exceeded", { param: PARAM, message: `COUNT=${count} is over the limit of ${MAX_COUNT} occurrences per series.` });
  }
  const monthDays = parts.get("BYMONTHDAY");
  if (monthDays !== undefined && freq === "WEEKLY") throw invalid("BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545).");
  const byMonthDay = (monthDays?.split(",") ?? []).map((day) => {
    const n = integer("BYMONTHDAY", day, -31, 31);
    if (n === 0) throw invalid("BYMONTHDAY=0 does not exist; use 1 to 31 or -31 to -1 (from the month's end).");
    return n;
  });
  return {
    freq,
    interval: parts.has("INTERVAL") ? integer("INTERVAL", parts.get("INTERVAL") ?? "", 1, MAX_INTERVAL) : 1,
    byDay: parts.has("BYDAY") ? parseByDay(parts.get("BYDAY") ?? "", freq) : [],
    byMonthDay,
    count,
    until: untilText === undefined ? null : parseUntil(untilText),
  };
}

/** The rule written back in one canonical order, as stored and returned. */
export function formatRule(rule: ParsedRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.n ?? ""}${d.day}`).join(",")}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until) {
    const pad = (n: number, size = 2) => String(n).padStart(size, "0");
    if ("instant" in rule.until)
      parts.push(
        `UNTIL=${rule.until.instant
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "")}`,
      );
    else parts.push(`UNTIL=${pad(rule.until.date.year, 4)}${pad(rule.until.date.month)}${pad(rule.until.date.day)}`);
  }
  return parts.join(";");
}
