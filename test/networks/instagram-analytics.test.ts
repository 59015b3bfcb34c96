import { describe, expect, it } from "vitest";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import type { InstagramDoor } from "../../src/networks/instagram/capabilities.js";
import type { SandboxIgComment } from "../../src/sandbox/instagram/media-comments.js";
import type { SandboxMedia } from "../../src/sandbox/instagram/model.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { bench, connect } from "./facebook-helpers.js";
import { wireAnswer } from "./harness.js";

/** Instagram insights on both doors: 2025-26 metric names, checked against Meta's node descriptions. */

const ig = instagramAdapter.analytics as Required<AnalyticsFacet>;
const doors: ReadonlyArray<readonly [InstagramDoor, string, string, string]> = [
  ["instagram_login", "graph.instagram.com", "IGMediaForIGOnlyAPI", "IGUserForIGOnlyAPI"],
  ["facebook_login", "graph.facebook.com", "IGMedia", "IGUser"],
];
const RETIRED = ["impressions", "plays", "video_views", "clips_replays_count", "ig_reels_aggregated_all_plays_count"];

async function setUp(door: InstagramDoor, handle: string) {
  const b = bench([createFacebookSimulator, createInstagramSimulator]);
  const net = b.net();
  const tokens = await connect(instagramAdapter, net, handle, door);
  const igUserId = String(tokens.extra.igUserId);
  const publishedAt = b.deps.now().toISOString();
  await b.deps.store.put<SandboxMedia>("instagram", "media", "17900000000000001", { caption: "A photo", publishedAt, mediaType: "IMAGE", productType: "FEED" }, igUserId);
  await b.deps.store.put<SandboxMedia>("instagram", "media", "17900000000000002", { caption: "A reel", publishedAt, mediaType: "VIDEO", productType: "REELS" }, igUserId);
  // Two comments made in the sandbox on the photo: the insights count exactly these.
  for (const n of [1, 2]) {
    const comment: SandboxIgComment = { mediaId: "17900000000000001", parentId: null, from: { id: `1784100000000${n}`, username: `fan${n}` }, text: "Nice", timestamp: publishedAt, hidden: false };
    await b.deps.store.put("instagram", "comment", `1800000000000000${n}`, comment, igUserId);
  }
  return { b, net, tokens, igUserId, publishedAt };
}

