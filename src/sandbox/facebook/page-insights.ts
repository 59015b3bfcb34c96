import type { Hono } from "hono";
import { simulatedAudience, simulatedDay, simulatedFollowsOn } from "../sandbox-metrics.js";
import { authenticate, graphError, graphJson, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { DAY_SECONDS, daysOf, endTimeOf, insightEntry, insightsParameterError, requestedMetrics, unixParam } from "../meta/insights-wire.js";
import type { SandboxPagePost } from "./page-posts.js";
import type { SandboxPage } from "../meta/pages.js";

/**
 * Page Insights on the simulator, as served since the 2025-26 changes: every `*impressions*`
 * metric went to `*_media_view` and `page_fans` to `page_follows` (2025-11-15), and the
 * reach-style unique metrics went with v26, leaving `*_total_media_view_unique` ("viewers").
 * - `GET /{page-id}/insights?metric=&period=day|week|days_28&since=&until=` (at most 90 days apart):
 *   `page_media_view`, `page_total_media_view_unique`, `page_post_engagements`, `page_follows`
 *   (followers at the end of each day), `page_video_views`, `page_views_total`.
 * - `GET /{post-id}/insights?metric=` (lifetime): `post_media_view`, `post_total_media_view_unique`,
 *   `post_clicks`, `post_video_views` (0 on posts without video), `post_reactions_by_type_total`
 *   (an object of counts per reaction).
 * Both need `read_insights` and the page's own token, as Graph requires. A retired or unknown
 * metric is Graph's `(#100) The value must be a valid insights metric`.
 */

const platform = "facebook";
const PAGE_METRICS = ["page_media_view", "page_total_media_view_unique", "page_post_engagements", "page_follows", "page_video_views", "page_views_total"];
const POST_METRICS = ["post_media_view", "post_total_media_view_unique", "post_clicks", "post_video_views", "post_reactions_by_type_total"];
const PAGE_PERIODS = ["day", "week", "days_28"];
const MAX_RANGE_DAYS = 90;

const needsPageToken = () => graphError(400, { message: "(#190) This method must be called with a Page Access Token", type: "OAuthException", code: 190 });

export function mountPageInsights(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  graph.get("/:version/:nodeId/insights", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "read_insights" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("nodeId");
    const page = await deps.store.get<SandboxPage>(platform, "page", id);
    const post = page ? null : await deps.store.get<SandboxPagePost>(platform, "page_post", id);
    const owner = page?.owner ?? post?.owner ?? null;
    if (owner !== auth.account.id) return unsupportedRequest("GET", id);
    const pageId = page ? page.id : (post?.data.pageId ?? "");
    if (auth.meta?.pageId !== pageId) return needsPageToken();
    const query = new URL(c.req.raw.url).searchParams;

    if (post) {
      const metrics = requestedMetrics(query.get("metric") ?? undefined, POST_METRICS);
      if (metrics instanceof Response) return metrics;
      const period = query.get("period");
      if (period !== null && period !== "lifetime") return insightsParameterError(`Invalid period ${period}: these metrics have only a lifetime value`);
      const a = simulatedAudience(`facebook:${id}`, post.data.createdAt, deps.now(), post.data.kind === "video");
      const like = Math.round(a.likes * 0.8);
      const values: Record<string, number | Record<string, number>> = {
        post_media_view: a.impressions,
        post_total_media_view_unique: a.reach,
        post_clicks: a.clicks,
        post_video_views: a.videoViews,
        post_reactions_by_type_total: { like, love: a.likes - like },
      };
      return graphJson({ data: metrics.map((name) => ({ ...insightEntry(id, name, "lifetime", { values: [] }), values: [{ value: values[name] ?? 0 }] })) });
    }

    const metrics = requestedMetrics(query.get("metric") ?? undefined, PAGE_METRICS);
    if (metrics instanceof Response) return metrics;
    const period = query.get("period") ?? "day";
    if (!PAGE_PERIODS.includes(period)) return insightsParameterError(`Invalid period ${period}: must be one of ${PAGE_PERIODS.join(", ")}`);
    const now = Math.floor(deps.now().getTime() / 1000);
    const since = unixParam(query.get("since") ?? undefined) ?? now - 2 * DAY_SECONDS;
    const until = unixParam(query.get("until") ?? undefined) ?? now;
    if (since === "bad" || until === "bad" || since >= until) return insightsParameterError("since and until must be valid times, since before until");
    if (until - since > MAX_RANGE_DAYS * DAY_SECONDS) return insightsParameterError(`There cannot be more than ${MAX_RANGE_DAYS} days (${MAX_RANGE_DAYS * DAY_SECONDS} s) between since and until`);
    const days = daysOf(since, Math.min(until, now + DAY_SECONDS));
    const todayFollowers = page?.data.followers_count ?? 0;
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    // Followers at the end of a day: today's count less the net gains of the days after it.
    const followersAt = (day: string) => {
      let count = todayFollowers;
      for (let t = Date.parse(`${today}T00:00:00Z`); t > Date.parse(`${day}T00:00:00Z`); t -= DAY_SECONDS * 1000) {
        const f = simulatedFollowsOn(id, new Date(t).toISOString().slice(0, 10));
        count -= f.gained - f.lost;
      }
      return Math.max(0, count);
    };
    const ofDay: Record<string, (day: string) => number> = {
      page_media_view: (day) => simulatedDay(`facebook:${id}`, day).impressions,
      page_total_media_view_unique: (day) => simulatedDay(`facebook:${id}`, day).reach,
      page_post_engagements: (day) => {
        const a = simulatedDay(`facebook:${id}`, day);
        return a.likes + a.comments + a.shares + a.clicks;
      },
      page_follows: followersAt,
      page_video_views: (day) => simulatedDay(`facebook:${id}`, day).videoViews,
      page_views_total: (day) => simulatedDay(`facebook:${id}`, day).profileVisits,
    };
    // week and days_28 answer rolling sums ending each day (page_follows stays a count).
    const span = period === "week" ? 7 : period === "days_28" ? 28 : 1;
    const rolling = (name: string, day: string) => {
      const of = ofDay[name] ?? (() => 0);
      if (name === "page_follows" || span === 1) return of(day);
      let sum = 0;
      for (let k = 0; k < span; k++) sum += of(new Date(Date.parse(`${day}T00:00:00Z`) - k * DAY_SECONDS * 1000).toISOString().slice(0, 10));
      return sum;
    };
    return graphJson({ data: metrics.map((name) => insightEntry(id, name, period, { values: days.map((day) => ({ value: rolling(name, day), end_time: endTimeOf(day) })) })) });
  });
}
