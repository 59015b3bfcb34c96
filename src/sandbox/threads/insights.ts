import type { Hono } from "hono";
import { simulatedAudience, simulatedDay, simulatedFollowers } from "../sandbox-metrics.js";
import { authenticate, graphError, graphJson, type GraphProfile, invalidParameter, unsupportedRequest } from "../meta/graph-wire.js";
import type { SandboxThread } from "./publishing.js";
import { repostCount } from "./reposts.js";

/**
 * Threads insights on the simulator (permission `threads_manage_insights`):
 * `GET /{media-id}/insights?metric=` (lifetime values; `reposts` counts the reposts made
 * through reposts.ts) and `GET /{user-id}/threads_insights?metric=&since=&until=`
 * (`views` as a daily series with `end_time`, the others as `total_value`, `followers_count`
 * ignoring the range). Unknown metrics are Graph's error 100; `since` before 2024-04-13 is refused.
 */

const POST_METRICS = ["views", "likes", "replies", "reposts", "quotes", "shares"];
const ACCOUNT_METRICS = ["views", "likes", "replies", "reposts", "quotes", "clicks", "followers_count", "follower_demographics"];
const EARLIEST = 1712991600;
const DAY = 86_400;

const described = (name: string, period: string, id: string) => ({ name, period, title: name.replace(/_/g, " "), description: `Sandbox ${name}`, id: `${id}/insights/${name}/${period}` });

function metricsOf(raw: string | undefined, known: string[]): string[] | Response {
  const list = (raw ?? "").split(",").filter(Boolean);
  if (list.length === 0) return invalidParameter("(#100) The parameter metric is required");
  const unknown = list.find((m) => !known.includes(m));
  return unknown ? invalidParameter(`(#100) metric[0] must be one of the following values: ${known.join(", ")}`) : list;
}

export function mountThreadsInsights(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  graph.get("/:version/:mediaId/insights", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_manage_insights" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("mediaId");
    const post = await deps.store.get<SandboxThread>("threads", "thread", id);
    if (!post || post.owner !== auth.account.id) return unsupportedRequest("GET", id);
    const metrics = metricsOf(c.req.query("metric"), POST_METRICS);
    if (metrics instanceof Response) return metrics;
    const a = simulatedAudience(`threads:${id}`, post.data.publishedAt, deps.now(), post.data.mediaType === "VIDEO");
    const values: Record<string, number> = { views: a.impressions, likes: a.likes, replies: a.comments, quotes: Math.round(a.shares / 3), shares: a.shares, reposts: await repostCount(deps, id) };
    return graphJson({
      data: metrics.map((name) => ({ ...described(name, "lifetime", id), values: [{ value: values[name] ?? 0 }] })),
    });
  });

  graph.get("/:version/:userId/threads_insights", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_manage_insights" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("userId");
    if (id !== "me" && id !== auth.account.id) return unsupportedRequest("GET", id);
    const metrics = metricsOf(c.req.query("metric"), ACCOUNT_METRICS);
    if (metrics instanceof Response) return metrics;
    const now = Math.floor(deps.now().getTime() / 1000);
    const since = c.req.query("since") ? Number(c.req.query("since")) : now - DAY;
    const until = c.req.query("until") ? Number(c.req.query("until")) : now;
    if (!Number.isInteger(since) || !Number.isInteger(until) || since > until) return invalidParameter("(#100) since and until must be Unix timestamps, since before until");
    if (since < EARLIEST) return graphError(400, { message: "(#100) The since parameter cannot be before 1712991600", type: "OAuthException", code: 100 });
    if (metrics.includes("follower_demographics") && !c.req.query("breakdown")) return invalidParameter("(#100) follower_demographics requires a breakdown");
    const days: string[] = [];
    for (let t = since - (since % DAY); t < Math.min(until, now + DAY); t += DAY) days.push(new Date(t * 1000).toISOString().slice(0, 10));
    const perDay = days.map((d) => ({ day: d, a: simulatedDay(`threads:${auth.account.id}`, d) }));
    const sum = (pick: (a: ReturnType<typeof simulatedDay>) => number) => perDay.reduce((total, d) => total + pick(d.a), 0);
    const totals: Record<string, number> = { likes: sum((a) => a.likes), replies: sum((a) => a.comments), reposts: sum((a) => a.shares), quotes: sum((a) => Math.round(a.shares / 3)) };
    const data = metrics.map((name) => {
      if (name === "views") return { ...described(name, "day", auth.account.id), values: perDay.map((d) => ({ value: d.a.impressions, end_time: `${d.day}T08:00:00+0000` })) };
      if (name === "followers_count") return { ...described(name, "day", auth.account.id), total_value: { value: simulatedFollowers(auth.account.id) } };
      if (name === "clicks") return { ...described(name, "day", auth.account.id), link_total_values: [{ value: sum((a) => a.clicks), link_url: "https://sandbox.chorus.invalid" }] };
      if (name === "follower_demographics") return { ...described(name, "lifetime", auth.account.id), total_value: { value: 0 } };
      return { ...described(name, "day", auth.account.id), total_value: { value: totals[name] ?? 0 } };
    });
    return graphJson({ data });
  });
}