describe.each(doors)("Instagram analytics, %s door", (door, host, mediaNode, userNode) => {
  it("reads a photo's and a reel's insights under current names, comments counted from the sandbox", async () => {
    const { b, net, tokens, igUserId, publishedAt } = await setUp(door, "stats.ig");
    b.advance(3600);
    const from = b.sent.length;
    const photo = await ig.postAnalytics(tokens, { networkPostId: "17900000000000001", networkUserId: igUserId, destination: null, publishedAt }, net);
    expect(photo.networkMetrics.comments).toBe(2);
    expect(photo.metrics).toMatchObject({
      views: photo.networkMetrics.views,
      reach: photo.networkMetrics.reach,
      likes: photo.networkMetrics.likes,
      comments: 2,
      saves: photo.networkMetrics.saved,
      videoViews: null,
      watchTimeSeconds: null,
      clicks: null,
    });
    expect(photo.networkMetrics.total_interactions).toBe((photo.networkMetrics.likes ?? 0) + 2 + (photo.networkMetrics.saved ?? 0) + (photo.networkMetrics.shares ?? 0));
    const reel = await ig.postAnalytics(tokens, { networkPostId: "17900000000000002", networkUserId: igUserId, destination: null, publishedAt }, net);
    expect(reel.metrics.videoViews).toBe(reel.networkMetrics.views);
    expect(reel.metrics.watchTimeSeconds).toBe(Math.round((reel.networkMetrics.ig_reels_video_view_total_time ?? -1) / 1000));
    const sent = b.sent.slice(from);
    expect(sent.every((r) => r.url.host === host)).toBe(true);
    const insights = sent.filter((r) => r.url.pathname.endsWith("/insights"));
    expect(insights).toHaveLength(2);
    // Node reads are described on IGMedia for both doors; the insights edge on each door's own node.
    for (const r of sent) expect(graphRequestProblems(r, r.url.pathname.endsWith("/insights") ? mediaNode : "IGMedia"), r.url.toString()).toEqual([]);
    for (const r of insights) for (const name of RETIRED) expect(r.url.searchParams.get("metric")?.split(",")).not.toContain(name);
  });

  it("reads account totals, a daily reach series and follower gains over 30-day windows", async () => {
    const { b, net, tokens, igUserId } = await setUp(door, "stats.account");
    const from = b.sent.length;
    const month = await ig.accountAnalytics(tokens, { networkUserId: igUserId, since: "2026-09-02", until: "2026-10-01", posts: [], destinations: [] }, net);
    expect(month.daily?.map((d) => d.date)).toHaveLength(30);
    expect(month.daily?.[0]?.date).toBe("2026-09-02");
    expect(month.daily?.at(-1)?.date).toBe("2026-10-01");
    expect(month.metrics.comments).toBe(2);
    // The sandbox account has no followers: Instagram serves follower gains only from 100, so none are asked.
    expect(month.networkMetrics.follower_count).toBeUndefined();
    expect(month).toMatchObject({ source: "account", followers: 0, followersChange: null });
    const monthCalls = b.sent.slice(from);
    const quarter = await ig.accountAnalytics(tokens, { networkUserId: igUserId, since: "2026-07-04", until: "2026-10-01", posts: [], destinations: [] }, net);
    expect(quarter.daily).toHaveLength(90);
    // Three 30-day windows, each asked for its totals and its daily reach.
    const quarterInsights = b.sent.slice(from + monthCalls.length).filter((r) => r.url.pathname.endsWith("/insights"));
    expect(quarterInsights).toHaveLength(6);
    expect(quarterInsights.filter((r) => r.url.searchParams.get("metric")?.includes("follower_count"))).toHaveLength(0);
    for (const r of b.sent.slice(from)) {
      expect(graphRequestProblems(r, r.url.pathname.endsWith("/insights") ? userNode : "IGUser"), r.url.toString()).toEqual([]);
      if (r.url.searchParams.has("since")) expect(Number(r.url.searchParams.get("until")) - Number(r.url.searchParams.get("since"))).toBeLessThanOrEqual(30 * 86_400);
    }
  });

  it("refuses retired metrics, wrong periods and long ranges with Graph's error 100", async () => {
    const { net, tokens, igUserId } = await setUp(door, "stats.strict");
    const get = async (path: string) => {
      const response = await net.fetch(`https://${host}/v24.0/${path}&access_token=${tokens.accessToken}`);
      return wireAnswer<{ error?: { code: number; message: string } }>(response);
    };
    for (const retired of RETIRED) {
      expect(await get(`17900000000000001/insights?metric=views,${retired}`)).toMatchObject({
        status: 400,
        body: { error: { code: 100, message: "(#100) The value must be a valid insights metric" } },
      });
    }
    expect((await get("17900000000000001/insights?metric=ig_reels_video_view_total_time")).body.error?.message).toContain("media product type");
    expect((await get(`${igUserId}/insights?metric=reach&period=week`)).body.error).toMatchObject({ code: 100 });
    expect((await get(`${igUserId}/insights?metric=views&period=day&metric_type=time_series`)).body.error?.message).toContain("total_value");
    expect((await get(`${igUserId}/insights?metric=reach&period=day&since=1751328000&until=1759276800`)).body.error?.message).toContain("30 days");
    expect((await get(`${igUserId}/insights?metric=follower_count&period=day`)).body.error?.message).toContain("100 followers");
    // Another account's (or no) media: Graph's "does not exist" answer, as the error table classifies it.
    await expect(ig.postAnalytics(tokens, { networkPostId: "17900000000000999", networkUserId: igUserId, destination: null, publishedAt: "2026-10-01T12:00:00Z" }, net)).rejects.toMatchObject({
      code: "platform_rejected",
      platform: "instagram",
    });
  });
});

describe("Instagram follower gains", () => {
  it("asks follower_count of an account of 100 followers or more, for the last 30 days only, and adds it up", async () => {
    // The sandbox's accounts have no followers, so this reads a scripted Graph: the user node and the insights edge.
    const sent: URL[] = [];
    const graph = (async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (!url.pathname.endsWith("/insights")) return json({ id: "17841400000000001", followers_count: 250 });
      const metrics = (url.searchParams.get("metric") ?? "").split(",");
      const since = Number(url.searchParams.get("since"));
      const day = (k: number) => new Date((since + (k + 1) * 86_400) * 1000).toISOString().replace(/\.000Z$/, "+0000");
      return json({
        data: metrics.map((name) =>
          url.searchParams.get("metric_type") === "total_value"
            ? { name, period: "day", total_value: { value: 10 } }
            : { name, period: "day", values: [0, 1, 2].map((k) => ({ value: name === "follower_count" ? 3 : 100, end_time: day(k) })) },
        ),
      });
    }) as typeof fetch;
    const tokens = { accessToken: "IGAA_scripted", refreshToken: null, expiresAt: null, scopes: [], extra: { igUserId: "17841400000000001", door: "facebook_login" } };
    const net = { fetch: graph, now: () => new Date("2026-10-01T12:00:00Z"), config: { clientId: "1", clientSecret: "s", redirectUri: "https://chorus.test/cb" } };
    const quarter = await ig.accountAnalytics(tokens as never, { networkUserId: "17841400000000001", since: "2026-07-04", until: "2026-10-01", posts: [], destinations: [] }, net);
    const gains = sent.filter((u) => u.searchParams.get("metric")?.includes("follower_count"));
    expect(gains).toHaveLength(1);
    expect(Number(gains[0]?.searchParams.get("since"))).toBe(Date.parse("2026-09-02T00:00:00Z") / 1000);
    expect(quarter).toMatchObject({ followers: 250, followersChange: null });
    expect(quarter.networkMetrics.follower_count).toBe(9);
  });
});
