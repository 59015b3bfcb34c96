import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";

/**
 * Watch time of X videos: only GET /2/media/analytics (`getMediaAnalytics`) has it, as
 * `watch_time_ms`. The call takes 1 to 100 `media_keys` and a required `start_time`/`end_time`;
 * the spec sets no limit on the span, so it runs from the earliest post's creation to now, with
 * `granularity=total`. The top-level `watch_time_ms` is used when present, else the sum of the
 * `timestamped_metrics` buckets, whose counters X sends as integers or, when its backend value
 * is not a plain number, as strings.
 *
 * X sells this report only to some access levels, and it needs tweet.read: a refusal (403,
 * client-not-enrolled, missing scope) leaves watch time unknown and the rest of the read stands.
 */

/** `media_keys` takes at most 100 keys (OpenAPI `getMediaAnalytics`). */
const KEYS_MAX = 100;

const Counter = v.nullish(v.union([v.number(), v.string()]));
const MediaAnalytics = v.object({
  media_key: v.optional(v.string()),
  watch_time_ms: Counter,
  timestamped_metrics: v.nullish(v.array(v.object({ metrics: v.nullish(v.object({ watch_time_ms: Counter })) }))),
});
const Response = v.object({ data: v.optional(v.array(MediaAnalytics)), errors: v.optional(v.array(v.unknown())) });

/** What X sends for a counter, as a number; a string that is no number counts as unknown. */
function counter(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number(value.trim());
  return value === "" || !Number.isFinite(n) ? null : n;
}

function watchTimeOf(item: v.InferOutput<typeof MediaAnalytics>): number | null {
  const top = counter(item.watch_time_ms);
  if (top !== null) return top;
  const buckets = (item.timestamped_metrics ?? []).map((b) => counter(b.metrics?.watch_time_ms)).filter((n): n is number => n !== null);
  return buckets.length > 0 ? buckets.reduce((a, b) => a + b, 0) : null;
}

/**
 * Every 403 of this report is a refusal of the report itself (access level, scope), which the rest
 * of the read does not depend on; other failures (expired token, rate limit, a bad request) stay errors.
 */
const reportTable: ErrorTable = {
  ...twitterErrorTable,
  rows: [{ status: 403, code: "missing_scope", meaning: "403 on media analytics: the app's access level or the token's scopes do not include the report." }, ...twitterErrorTable.rows],
};
const refused = (error: unknown) => error instanceof ApiError && error.code === "missing_scope";

/** X's date-time without milliseconds, as its examples write them. */
const xTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * Watch time in milliseconds per media key, for videos posted at `since` or later; a key X does
 * not answer is absent. An empty map when X refuses the report.
 */
export async function mediaWatchTimes(tokens: TokenSet, keys: string[], since: Date, net: NetworkContext): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (keys.length === 0) return found;
  const end = net.now();
  // end_time must come after start_time: a clock a little behind X's is not a reason to fail.
  const start = since.getTime() < end.getTime() - 1000 ? since : new Date(end.getTime() - 60_000);
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_MAX) batches.push(keys.slice(i, i + KEYS_MAX));
  try {
    const answers = await Promise.all(
      batches.map(async (batch) => {
        const url = new URL(`${twitterApiBaseUrl}/${twitterApiVersion}/media/analytics`);
        url.searchParams.set("media_keys", batch.join(","));
        url.searchParams.set("start_time", xTime(start));
        url.searchParams.set("end_time", xTime(end));
        url.searchParams.set("granularity", "total");
        url.searchParams.set("media_analytics.fields", "media_key,watch_time_ms,timestamped_metrics");
        const response = await callNetwork(net, reportTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } }, { resetHeader: twitterRateLimitHeaders.reset });
        return parseNetworkBody("twitter", Response, response.body, "media/analytics").data ?? [];
      }),
    );
    for (const item of answers.flat()) {
      const ms = watchTimeOf(item);
      if (item.media_key && ms !== null) found.set(item.media_key, ms);
    }
  } catch (error) {
    if (!refused(error)) throw error;
  }
  return found;
}
