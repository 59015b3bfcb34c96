import { describe, expect, it } from "vitest";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { apiError, connectThroughConsent, createSandbox, type Sandbox, wireAnswer } from "./harness.js";

/** Google Business Profile analytics: the Performance API per location, no post analytics. */

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };
const verifier = "sandbox-verifier-gbp-0123456789-abcdefghijklmnopqrstuvwxyz";
const setup = () => createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "googlebusiness" });
const connect = async (ctx: Sandbox, handle: string) => (await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle, verifier })).tokens;
const IMPRESSIONS = ["BUSINESS_IMPRESSIONS_DESKTOP_MAPS", "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH", "BUSINESS_IMPRESSIONS_MOBILE_MAPS", "BUSINESS_IMPRESSIONS_MOBILE_SEARCH"];

describe("googlebusiness analytics against the Performance API simulator", () => {
  const analytics = googleBusinessAdapter.analytics;

  it("has no post read: local posts have no metrics since reportInsights went", () => {
    expect(analytics?.postAnalytics).toBeUndefined();
    expect(analytics?.metricNames).toMatchObject({ likes: null, comments: null, followers: null, clicks: "WEBSITE_CLICKS (location only)" });
  });

  it("adds every location's daily series: views from the four impression metrics, clicks from website clicks", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "stats.baker");
    const from = ctx.requests.length;
    const week = await analytics?.accountAnalytics?.(tokens, { networkUserId: "", since: "2026-11-14", until: "2026-11-20", posts: [], destinations: [] }, ctx.net);
    expect(week?.daily?.map((d) => d.date)).toEqual(["2026-11-14", "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    const m = week?.networkMetrics ?? {};
    expect(week?.metrics.views).toBe(IMPRESSIONS.reduce((sum, name) => sum + (m[name] ?? 0), 0));
    expect(week?.metrics.views).toBeGreaterThan(0);
    expect(week?.metrics.clicks).toBe(m.WEBSITE_CLICKS);
    expect(week?.metrics.views).toBe(week?.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    expect(week).toMatchObject({ followers: null, followersChange: null, source: "account" });
    expect(week?.metrics).toMatchObject({ reach: null, likes: null, comments: null, shares: null, saves: null, videoViews: null, watchTimeSeconds: null });
    expect(m.CALL_CLICKS).toEqual(expect.any(Number));

    const reads = ctx.requests
      .slice(from)
      .map((r) => new URL(r.url))
      .filter((u) => u.host === "businessprofileperformance.googleapis.com");
    // One call per location (the sandbox person reaches three), every metric of the current enum but the deprecated food orders.
    expect(reads).toHaveLength(3);
    for (const url of reads) {
      expect(url.pathname).toMatch(/^\/v1\/locations\/\d+:fetchMultiDailyMetricsTimeSeries$/);
      expect(url.searchParams.getAll("dailyMetrics")).not.toContain("BUSINESS_FOOD_ORDERS");
      expect(url.searchParams.getAll("dailyMetrics")).toEqual(expect.arrayContaining([...IMPRESSIONS, "WEBSITE_CLICKS", "CALL_CLICKS"]));
      expect(Object.fromEntries([...url.searchParams].filter(([k]) => k.startsWith("dailyRange")))).toEqual({
        "dailyRange.startDate.year": "2026",
        "dailyRange.startDate.month": "11",
        "dailyRange.startDate.day": "14",
        "dailyRange.endDate.year": "2026",
        "dailyRange.endDate.month": "11",
        "dailyRange.endDate.day": "20",
      });
    }
  });

  it("refuses unknown metrics, reversed and too old ranges, and other people's locations", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "stats.strict");
    const [location] = (await googleBusinessAdapter.targets?.(tokens, ctx.net)) ?? [];
    const id = location?.id.split("/").at(-1) ?? "";
    const get = async (query: string, token = tokens.accessToken) => {
      const response = await ctx.net.fetch(`https://businessprofileperformance.googleapis.com/v1/locations/${id}:fetchMultiDailyMetricsTimeSeries?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return wireAnswer<{ error?: { status: string; message: string } }>(response);
    };
    const range = (a: string, b: string) => {
      const [y1, m1, d1] = a.split("-").map(Number);
      const [y2, m2, d2] = b.split("-").map(Number);
      return `dailyRange.startDate.year=${y1}&dailyRange.startDate.month=${m1}&dailyRange.startDate.day=${d1}&dailyRange.endDate.year=${y2}&dailyRange.endDate.month=${m2}&dailyRange.endDate.day=${d2}`;
    };
    expect(await get(`dailyMetrics=WEBSITE_CLICKS&${range("2026-11-01", "2026-11-10")}`)).toMatchObject({ status: 200 });
    expect(await get(`dailyMetrics=BUSINESS_VIEWS&${range("2026-11-01", "2026-11-10")}`)).toMatchObject({ status: 400, body: { error: { status: "INVALID_ARGUMENT" } } });
    expect(await get(`dailyMetrics=WEBSITE_CLICKS&${range("2026-11-10", "2026-11-01")}`)).toMatchObject({ status: 400 });
    expect(await get(`dailyMetrics=WEBSITE_CLICKS&${range("2024-01-01", "2024-01-10")}`)).toMatchObject({ status: 400 });
    const other = await connect(ctx, "stats.other");
    expect(await get(`dailyMetrics=WEBSITE_CLICKS&${range("2026-11-01", "2026-11-10")}`, other.accessToken)).toMatchObject({ status: 403, body: { error: { status: "PERMISSION_DENIED" } } });
    await ctx.setFault({ handle: "stats.strict" }, "rate_limited");
    const read = analytics?.accountAnalytics?.(tokens, { networkUserId: "", since: "2026-11-14", until: "2026-11-20", posts: [], destinations: [] }, ctx.net);
    expect((await apiError(read ?? Promise.reject(new Error("no read")))).code).toBe("rate_limited");
  });
});
