import { ApiError } from "../../../infra/errors.js";
import { parseIsoTimestamp, wallAsUtc } from "../../../infra/iso-timestamp.js";
import { instantOfWallTime } from "../../../infra/zoned-time.js";

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
  if (!looksIana || !known || (!zone.includes("/") && zone !== "UTC")) {
    throw new ApiError("timezone_invalid", { param, message: `\`${zone}\` is not an IANA time zone name.` });
  }
}

/** The latest instant stored and returned as a plain ISO 8601 string (`toISOString` adds a sign and six digits past it). */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const invalid = (message: string, fix?: string) => new ApiError("timestamp_invalid", { param: "scheduledAt", message, ...(fix ? { fix } : {}) });

/**
 * `scheduledAt` with an offset (`Z`, `+02:00`) is an instant; without one it is a wall-clock
 * time in `timezone`, resolved with the zone's offset at that moment. Without an offset and
 * without a zone it names no single instant (ten in the morning where?), so it is refused
 * rather than read as UTC.
 */
export function resolveScheduledAt(scheduledAt: string, timezone: string | undefined): Date {
  const parsed = parseIsoTimestamp(scheduledAt);
  if (!parsed.ok) throw invalid(`scheduledAt \`${scheduledAt}\` ${parsed.problem}.`);
  const wall = wallAsUtc(parsed.wall);
  let at: Date;
  if (parsed.offsetMinutes !== null) {
    at = new Date(wall - parsed.offsetMinutes * 60_000);
  } else if (timezone) {
    // The one daylight-saving rule queues and series use too (zoned-time.ts): a time a spring-forward
    // gap skips moves forward by the gap, a time a fall-back repeats is its first occurrence.
    const { second, millisecond } = parsed.wall;
    at = new Date(instantOfWallTime(timezone, parsed.wall).getTime() + second * 1000 + millisecond);
  } else {
    throw invalid(
      `scheduledAt \`${scheduledAt}\` has no offset and no \`timezone\` was sent, so it names no single moment.`,
      "Add Z or an offset to scheduledAt (2030-01-31T09:30:00Z, 2030-01-31T09:30:00+01:00), or send `timezone` (an IANA name such as Europe/Berlin) to read it as wall-clock time in that zone.",
    );
  }
  if (at.getTime() > LATEST) throw invalid(`scheduledAt \`${scheduledAt}\` falls after 9999-12-31T23:59:59Z, the last moment Chorus stores.`);
  return at;
}
