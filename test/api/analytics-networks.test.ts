import { beforeAll, describe, expect, it } from "vitest";
import { platformIds } from "../../src/networks/registry.js";
import { publicCapabilities } from "../../src/networks/derived-capabilities.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";
import { type Report, type TargetAnalytics, postAnalytics, report } from "./analytics-helpers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  const targets = (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body;
  return targets.items[0]?.id ?? "";
}

/** One post on all ten networks through the public API; processing targets are finished by the poller's clock. */
async function publishEverywhere(t: TestApp, ws: WorkspaceFixture): Promise<{ postId: string; accounts: Record<string, string> }> {
  await ws.post("/v1/profiles", { username: "stats" });
  const accounts: Record<string, string> = {};
  for (const platform of platformIds) {
    const body =
      platform === "bluesky"
        ? { platform, handle: `stats-all-${ws.id.slice(-6).toLowerCase()}.test`, appPassword: "abcd-efgh-ijkl-mnop", profile: "stats" }
        : { platform, handle: `stats-${platform}`, profile: "stats" };
    const response = await ws.post("/v1/social-accounts/connect", body);
    expect(response.status, response.text).toBe(201);
    accounts[platform] = response.body.id;
  }
  const square = await upload(ws, jpeg(1080, 1080), "image/jpeg");
  const portrait = await upload(ws, jpeg(1080, 1920), "image/jpeg");
  const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
  const response = await ws.post("/v1/posts", {
    profile: "stats",
    text: "Numbers day #chorus",
    media: [square],
    mediaOverrides: { tiktok: [portrait], youtube: [video] },
    platformOptions: {
      facebook: { pageId: await firstTarget(ws, accounts.facebook ?? "") },
      pinterest: { boardId: await firstTarget(ws, accounts.pinterest ?? ""), title: "Numbers day" },
      googlebusiness: { location: await firstTarget(ws, accounts.googlebusiness ?? "") },
      youtube: { title: "Numbers day", privacyStatus: "public" },
      tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Numbers day" },
    },
  });
  expect(response.status).toBe(201);
  const post = response.body;
  // Let asynchronous publishes (YouTube, TikTok, Instagram video...) finish: read the post until no target is processing.
  for (let i = 0; i < 10; i++) {
    const current = (await ws.get(`/v1/posts/${post.id}`)).body;
    if (current.targets.every((target) => target.state !== "processing")) break;
    t.clock.advance(30_000);
    await runDueJobs(t.jobRuntime());
  }
  return { postId: post.id, accounts };
}

describe("analytics across the ten sandbox networks", () => {
  let t: TestApp;
  let ws: WorkspaceFixture;
  let published: { postId: string; accounts: Record<string, string> };
  let targets: TargetAnalytics[];
  beforeAll(async () => {
    t = await createTestApp();
    ws = await testWorkspace(t, { plan: "subscription" });
    published = await publishEverywhere(t, ws);
    t.clock.advance(6 * 3_600_000);
    targets = await postAnalytics(ws, published.postId);
    // Ten connections, three uploads, a ten-network publish and its processing: slower than one hook's default.
  }, 180_000);

  it("answers every published target of a network with post insights, and says why for the others", () => {
    // Every network published once its asynchronous processing finished.
    expect(targets.filter((target) => target.state !== "published").map((target) => `${target.platform}: ${target.state}`)).toEqual([]);
    for (const target of targets) {
      const capability = publicCapabilities(target.platform as never).analytics;
      if (target.state !== "published") {
        expect(target.problem?.code, target.platform).toBe("target_not_published");
      } else if (!capability.post) {
        expect(target.problem, target.platform).toMatchObject({ code: "capability_unsupported", retryable: false });
        expect(target.metrics).toBeNull();
      } else {
        expect(target.problem, `${target.platform}: ${JSON.stringify(target.problem)}`).toBeNull();
        expect(target.fetchedAt).toBe(t.clock.now().toISOString());
        // Every metric the network names in GET /v1/platforms is a number; the others are null, never 0.
        for (const [name, value] of Object.entries(target.metrics ?? {})) {
          const source = capability.metrics[name];
          if (source === null) expect(value, `${target.platform}.${name}`).toBeNull();
        }
        expect(Object.keys(target.networkMetrics ?? {}).length, target.platform).toBeGreaterThan(0);
      }
    }
  });

  it("reports the networks' own names beside the normalised metrics (Pinterest IMPRESSION, X public_metrics, YouTube estimatedMinutesWatched)", () => {
    const by = (platform: string) => targets.find((target) => target.platform === platform);
    const pinterest = by("pinterest");
    expect(pinterest?.metrics?.views).toBe(pinterest?.networkMetrics?.IMPRESSION);
    expect(pinterest?.metrics?.saves).toBe(pinterest?.networkMetrics?.SAVE);
    expect(pinterest?.metrics?.shares).toBeNull();
    const x = by("twitter");
    expect(x?.metrics?.views).toBe(x?.networkMetrics?.["non_public_metrics.impression_count"]);
    expect(x?.metrics?.reach).toBeNull();
    const youtube = by("youtube");
    if (youtube?.state === "published") expect(youtube.metrics?.watchTimeSeconds).toBe((youtube.networkMetrics?.estimatedMinutesWatched ?? 0) * 60);
  });

  it("totals every account over the period, per network, with problems for networks without account insights", async () => {
    const answer: Report = await report(ws, "?period=30d");
    const covered = new Set([...answer.accounts.map((a) => a.account), ...answer.problems.map((p) => p.account)]);
    expect([...covered].sort()).toEqual(Object.values(published.accounts).sort());
    for (const problem of answer.problems) {
      expect(publicCapabilities(problem.platform as never).analytics.account, `${problem.platform}: ${problem.message}`).toBe(false);
      expect(problem.code).toBe("capability_unsupported");
    }
    const youtube = answer.accounts.find((a) => a.platform === "youtube");
    expect(youtube).toMatchObject({ source: "account", followers: expect.any(Number), followersChange: expect.any(Number) });
    expect(youtube?.daily).toHaveLength(30);
    const pinterest = answer.accounts.find((a) => a.platform === "pinterest");
    expect(pinterest?.daily?.length).toBe(30);
    expect(pinterest?.metrics.views).toBe(pinterest?.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    for (const network of answer.networks) {
      const own = answer.accounts.filter((a) => a.platform === network.platform);
      expect(network.accounts).toBe(own.length);
    }
  });
});
