import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type DailyMetrics, type MetricValues, noMetrics } from "../facets/analytics.js";
import { callNetwork } from "../http.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { googleBusinessUrls } from "./capabilities.js";
import { googleBusinessErrorTable } from "./errors.js";

/**
 * Google Business Profile numbers come only from the Business Profile Performance API, per
 * location and per day (`locations.fetchMultiDailyMetricsTimeSeries`); local posts have none
 * since v4's reportInsights went, so there is no post read and the domain reports each target
 * as `capability_unsupported`. An account's numbers are its locations' added up: views are the
 * four `BUSINESS_IMPRESSIONS_*` series (unique viewers per day and surface), clicks the website
 * clicks; calls, direction requests, bookings, conversations and menu clicks stand beside them
 * under their own names. `BUSINESS_FOOD_ORDERS` is deprecated and never asked. Business
 * profiles have no followers.
 */

const IMPRESSIONS = ["BUSINESS_IMPRESSIONS_DESKTOP_MAPS", "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH", "BUSINESS_IMPRESSIONS_MOBILE_MAPS", "BUSINESS_IMPRESSIONS_MOBILE_SEARCH"];
const DAILY_METRICS = [...IMPRESSIONS, "WEBSITE_CLICKS", "CALL_CLICKS", "BUSINESS_DIRECTION_REQUESTS", "BUSINESS_CONVERSATIONS", "BUSINESS_BOOKINGS", "BUSINESS_FOOD_MENU_CLICKS"];

const GoogleDate = v.object({ year: v.number(), month: v.number(), day: v.number() });
const Series = v.object({
  multiDailyMetricTimeSeries: v.optional(
    v.array(
      v.object({
        dailyMetricTimeSeries: v.optional(
          v.array(
            v.object({
              dailyMetric: v.string(),
              // int64 values are JSON strings, and absent when zero.
              timeSeries: v.optional(v.object({ datedValues: v.optional(v.array(v.object({ date: GoogleDate, value: v.optional(v.string()) }))) })),
            }),
          ),
        ),
      }),
    ),
  ),
});

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (d: v.InferOutput<typeof GoogleDate>) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

function toMetrics(values: Record<string, number>): MetricValues {
  const impressions = IMPRESSIONS.map((name) => values[name]).filter((x): x is number => x !== undefined);
  return { ...noMetrics(), views: impressions.length === 0 ? null : impressions.reduce((a, b) => a + b, 0), clicks: values.WEBSITE_CLICKS ?? null };
}

function rangeParams(url: URL, since: string, until: string): void {
  for (const [which, day] of [
    ["start", since],
    ["end", until],
  ] as const) {
    const [year, month, date] = day.split("-").map(Number);
    url.searchParams.set(`dailyRange.${which}Date.year`, String(year));
    url.searchParams.set(`dailyRange.${which}Date.month`, String(month));
    url.searchParams.set(`dailyRange.${which}Date.day`, String(date));
  }
}

async function readLocation(tokens: TokenSet, net: NetworkContext, locationId: string, since: string, until: string) {
  const url = new URL(`${googleBusinessUrls.performance}/locations/${encodeURIComponent(locationId)}:fetchMultiDailyMetricsTimeSeries`);
  for (const metric of DAILY_METRICS) url.searchParams.append("dailyMetrics", metric);
  rangeParams(url, since, until);
  const response = await callNetwork(net, googleBusinessErrorTable, url.toString(), { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } });
  const parsed = v.safeParse(Series, response.body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "googlebusiness", message: "googlebusiness: unexpected fetchMultiDailyMetricsTimeSeries answer." });
  const totals: Record<string, number> = {};
  const days = new Map<string, Record<string, number>>();
  for (const series of (parsed.output.multiDailyMetricTimeSeries ?? []).flatMap((m) => m.dailyMetricTimeSeries ?? [])) {
    totals[series.dailyMetric] = totals[series.dailyMetric] ?? 0;
    for (const dated of series.timeSeries?.datedValues ?? []) {
      const value = Number(dated.value ?? "0");
      totals[series.dailyMetric] = (totals[series.dailyMetric] ?? 0) + value;
      const day = dayOf(dated.date);
      days.set(day, { ...days.get(day), [series.dailyMetric]: (days.get(day)?.[series.dailyMetric] ?? 0) + value });
    }
  }
  return { totals, days };
}

/** The facet, over the adapter's own location listing (every location of every account the person reaches). */
export function createGoogleBusinessAnalytics(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>): AnalyticsFacet {
  return {
    metricNames: {
      views: "Σ BUSINESS_IMPRESSIONS_* (location only)",
      reach: null,
      likes: null,
      comments: null,
      shares: null,
      saves: null,
      clicks: "WEBSITE_CLICKS (location only)",
      videoViews: null,
      watchTimeSeconds: null,
      followers: null,
    },
    // Performance data is daily and a few days late; reads count against 300 per minute per project.
    minRefreshSeconds: 3600,

    async accountAnalytics(tokens, request, net) {
      // Target ids are v4 names (`accounts/{a}/locations/{l}`); Performance wants `locations/{l}`.
      const locations = (await targets(tokens, net)).map((t) => t.id.split("/").at(-1) ?? t.id);
      const read = await Promise.all(locations.map((id) => readLocation(tokens, net, id, request.since, request.until)));
      const networkMetrics = addNetworkMetrics(read.map((r) => r.totals));
      const byDay = new Map<string, MetricValues[]>();
      for (const { days } of read) for (const [date, values] of days) byDay.set(date, [...(byDay.get(date) ?? []), toMetrics(values)]);
      const daily: DailyMetrics[] = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, all]) => ({ date, metrics: addMetrics(all) }));
      return { metrics: toMetrics(networkMetrics), networkMetrics, followers: null, followersChange: null, daily, source: "account" };
    },
  };
}
