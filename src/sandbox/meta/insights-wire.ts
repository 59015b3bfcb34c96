import { graphError } from "./graph-wire.js";

/**
 * What the Meta insights edges (`/{page-id}/insights`, `/{post-id}/insights`,
 * `/{ig-media-id}/insights`, `/{ig-user-id}/insights`) share on the wire: the `metric` list
 * checked against the names the edge serves today (a retired name such as `impressions`,
 * `plays` or `page_fans` is refused like any unknown one, as Graph does since it dropped them),
 * the `period` values, Unix `since`/`until`, and the `{ name, period, values | total_value,
 * title, description, id }` entries of the answer.
 */

export const invalidMetric = () => graphError(400, { message: "(#100) The value must be a valid insights metric", type: "OAuthException", code: 100 });

export const insightsParameterError = (message: string) => graphError(400, { message: `(#100) ${message}`, type: "OAuthException", code: 100 });

/** The `metric` list, or Graph's answer when it is missing or names a metric the edge does not serve. */
export function requestedMetrics(raw: string | undefined, served: readonly string[]): string[] | Response {
  const list = (raw ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  if (list.length === 0) return insightsParameterError("The parameter metric is required");
  return list.every((m) => served.includes(m)) ? [...new Set(list)] : invalidMetric();
}

export const DAY_SECONDS = 86_400;

/** Unix seconds from `since`/`until` (Graph also takes dates; the adapters send seconds). */
export function unixParam(raw: string | undefined): number | null | "bad" {
  if (raw === undefined || raw === "") return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? "bad" : Math.floor(parsed / 1000);
}

/** The UTC days a `since`..`until` range covers (`until` exclusive, as Graph reads it). */
export function daysOf(since: number, until: number): string[] {
  const days: string[] = [];
  for (let t = since - (since % DAY_SECONDS); t < until; t += DAY_SECONDS) days.push(new Date(t * 1000).toISOString().slice(0, 10));
  return days;
}

/** A daily value's `end_time`: Graph stamps a day with its end (midnight Pacific time, 07:00 or 08:00 UTC the next day); the sandbox uses 08:00. */
export const endTimeOf = (day: string) => `${new Date(Date.parse(`${day}T00:00:00Z`) + DAY_SECONDS * 1000).toISOString().slice(0, 10)}T08:00:00+0000`;

export function insightEntry(nodeId: string, name: string, period: string, value: { values: { value: number; end_time?: string }[] } | { total_value: { value: number } }) {
  return { name, period, ...value, title: name.replace(/_/g, " "), description: `Sandbox ${name}`, id: `${nodeId}/insights/${name}/${period}` };
}
