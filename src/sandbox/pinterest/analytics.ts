import type { Context, Hono } from "hono";
import { simulatedAudience, simulatedDay } from "../sandbox-metrics.js";
import type { SimulatorDeps } from "../types.js";
import { savesOf } from "./saves.js";
import { authenticate, pinError } from "./wire.js";

/**
 * Pinterest's analytics reads (OpenAPI `pins/analytics`, `user_account/analytics`): dates
 * YYYY-MM-DD at most 90 days back and at most 90 days apart, `metric_types` from the spec's
 * enums (required for Pins), answered as `{ all: { daily_metrics, summary_metrics,
 * lifetime_metrics } }`. Video metrics are answered for video Pins only. Only the owner's Pins
 * have analytics. Numbers come from the simulated audience of the Pin or the account's day.
 */

const PIN_METRICS = [
  "IMPRESSION",
  "OUTBOUND_CLICK",
  "PIN_CLICK",
  "SAVE",
  "SAVE_RATE",
  "TOTAL_COMMENTS",
  "TOTAL_REACTIONS",
  "USER_FOLLOW",
  "PROFILE_VISIT",
  "PROFILE_VISIT_RATE",
  "VIDEO_MRC_VIEW",
  "VIDEO_10S_VIEW",
  "QUARTILE_95_PERCENT_VIEW",
  "VIDEO_V50_WATCH_TIME",
  "VIDEO_START",
  "VIDEO_AVG_WATCH_TIME",
  "ALL",
];
const ACCOUNT_METRICS = ["ENGAGEMENT", "ENGAGEMENT_RATE", "IMPRESSION", "OUTBOUND_CLICK", "OUTBOUND_CLICK_RATE", "PIN_CLICK", "PIN_CLICK_RATE", "SAVE", "SAVE_RATE"];
const LIFETIME = ["TOTAL_COMMENTS", "TOTAL_REACTIONS"];
const VIDEO = ["VIDEO_MRC_VIEW", "VIDEO_10S_VIEW", "QUARTILE_95_PERCENT_VIEW", "VIDEO_V50_WATCH_TIME", "VIDEO_START", "VIDEO_AVG_WATCH_TIME"];
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface PinRecord {
  accountId: string;
  created_at: string;
  creative_type: string;
}

const invalid = (c: Context, message: string) => pinError(c, 400, 1, message);

