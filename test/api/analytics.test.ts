import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { connect, postAnalytics, publishText, report } from "./analytics-helpers.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

describe("analytics on the Bluesky sandbox", () => {
  it("counts the likes, reposts, quotes and replies other simulated people made, with null for what Bluesky does not publish", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publishText(ws, account, "numbers please");
    for (const action of ["like", "repost", "quote", "reply"] as const) {
      const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action, post: post.id, actor: "carol.sandbox.test" });
      expect(response.status).toBe(201);
    }
    await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "like", post: post.id, actor: "dave.sandbox.test" });
    const [target] = await postAnalytics(ws, post.id);
    expect(target).toMatchObject({
      account,
      platform: "bluesky",
      state: "published",
      problem: null,
      cached: false,
      metrics: { views: null, reach: null, likes: 2, comments: 1, shares: 2, saves: 0, clicks: null, videoViews: null, watchTimeSeconds: null },
      networkMetrics: { likeCount: 2, repostCount: 1, replyCount: 1, quoteCount: 1, bookmarkCount: 0 },
      fetchedAt: t.clock.now().toISOString(),
    });
  });

  it("totals an account's period from its posts, with followers now", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const first = await publishText(ws, account, "first of the period");
    await publishText(ws, account, "second of the period");
    await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "like", post: first.id, actor: "erin.sandbox.test" });
    await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "follow", actor: "erin.sandbox.test" });
    const answer = await report(ws, "?period=7d");
    expect(answer.problems).toEqual([]);
    expect(answer.accounts).toEqual([
      expect.objectContaining({
        account,
        platform: "bluesky",
        source: "posts",
        followers: 1,
        followersChange: null,
        daily: null,
        cached: false,
        metrics: expect.objectContaining({ likes: 1, views: null }),
      }),
    ]);
    expect(answer.networks).toEqual([{ platform: "bluesky", accounts: 1, metrics: expect.objectContaining({ likes: 1 }), followers: 1, followersChange: null }]);
    expect(answer.since).toBe("2026-11-15");
    expect(answer.until).toBe(t.clock.now().toISOString().slice(0, 10));
  });
});

describe("analytics bad input", () => {
  it("refuses an unknown period, another workspace's post and account with param and fix", async () => {
    const ws = await testWorkspace(t);
    const other = await testWorkspace(t);
    const foreign = await connect(other, "bluesky");
    const foreignPost = await publishText(other, foreign, "not yours");
    const period = await ws.get("/v1/analytics?period=365d");
    expect(period.status).toBe(400);
    expect(period.error).toMatchObject({ code: "field_invalid", param: "period", fix: expect.any(String) });
    const post = await ws.get(`/v1/posts/${foreignPost.id}/analytics`);
    expect(post.status).toBe(404);
    expect(post.error).toMatchObject({ code: "resource_not_found", param: "id" });
    const account = await ws.get(`/v1/analytics?account=${foreign}`);
    expect(account.status).toBe(404);
    expect(account.error).toMatchObject({ code: "account_unknown", param: "account", fix: expect.any(String) });
    const refresh = await ws.get("/v1/analytics?refresh=yes");
    expect(refresh.status).toBe(400);
    expect(refresh.error).toMatchObject({ param: "refresh" });
    const unknown = await ws.get("/v1/analytics?since=2026-01-01");
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: "field_unknown", param: "since" });
  });
});

