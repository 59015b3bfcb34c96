import type { Context, Hono } from "hono";
import { simulatedAudience, simulatedDay, simulatedFollowsOn } from "../sandbox-metrics.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { youtubeErrorBody } from "../google/wire.js";
import { channelOf, type SandboxVideo } from "./youtube-data.js";

/**
 * YouTube Analytics API v2 `reports.query` (GET youtubeanalytics.googleapis.com/v2/reports) for
 * the channel's own data: `ids=channel==MINE` (or the channel's id), `startDate`/`endDate`,
 * `metrics`, optionally `dimensions=day` and `filters=video==ID[,ID]`. Answers a
 * `youtubeAnalytics#resultTable`: `columnHeaders` (dimensions first, then metrics, in the order
 * asked) and `rows`. Numbers come from the channel's videos in the simulated world and their
 * simulated audience; a video of another channel is refused as YouTube refuses it.
 */

const SCOPES = ["https://www.googleapis.com/auth/yt-analytics.readonly", "https://www.googleapis.com/auth/youtube", "https://www.googleapis.com/auth/youtube.readonly"];
const METRICS = ["views", "engagedViews", "estimatedMinutesWatched", "averageViewDuration", "likes", "dislikes", "comments", "shares", "subscribersGained", "subscribersLost"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

type Authorize = (c: Context, allowed: string[]) => Promise<{ account: SandboxAccount; scopes: string[] } | Response>;

const bad = (c: Context, message: string) => c.json(youtubeErrorBody(400, "badRequest", message), 400);

function metricsOf(audience: ReturnType<typeof simulatedAudience>, follows: { gained: number; lost: number }): Record<string, number> {
  const views = audience.videoViews || audience.impressions;
  const watchSeconds = audience.watchSeconds || views * 20;
  return {
    views,
    engagedViews: Math.round(views * 0.8),
    estimatedMinutesWatched: Math.round(watchSeconds / 60),
    averageViewDuration: views > 0 ? Math.round(watchSeconds / views) : 0,
    likes: audience.likes,
    dislikes: Math.round(audience.likes / 20),
    comments: audience.comments,
    shares: audience.shares,
    subscribersGained: follows.gained,
    subscribersLost: follows.lost,
  };
}

export function mountAnalyticsReportRoutes(app: Hono, deps: SimulatorDeps, tools: { authorize: Authorize }): void {
  app.get("/v2/reports", async (c) => {
    const auth = await tools.authorize(c, SCOPES);
    if (auth instanceof Response) return auth;
    const channel = await channelOf(deps, auth.account.id);
    const ids = c.req.query("ids");
    if (!ids) return c.json(youtubeErrorBody(400, "required", "Required ids", { location: "ids" }), 400);
    if (!channel || (ids !== "channel==MINE" && ids !== `channel==${channel.id}`)) return c.json(youtubeErrorBody(403, "forbidden", "Forbidden"), 403);
    const startDate = c.req.query("startDate") ?? "";
    const endDate = c.req.query("endDate") ?? "";
    if (!DATE.test(startDate) || !DATE.test(endDate)) return bad(c, "Invalid value for startDate or endDate: use YYYY-MM-DD.");
    if (startDate > endDate) return bad(c, "The start date must not be after the end date.");
    const metrics = (c.req.query("metrics") ?? "").split(",").filter(Boolean);
    if (metrics.length === 0) return c.json(youtubeErrorBody(400, "required", "Required metrics", { location: "metrics" }), 400);
    const unknown = metrics.find((m) => !METRICS.includes(m));
    if (unknown) return bad(c, `Unknown identifier (${unknown}) given in field parameters.metrics.`);
    const dimensions = (c.req.query("dimensions") ?? "").split(",").filter(Boolean);
    if (dimensions.some((d) => d !== "day"))
      return bad(c, `The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.`);
    const filters = c.req.query("filters");
    const videoIds = filters ? /^video==([\w-]+(,[\w-]+)*)$/.exec(filters)?.[1]?.split(",") : undefined;
    if (filters && !videoIds) return bad(c, `Invalid filter: ${filters}`);
    const own = (await deps.store.list<SandboxVideo>("youtube", "video", { owner: auth.account.id })).map((r) => r.data);
    if (videoIds?.some((id) => !own.some((v) => v.id === id))) return c.json(youtubeErrorBody(403, "forbidden", "Forbidden"), 403);
    const now = deps.now();
    const days: string[] = [];
    for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));

    const none = { gained: 0, lost: 0 };
    /** The report's numbers for one day, or for the whole range when `day` is null. */
    const numbersFor = (day: string | null): Record<string, number> => {
      if (videoIds) {
        const totals: Record<string, number> = Object.fromEntries(METRICS.map((m) => [m, 0]));
        for (const id of videoIds) {
          const video = own.find((v) => v.id === id);
          if (!video) continue;
          // A video's numbers as of the end of the range (or the day asked), split evenly over the days it was live.
          const until = day ? new Date(Date.parse(`${day}T23:59:59Z`)) : new Date(Math.min(now.getTime(), Date.parse(`${endDate}T23:59:59Z`)));
          if (until.getTime() < Date.parse(video.uploadedAt)) continue;
          const values = metricsOf(simulatedAudience(`youtube:${id}`, video.uploadedAt, until, true), none);
          for (const m of METRICS) totals[m] = (totals[m] ?? 0) + (values[m] ?? 0);
        }
        return totals;
      }
      const range = day ? [day] : days;
      const totals: Record<string, number> = Object.fromEntries(METRICS.map((m) => [m, 0]));
      for (const d of range) {
        const values = metricsOf(simulatedDay(channel.id, d), simulatedFollowsOn(channel.id, d));
        for (const m of METRICS) totals[m] = (totals[m] ?? 0) + (values[m] ?? 0);
      }
      return totals;
    };
    const columnHeaders = [...dimensions.map((name) => ({ name, columnType: "DIMENSION", dataType: "STRING" })), ...metrics.map((name) => ({ name, columnType: "METRIC", dataType: "INTEGER" }))];
    const rows = dimensions.includes("day")
      ? days.map((d) => {
          const values = numbersFor(d);
          return [d, ...metrics.map((m) => values[m] ?? 0)];
        })
      : [metrics.map((m) => numbersFor(null)[m] ?? 0)];
    return c.json({ kind: "youtubeAnalytics#resultTable", columnHeaders, rows });
  });
}