/** The range asked, or the refusal Pinterest gives. */
function range(c: Context, now: Date): { days: string[] } | Response {
  const start = c.req.query("start_date") ?? "";
  const end = c.req.query("end_date") ?? "";
  if (!DATE.test(start) || !DATE.test(end)) return invalid(c, "Invalid parameters: start_date and end_date are required (YYYY-MM-DD).");
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (startMs > endMs) return invalid(c, "Invalid parameters: start_date must be before end_date.");
  if (today - startMs > 90 * DAY_MS) return invalid(c, "Invalid parameters: start_date cannot be more than 90 days back from today.");
  if (endMs - startMs > 90 * DAY_MS) return invalid(c, "Invalid parameters: end_date cannot be more than 90 days past start_date.");
  const days: string[] = [];
  for (let t = startMs; t <= Math.min(endMs, today); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return { days };
}

function metricList(c: Context, known: string[], required: boolean): string[] | Response {
  const raw = c.req.query("metric_types");
  if (raw === undefined) return required ? invalid(c, "Invalid parameters: metric_types is required.") : known.filter((m) => m !== "ALL");
  const list = raw.split(",").filter(Boolean);
  const unknown = list.find((m) => !known.includes(m));
  if (unknown) return invalid(c, `Invalid parameters: '${unknown}' is not a valid metric type.`);
  return list.includes("ALL") ? known.filter((m) => m !== "ALL") : list;
}

function appTypes(c: Context): Response | null {
  const value = c.req.query("app_types");
  return value === undefined || ["ALL", "MOBILE", "TABLET", "WEB"].includes(value) ? null : invalid(c, `Invalid parameters: '${value}' is not a valid app type.`);
}

/** A Pin's numbers by the end of one day: its simulated audience, cumulative. */
function pinNumbersBy(pinId: string, pin: PinRecord, until: Date, savedAt: readonly string[] = []): Record<string, number> {
  const a = simulatedAudience(`pinterest:${pinId}`, pin.created_at, until, pin.creative_type === "VIDEO");
  const values: Record<string, number> = {
    IMPRESSION: a.impressions,
    OUTBOUND_CLICK: a.clicks,
    PIN_CLICK: Math.round(a.clicks * 1.6),
    // Saves made through the API (saves.ts) on top of the simulated audience's.
    SAVE: a.saves + savedAt.filter((at) => Date.parse(`${at}Z`) <= until.getTime()).length,
    TOTAL_COMMENTS: a.comments,
    TOTAL_REACTIONS: a.likes,
    USER_FOLLOW: a.follows,
    PROFILE_VISIT: a.profileVisits,
  };
  if (pin.creative_type === "VIDEO") {
    Object.assign(values, {
      VIDEO_MRC_VIEW: a.videoViews,
      VIDEO_START: Math.round(a.videoViews * 1.3),
      VIDEO_10S_VIEW: Math.round(a.videoViews * 0.4),
      QUARTILE_95_PERCENT_VIEW: Math.round(a.videoViews * 0.2),
      VIDEO_V50_WATCH_TIME: a.watchSeconds * 1000,
    });
  }
  return values;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function mountPinterestAnalyticsRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/v5/pins/:pinId/analytics", async (c) => {
    const auth = await authenticate(c, deps, ["boards:read", "pins:read"]);
    if (auth instanceof Response) return auth;
    const pinId = c.req.param("pinId");
    const pin = (await deps.store.get<PinRecord>("pinterest", "pin", pinId))?.data;
    if (!pin) return pinError(c, 404, 50, "Pin not found.");
    if (pin.accountId !== auth.account.id) return pinError(c, 403, 29, "You are not permitted to access that resource.");
    const now = deps.now();
    const asked = range(c, now);
    if (asked instanceof Response) return asked;
    const metrics = metricList(c, PIN_METRICS, true);
    if (metrics instanceof Response) return metrics;
    const badApp = appTypes(c);
    if (badApp) return badApp;
    const period = metrics.filter((m) => !LIFETIME.includes(m) && (pin.creative_type === "VIDEO" || !VIDEO.includes(m)));
    const savedAt = await savesOf(deps, pinId);
    const endOf = (day: string) => new Date(Math.min(now.getTime(), Date.parse(`${day}T23:59:59.999Z`)));
    const before = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 1);
    const live = (until: Date) => until.getTime() >= Date.parse(pin.created_at);
    const daily = asked.days.map((d) => {
      const end = endOf(d);
      const upTo = live(end) ? pinNumbersBy(pinId, pin, end, savedAt) : {};
      const earlier = live(before(d)) ? pinNumbersBy(pinId, pin, before(d), savedAt) : {};
      const values: Record<string, number> = {};
      for (const m of period) if (m in upTo || !VIDEO.includes(m)) values[m] = (upTo[m] ?? 0) - (earlier[m] ?? 0);
      if (period.includes("SAVE_RATE")) values.SAVE_RATE = rate(values.SAVE ?? 0, values.IMPRESSION ?? 0);
      return { date: d, data_status: live(end) ? "READY" : "BEFORE_PIN_DATA_RETENTION_PERIOD", metrics: values };
    });
    const summary: Record<string, number> = {};
    for (const m of period) summary[m] = daily.reduce((sum, d) => sum + (d.metrics[m] ?? 0), 0);
    if (period.includes("SAVE_RATE")) summary.SAVE_RATE = rate(summary.SAVE ?? 0, summary.IMPRESSION ?? 0);
    const lifetimeNumbers = pinNumbersBy(pinId, pin, now, savedAt);
    const lifetime: Record<string, number> = {};
    for (const m of metrics.filter((x) => LIFETIME.includes(x))) lifetime[m] = lifetimeNumbers[m] ?? 0;
    return c.json({ all: { daily_metrics: daily, summary_metrics: summary, lifetime_metrics: lifetime } });
  });

  app.get("/v5/user_account/analytics", async (c) => {
    const auth = await authenticate(c, deps, ["user_accounts:read"]);
    if (auth instanceof Response) return auth;
    const asked = range(c, deps.now());
    if (asked instanceof Response) return asked;
    const metrics = metricList(c, ACCOUNT_METRICS, false);
    if (metrics instanceof Response) return metrics;
    const badApp = appTypes(c);
    if (badApp) return badApp;
    const daily = asked.days.map((d) => {
      const a = simulatedDay(`pinterest:${auth.account.id}`, d);
      const all: Record<string, number> = { IMPRESSION: a.impressions, OUTBOUND_CLICK: a.clicks, PIN_CLICK: Math.round(a.clicks * 1.6), SAVE: a.saves, ENGAGEMENT: a.saves + a.clicks + a.likes };
      all.ENGAGEMENT_RATE = rate(all.ENGAGEMENT ?? 0, a.impressions);
      all.OUTBOUND_CLICK_RATE = rate(a.clicks, a.impressions);
      all.PIN_CLICK_RATE = rate(all.PIN_CLICK ?? 0, a.impressions);
      all.SAVE_RATE = rate(a.saves, a.impressions);
      return { date: d, data_status: "READY", metrics: Object.fromEntries(metrics.map((m) => [m, all[m] ?? 0])) };
    });
    const summary: Record<string, number> = {};
    for (const m of metrics.filter((x) => !x.endsWith("_RATE"))) summary[m] = daily.reduce((sum, d) => sum + (d.metrics[m] ?? 0), 0);
    for (const m of metrics.filter((x) => x.endsWith("_RATE"))) {
      const part = m === "ENGAGEMENT_RATE" ? "ENGAGEMENT" : m.replace(/_RATE$/, "");
      const total = daily.reduce((sum, d) => sum + (d.metrics[part] ?? 0), 0);
      const impressions = daily.reduce((sum, d) => sum + (d.metrics.IMPRESSION ?? 0), 0);
      summary[m] = rate(total, impressions);
    }
    return c.json({ all: { daily_metrics: daily, summary_metrics: summary } });
  });
}
