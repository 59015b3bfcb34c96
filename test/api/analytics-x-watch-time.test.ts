import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxAppAccess } from "../../src/sandbox/twitter/media-analytics.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";
import { connect, postAnalytics, report } from "./analytics-helpers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** X watch time through the public API: read from X's media analytics report, null when X refuses the report. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function publishVideo(ws: WorkspaceFixture): Promise<string> {
  const account = await connect(ws, "twitter");
  const upload = await ws.post("/v1/media", undefined, { raw: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
  expect(upload.status, upload.text).toBe(201);
  const media = upload.body.id;
  const response = await ws.post("/v1/posts", { text: "Watch this", media: [media], accounts: [account] });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
  for (let i = 0; i < 10; i++) {
    const current = (await ws.get(`/v1/posts/${post.id}`)).body;
    if (current.targets.every((target) => target.state !== "processing")) break;
    t.clock.advance(30_000);
    await t.drainJobs();
  }
  const done = (await ws.get(`/v1/posts/${post.id}`)).body;
  expect(done.targets.map((target) => target.state)).toEqual(["published"]);
  t.clock.advance(3 * 3_600_000);
  return post.id;
}

describe("X watch time", () => {
  it("is the video's watch_time_ms from the media analytics report, in seconds, for the post and the account", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const postId = await publishVideo(ws);
    const [target] = await postAnalytics(ws, postId);
    expect(target?.state).toBe("published");
    const watchMs = target?.networkMetrics?.["media_analytics.watch_time_ms"] ?? 0;
    expect(watchMs).toBeGreaterThan(0);
    expect(target?.metrics?.watchTimeSeconds).toBe(Math.round(watchMs / 1000));
    expect(target?.metrics?.videoViews).toBeGreaterThan(0);

    const totals = await report(ws, "?period=7d");
    expect(totals.accounts[0]?.metrics.watchTimeSeconds).toBe(target?.metrics?.watchTimeSeconds);
  });

  it("stays null, with every other number present, when X refuses the report to the app's access level", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    await createDbSandboxStore(t.db, ws.id).put<SandboxAppAccess>("twitter", "app", "access", { mediaAnalytics: false });
    const postId = await publishVideo(ws);
    const [target] = await postAnalytics(ws, postId);
    expect(target?.state).toBe("published");
    expect(target?.problem).toBeNull();
    expect(target?.metrics?.watchTimeSeconds).toBeNull();
    expect(target?.networkMetrics?.["media_analytics.watch_time_ms"]).toBeUndefined();
    expect(target?.metrics).toMatchObject({ views: expect.any(Number), likes: expect.any(Number), videoViews: expect.any(Number) });

    const totals = await report(ws, "?period=7d");
    expect(totals.problems).toEqual([]);
    expect(totals.accounts[0]?.metrics).toMatchObject({ watchTimeSeconds: null, videoViews: target?.metrics?.videoViews });
  });
});
