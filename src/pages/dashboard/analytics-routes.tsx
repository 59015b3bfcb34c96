import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { getAnalytics } from "../../domain/insights/index.js";
import { type AnalyticsReport, analyticsPeriods } from "../../domain/insights/index.js";
import { getPostAnalytics } from "../../domain/insights/index.js";
import { listPosts } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { normalisedMetrics } from "../../networks/facets/analytics.js";
import { csvOf, rankPosts } from "./analytics-extras.js";
import { AnalyticsPage, PostAnalyticsPage } from "./analytics-page.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { ctxOf, frameOf } from "./frame.js";

const Period = v.optional(v.picklist(analyticsPeriods), "30d");
/** Recent published posts whose numbers are read to rank the top ones (one read per target, cached as the API caches it). */
const TOP_LOOKED_AT = 10;
const TOP_SHOWN = 5;

async function report(c: Context<DashboardEnv>): Promise<AnalyticsReport> {
  const raw = c.req.query("period");
  const period = v.safeParse(Period, raw === "" ? undefined : raw);
  if (!period.success) throw new ApiError("field_invalid", { param: "period", message: "Choose a period of 7d, 30d or 90d." });
  return getAnalytics({ ctx: ctxOf(c), input: { period: period.output, refresh: false } });
}

/** The period's most recent published posts with their numbers (GET /v1/posts/{id}/analytics each). */
async function topPosts(c: Context<DashboardEnv>, since: string, until: string) {
  const ctx = ctxOf(c);
  const from = new Date(`${since}T00:00:00Z`);
  const to = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000);
  const page = await listPosts({ ctx, input: { from, to, limit: 50 } });
  const published = page.items.filter((p) => p.state === "published" || p.state === "partial").slice(0, TOP_LOOKED_AT);
  const read = await Promise.all(published.map(async (post) => ({ post, analytics: await getPostAnalytics({ ctx, input: { id: post.id, refresh: false } }) })));
  return { ranked: rankPosts(read, TOP_SHOWN), looked: published.length };
}

/** Every account's totals for the period, then its days where the network gives a daily series. */
function exportRows(r: AnalyticsReport): (string | number | null)[][] {
  const head = ["row", "date", "network", "account", "handle", "followers", "followers_change", ...normalisedMetrics];
  const rows: (string | number | null)[][] = [head];
  for (const a of r.accounts) {
    rows.push(["total", `${r.since}/${r.until}`, a.platform, a.account, a.handle, a.followers, a.followersChange, ...normalisedMetrics.map((m) => a.metrics[m])]);
    for (const day of a.daily ?? []) rows.push(["day", day.date, a.platform, a.account, a.handle, null, null, ...normalisedMetrics.map((m) => day.metrics[m])]);
  }
  return rows;
}

/**
 * Analytics over the same domain functions as GET /v1/analytics and GET /v1/posts/{id}/analytics:
 * cached reads answer in one query, and accounts or targets without numbers say why. The export
 * is the same report as CSV (an empty cell where a network gives no number, never a zero).
 */
export const analyticsRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/analytics", async (c) => {
    const r = await report(c);
    const top = await topPosts(c, r.since, r.until);
    return c.html(<AnalyticsPage frame={frameOf(c)} report={r} top={top} />);
  })
  .get("/dashboard/analytics/export.csv", async (c) => {
    const r = await report(c);
    return c.body(csvOf(exportRows(r)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="chorus-analytics-${r.period}-${r.until}.csv"`,
    });
  })
  .get("/dashboard/posts/:id/analytics", async (c) => {
    const analytics = await getPostAnalytics({ ctx: ctxOf(c), input: { id: c.req.param("id"), refresh: false } });
    return c.html(<PostAnalyticsPage frame={frameOf(c)} analytics={analytics} />);
  });
