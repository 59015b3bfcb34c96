import { ApiError } from "../../infra/errors.js";

/** IANA names only: `Europe/Berlin`, `America/New_York`, `UTC`. Abbreviations such as EST are refused. */
export function assertTimezone(zone: string, param = "timezone"): void {
  const looksIana = zone === "UTC" || /^[A-Za-z]+(?:[/_+-][A-Za-z0-9_+-]+)+$/.test(zone);
  let known = false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    known = true;
  } catch {
    known = false;
  }
  if (!looksIana || !known || !zone.includes("/") && zone !== "UTC") {
    throw new ApiError("timezone_invalid", { param, message: `\`${zone}\` is not an IANA time zone name.` });
  }
}

function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/**
 * `scheduledAt` with an offset (`Z`, `+02:00`) is an instant; without one it is a wall-clock
 * time in `timezone` (UTC when none is given), resolved with the zone's offset at that moment.
 */
export function resolveScheduledAt(scheduledAt: string, timezone: string | undefined): Date {
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(scheduledAt);
  const parsed = new Date(hasOffset ? scheduledAt : `${scheduledAt}Z`);
  if (Number.isNaN(parsed.getTime())) throw new ApiError("field_invalid", { param: "scheduledAt", message: "scheduledAt must be an ISO 8601 date-time." });
  if (hasOffset || !timezone) return parsed;
  // Two passes settle the offset across a daylight-saving change.
  const first = new Date(parsed.getTime() - offsetMinutes(timezone, parsed) * 60_000);
  return new Date(parsed.getTime() - offsetMinutes(timezone, first) * 60_000);
}
