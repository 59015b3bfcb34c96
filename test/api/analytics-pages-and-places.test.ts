import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type Report, type TargetAnalytics, postAnalytics, report } from "./analytics-helpers.js";

/**
 * Instagram, Facebook pages, LinkedIn and Google Business Profile analytics through the public
 * API with a test key: post numbers under the networks' current names (comments counted from
 * what happened in the sandbox), account totals with daily series and followers, Google's
 * missing post analytics reported per target, the mapping in GET /v1/platforms, and another
 * workspace refused.
 */

const NETWORKS = ["instagram", "facebook", "linkedin", "googlebusiness"] as const;

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  const answer = await ws.get(`/v1/social-accounts/${accountId}/targets`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items[0]?.id ?? "";
}

describe("analytics on Instagram, Facebook pages, LinkedIn and Google Business Profile", () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let accounts: Record<string, string>;
  let postId: string;
  let targets: TargetAnalytics[];
  const by = (platform: string) => targets.find((target) => target.platform === platform);

  beforeAll(async () => {
    t = await createTestApp();
    ws = await testWorkspace(t, { plan: "subscription" });
    accounts = {};
    for (const platform of NETWORKS) {
      const options = platform === "linkedin" ? { handle: "stats-li", variant: "organization" } : { handle: `stats-${platform}` };
      accounts[platform] = (await ws.connect(platform, options)).id;
    }
    const media = (await ws.upload(jpeg(1080, 1080), "image/jpeg")).id;
    const created = await ws.publish({
      text: "Numbers of the week",
      media: [media],
      accounts: Object.values(accounts),
      platformOptions: { facebook: { pageId: await firstTarget(ws, accounts.facebook ?? "") }, googlebusiness: { location: await firstTarget(ws, accounts.googlebusiness ?? "") } },
    });
    postId = created.id;
    // Instagram publishes through a container that takes a few seconds: move the clock until nothing is processing.
    for (let i = 0; i < 10; i++) {
      const current = (await ws.get(`/v1/posts/${postId}`)).body;
      if (current.targets.every((target) => target.state !== "processing")) break;
      t.clock.advance(30_000);
      await runDueJobs(t.jobRuntime());
    }
    // Someone comments on the Instagram and Facebook posts in the sandbox: the analytics must count them.
    for (const platform of ["instagram", "facebook"]) {
      const activity = await ws.post(`/v1/sandbox/social-accounts/${accounts[platform]}/activity`, { action: "reply", post: postId, actor: `fan-of-${platform}`, text: "Love it" });
      expect(activity.status, activity.text).toBe(201);
    }
    t.clock.advance(6 * 3_600_000);
    targets = await postAnalytics(ws, postId);
  }, 180_000);

  it("reads each published target's numbers under the network's current names", () => {
    expect(targets.map((target) => `${target.platform}:${target.state}`).sort()).toEqual(NETWORKS.map((n) => `${n}:published`).sort());
    const instagram = by("instagram");
    expect(instagram?.problem, JSON.stringify(instagram?.problem)).toBeNull();
    expect(instagram?.metrics).toMatchObject({
      views: instagram?.networkMetrics?.views,
      reach: instagram?.networkMetrics?.reach,
      saves: instagram?.networkMetrics?.saved,
      comments: 1,
      videoViews: null,
    });
    expect(Object.keys(instagram?.networkMetrics ?? {})).not.toContain("impressions");
    const facebook = by("facebook");
    expect(facebook?.problem, JSON.stringify(facebook?.problem)).toBeNull();
    expect(facebook?.metrics).toMatchObject({ views: facebook?.networkMetrics?.post_media_view, reach: facebook?.networkMetrics?.post_total_media_view_unique, comments: 1, shares: 0, saves: null });
    const linkedin = by("linkedin");
    expect(linkedin?.problem, JSON.stringify(linkedin?.problem)).toBeNull();
    expect(linkedin?.metrics).toMatchObject({ views: linkedin?.networkMetrics?.IMPRESSION, reach: linkedin?.networkMetrics?.MEMBERS_REACHED, clicks: null });
    for (const platform of ["instagram", "facebook", "linkedin"]) {
      expect(by(platform)?.metrics?.views, platform).toBeGreaterThan(0);
      expect(by(platform)?.fetchedAt, platform).toBe(t.clock.now().toISOString());
    }
  });

  it("reports Google Business Profile's missing post analytics on its target, never as zeros", () => {
    expect(by("googlebusiness")).toMatchObject({ metrics: null, networkMetrics: null, fetchedAt: null, problem: { code: "capability_unsupported", retryable: false } });
    expect(by("googlebusiness")?.problem?.message).toContain("per-post analytics");
  });

  it("totals each account over the period with a daily series, and followers where the network has them", async () => {
    const month: Report = await report(ws, "?period=30d");
    expect(month.problems).toEqual([]);
    const of = (platform: string) => month.accounts.find((a) => a.platform === platform);
    for (const platform of NETWORKS) {
      expect(of(platform), platform).toMatchObject({ source: "account", cached: false });
      expect(of(platform)?.daily, platform).toHaveLength(30);
    }
    expect(of("facebook")).toMatchObject({ followers: 250, followersChange: expect.any(Number) });
    expect(of("linkedin")?.followers).toBeGreaterThan(0);
    expect(of("instagram")).toMatchObject({ followers: 0, followersChange: null });
    expect(of("googlebusiness")).toMatchObject({ followers: null, followersChange: null });
    const google = of("googlebusiness");
    expect(google?.metrics.views).toBe(google?.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    expect(google?.metrics.clicks).toBe(google?.networkMetrics.WEBSITE_CLICKS);
    // Ninety days: Instagram is read in 30-day windows and still answers every day.
    const quarter: Report = await report(ws, `?period=90d&account=${accounts.instagram}`);
    expect(quarter.accounts[0]?.daily).toHaveLength(90);
    expect(quarter.problems).toEqual([]);
  });

  it("publishes the mapping in GET /v1/platforms, without a retired name", async () => {
    const platforms = await ws.get("/v1/platforms");
    expect(platforms.status).toBe(200);
    const { items } = platforms.body;
    const of = (platform: string) => items.find((p) => p.platform === platform)?.analytics;
    expect(of("instagram")).toMatchObject({ post: true, account: true, metrics: { views: "views", reach: "reach", shares: "shares" } });
    expect(of("facebook")?.metrics.views).toContain("post_media_view");
    expect(of("facebook")?.metrics.reach).toContain("post_total_media_view_unique");
    expect(of("linkedin")).toMatchObject({ post: true, account: true });
    expect(of("googlebusiness")).toMatchObject({ post: false, account: true, metrics: { likes: null, followers: null } });
    for (const platform of NETWORKS) expect(JSON.stringify(of(platform)?.metrics), platform).not.toMatch(/impressions\b|page_fans|\bplays\b/);
  });

  it("refuses another workspace's post and accounts", async () => {
    const other = await ws.otherWorkspace();
    const post = await other.get(`/v1/posts/${postId}/analytics`);
    expect(post.status).toBe(404);
    for (const platform of NETWORKS) {
      const response = await other.get(`/v1/analytics?account=${accounts[platform]}`);
      expect(response.status, platform).toBe(404);
      expect(response.error).toMatchObject({ param: "account" });
    }
  });
});
