import type { Context, Hono } from "hono";
import { simulatedDay } from "../sandbox-metrics.js";
import { googleRpcErrorBody } from "../google/wire.js";
import type { SimulatorDeps } from "../types.js";
import type { SandboxLocation } from "./business-data.js";
import type { LocalPostRouteTools } from "./local-posts.js";

/**
 * The Business Profile Performance API on the simulator:
 * `GET /v1/locations/{l}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=…&dailyRange.startDate.year=…`
 * (snake_case `daily_range.start_date.year` accepted too, as Google's JSON mapping does). The
 * answer is one `dailyMetricTimeSeries` per metric asked, a dated value per day, its `value` an
 * int64 string left out when zero. A name outside the `DailyMetric` enum, a missing or reversed
 * range, and a range older than 18 months are INVALID_ARGUMENT; another person's location is
 * PERMISSION_DENIED. There are no per-post numbers: localPosts.reportInsights is gone.
 */

export const PERFORMANCE_SERVICE = "businessprofileperformance.googleapis.com";
const DAILY_METRICS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_DIRECTION_REQUESTS",
  "CALL_CLICKS",
  "WEBSITE_CLICKS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
];
const DAY_MS = 86_400_000;
const MAX_AGE_DAYS = 550;

const invalid = (c: Context, message: string, field: string) =>
  c.json(googleRpcErrorBody(400, message, null, PERFORMANCE_SERVICE, { details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description: message }] }] }), 400);

/** `dailyRange.startDate.year` or `daily_range.start_date.year`, as a UTC day. */
function dateParam(query: URLSearchParams, which: "start" | "end"): string | null {
  const part = (name: string) => query.get(`dailyRange.${which}Date.${name}`) ?? query.get(`daily_range.${which}_date.${name}`);
  const [year, month, day] = [part("year"), part("month"), part("day")].map((x) => (x && /^\d+$/.test(x) ? Number(x) : null));
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : null;
}

/** One location's number for one metric on one day, from its simulated audience. */
function valueOn(locationId: string, metric: string, day: string): number {
  const a = simulatedDay(`googlebusiness:${locationId}`, day);
  const quarter = Math.round(a.impressions / 40);
  const values: Record<string, number> = {
    BUSINESS_IMPRESSIONS_DESKTOP_MAPS: quarter,
    BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: Math.round(quarter * 1.5),
    BUSINESS_IMPRESSIONS_MOBILE_MAPS: Math.round(quarter * 2.2),
    BUSINESS_IMPRESSIONS_MOBILE_SEARCH: Math.round(quarter * 3.1),
    WEBSITE_CLICKS: Math.round(a.clicks / 10),
    CALL_CLICKS: Math.round(a.profileVisits / 12),
    BUSINESS_DIRECTION_REQUESTS: Math.round(a.saves / 8),
  };
  return values[metric] ?? 0;
}

export function mountPerformance(app: Hono, deps: SimulatorDeps, tools: LocalPostRouteTools): void {
  app.get("/v1/locations/:target", async (c, next) => {
    if (new URL(c.req.url).host !== PERFORMANCE_SERVICE) return next();
    const [locationId, method] = c.req.param("target").split(":");
    if (method !== "fetchMultiDailyMetricsTimeSeries") return next();
    const auth = await tools.authorize(c, PERFORMANCE_SERVICE, true);
    if (auth instanceof Response) return auth;
    const query = new URL(c.req.url).searchParams;
    const metrics = [...new Set(query.getAll("dailyMetrics").concat(query.getAll("daily_metrics")))];
    if (metrics.length === 0) return invalid(c, "dailyMetrics must contain at least one metric.", "daily_metrics");
    const unknown = metrics.find((m) => !DAILY_METRICS.includes(m));
    if (unknown) return invalid(c, `Invalid value at 'daily_metrics' (type.googleapis.com/google.business.performance.v1.DailyMetric), "${unknown}"`, "daily_metrics");
    const start = dateParam(query, "start");
    const end = dateParam(query, "end");
    if (!start || !end) return invalid(c, "daily_range must have a valid start_date and end_date.", "daily_range");
    if (start > end) return invalid(c, "start_date must be before or equal to end_date.", "daily_range");
    const oldest = new Date(deps.now().getTime() - MAX_AGE_DAYS * DAY_MS).toISOString().slice(0, 10);
    if (start < oldest) return invalid(c, "start_date cannot be more than 18 months in the past.", "daily_range.start_date");
    const location = await deps.store.get<SandboxLocation>("googlebusiness", "location", locationId ?? "");
    if (!location || location.owner !== auth.person.id) return c.json(googleRpcErrorBody(403, "The caller does not have permission", null, PERFORMANCE_SERVICE), 403);
    const today = deps.now().toISOString().slice(0, 10);
    const days: string[] = [];
    for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
    const series = metrics.map((metric) => ({
      dailyMetric: metric,
      timeSeries: {
        datedValues: days.map((day) => {
          const [year, month, dayOfMonth] = day.split("-").map(Number);
          // Today and later have no numbers yet; zero is left out, as Google's int64 JSON does.
          const value = day >= today ? 0 : valueOn(location.id, metric, day);
          return { date: { year, month, day: dayOfMonth }, ...(value > 0 ? { value: String(value) } : {}) };
        }),
      },
    }));
    return c.json({ multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: series }] });
  });
}