describe("analytics cache", () => {
  it("answers a second read from the database with the first read's fetchedAt, and refresh=true reads again once the minimum age passed", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publishText(ws, account, "cache me");
    const first = await postAnalytics(ws, post.id);
    expect(first[0]).toMatchObject({ cached: false, metrics: expect.objectContaining({ likes: 0 }) });
    const fetchedAt = first[0]?.fetchedAt;

    await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "like", post: post.id, actor: "frank.sandbox.test" });
    t.clock.advance(30_000);
    // The like happened, but a dashboard refresh inside the cache window spends no quota: same numbers, same fetchedAt.
    expect((await postAnalytics(ws, post.id))[0]).toMatchObject({ cached: true, fetchedAt, metrics: expect.objectContaining({ likes: 0 }) });
    // Bluesky's minimum age is 60 s: a refresh asked at 30 s is still the cached read.
    expect((await postAnalytics(ws, post.id, "?refresh=true"))[0]).toMatchObject({ cached: true, fetchedAt });
    t.clock.advance(31_000);
    const refreshed = (await postAnalytics(ws, post.id, "?refresh=true"))[0];
    expect(refreshed).toMatchObject({ cached: false, fetchedAt: t.clock.now().toISOString(), metrics: expect.objectContaining({ likes: 1 }) });
    // The refreshed read replaced the cached one.
    expect((await postAnalytics(ws, post.id))[0]).toMatchObject({ cached: true, fetchedAt: refreshed?.fetchedAt, metrics: expect.objectContaining({ likes: 1 }) });

    const period = await report(ws, "?period=7d");
    expect(period.accounts[0]?.cached).toBe(false);
    expect((await report(ws, "?period=7d")).accounts[0]).toMatchObject({ cached: true, fetchedAt: period.accounts[0]?.fetchedAt });
    // Each period is its own entry.
    expect((await report(ws, "?period=90d")).accounts[0]?.cached).toBe(false);
    t.clock.advance(3_600_000);
    expect((await report(ws, "?period=7d")).accounts[0]?.cached).toBe(false);
  });
});

describe("analytics problems", () => {
  it("reports targets that are not published, networks that fail and connections to renew, never as zeros", async () => {
    const ws = await testWorkspace(t);
    const healthy = await connect(ws, "bluesky");
    const faulty = await connect(ws, "twitter");
    await publishText(ws, healthy, "healthy numbers");
    const broken = await publishText(ws, faulty, "broken numbers");
    expect((await ws.put(`/v1/sandbox/social-accounts/${faulty}/fault`, { fault: "down" })).status).toBe(200);
    const [target] = await postAnalytics(ws, broken.id);
    expect(target).toMatchObject({ metrics: null, fetchedAt: null, problem: { code: "micro_unavailable", retryable: true } });
    const answer = await report(ws);
    expect(answer.accounts.map((a) => a.account)).toEqual([healthy]);
    expect(answer.problems).toEqual([{ account: faulty, platform: "twitter", code: "micro_unavailable", message: expect.any(String), retryable: true }]);

    expect((await ws.put(`/v1/sandbox/social-accounts/${faulty}/fault`, { fault: "rate_limited" })).status).toBe(200);
    expect((await report(ws)).problems[0]).toMatchObject({ account: faulty, code: "rate_limited", retryable: true });

    const scheduled = await ws.post("/v1/posts", { text: "later", accounts: [healthy], scheduledAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
    const { id } = scheduled.body;
    const [waiting] = await postAnalytics(ws, id);
    expect(waiting).toMatchObject({ state: expect.not.stringMatching(/^published$/), metrics: null, problem: { code: "target_not_published" } });
  });
});

describe("GET /v1/platforms publishes the metric mapping", () => {
  it("names each network's current metric behind every normalised one, null where it has none", async () => {
    const ws = await testWorkspace(t);
    const response = await ws.get("/v1/platforms");
    const { items } = response.body as {
      items: { platform: string; reads: string[]; analytics: { post: boolean; account: boolean; minRefreshSeconds: number | null; metrics: Record<string, string | null> } }[];
    };
    const of = (platform: string) => items.find((p) => p.platform === platform)?.analytics;
    expect(of("pinterest")).toMatchObject({ post: true, account: true, metrics: { views: "IMPRESSION", saves: "SAVE", clicks: "OUTBOUND_CLICK", shares: null, reach: null } });
    expect(of("youtube")).toMatchObject({ metrics: { views: "views", watchTimeSeconds: "estimatedMinutesWatched × 60", followers: "statistics.subscriberCount", saves: null } });
    expect(of("threads")).toMatchObject({ metrics: { views: "views", comments: "replies", reach: null } });
    expect(of("bluesky")).toMatchObject({ metrics: { views: null, likes: "likeCount", saves: "bookmarkCount" } });
    expect(of("twitter")?.minRefreshSeconds).toBe(900);
    // The reads list and the record agree, both derived from the adapter's facet.
    for (const item of items) {
      expect(item.reads.includes("post_analytics"), item.platform).toBe(item.analytics.post);
      expect(item.reads.includes("account_analytics"), item.platform).toBe(item.analytics.account);
      expect(Object.keys(item.analytics.metrics).sort()).toEqual(["clicks", "comments", "followers", "likes", "reach", "saves", "shares", "videoViews", "views", "watchTimeSeconds"]);
    }
  });
});
