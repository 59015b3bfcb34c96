import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { sandboxRecords } from "../../src/db/schema/index.js";
import { and, eq } from "drizzle-orm";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { concat, jpeg, mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * YouTube's `thumbnail` option end to end: checked before publishing (POST /v1/posts/validate
 * and POST /v1/posts), set with thumbnails.set after the upload, and, when YouTube refuses it,
 * a warning on a target that still publishes.
 */

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function connect(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

describe("YouTube thumbnail option", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  /** The post is published without warnings, and the simulated YouTube shows the custom thumbnail on its video. */
  async function expectPublishedWithThumbnail(ws: WorkspaceFixture, postId: string): Promise<void> {
    const after = (await ws.get(`/v1/posts/${postId}`)).body;
    expect(after).toMatchObject({ state: "published", targets: [{ state: "published", warnings: [] }] });
    const [stored] = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "youtube"), eq(sandboxRecords.kind, "video"), eq(sandboxRecords.id, after.targets[0]?.networkPostId ?? "")));
    expect((stored?.data as SandboxVideo | undefined)?.customThumbnails?.maxres?.url).toMatch(/custom-/);
  }

  const post = (account: string, video: string, thumbnail: string) => ({
    text: "Harbour timelapse",
    media: [video],
    accounts: [account],
    platformOptions: { youtube: { title: "Harbour", thumbnail } },
  });

  it("refuses before publishing a thumbnail YouTube would refuse: unknown id, not a JPEG or PNG, over 2 MB", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "thumb-checks");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");

    const unknown = await ws.post("/v1/posts/validate", post(account, video, "med_doesnotexist0000"));
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "media_unknown", param: "platformOptions.youtube.thumbnail" });

    const refusals: Array<[string, string]> = [
      [video, "must be a JPEG or PNG image"],
      [await upload(ws, concat(jpeg(1280, 720).subarray(0, -2), new Uint8Array(2 * 1024 * 1024), new Uint8Array([0xff, 0xd9])), "image/jpeg"), "takes at most 2.0 MB"],
    ];
    for (const [thumbnail, message] of refusals) {
      const report = (await ws.post("/v1/posts/validate", post(account, video, thumbnail))).body;
      expect(report.valid).toBe(false);
      expect(report.targets[0]?.errors).toEqual([expect.objectContaining({ code: "option_invalid", param: "platformOptions.youtube.thumbnail", message: expect.stringContaining(message) })]);
      // Publishing refuses the target the same way: nothing is uploaded.
      const created = (await ws.post("/v1/posts", post(account, video, thumbnail))).body;
      expect(created.state).toBe("failed");
      expect(created.targets[0]).toMatchObject({ state: "failed", networkPostId: null, error: { code: "option_invalid", param: "platformOptions.youtube.thumbnail" } });
    }
  });

  it("sets the thumbnail after the upload, so the published video shows it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "thumb-ok");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const thumbnail = await upload(ws, jpeg(1280, 720), "image/jpeg");
    const valid = (await ws.post("/v1/posts/validate", post(account, video, thumbnail))).body;
    expect(valid.valid).toBe(true);
    const created = (await ws.post("/v1/posts", post(account, video, thumbnail))).body;
    expect(created.targets[0]).toMatchObject({ state: "processing", warnings: [] });
    t.clock.advance(60_000);
    await runDueJobs(runtime);
    await expectPublishedWithThumbnail(ws, created.id);
  });

  it("sets the thumbnail on a scheduled post too, when it goes out at its time", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "thumb-later");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const thumbnail = await upload(ws, jpeg(1280, 720), "image/jpeg");
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const created = (await ws.post("/v1/posts", { ...post(account, video, thumbnail), scheduledAt })).body;
    expect(created.state).toBe("scheduled");
    t.clock.advance(3_600_000);
    await runDueJobs(runtime);
    t.clock.advance(60_000);
    await runDueJobs(runtime);
    await expectPublishedWithThumbnail(ws, created.id);
  });

  it("publishes the video with a warning on the target when YouTube refuses the thumbnail", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "unverified-thumbs");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const thumbnail = await upload(ws, jpeg(1280, 720), "image/jpeg");
    const created = (await ws.post("/v1/posts", post(account, video, thumbnail))).body;
    expect(created.targets[0]?.state).toBe("processing");
    t.clock.advance(60_000);
    await runDueJobs(runtime);
    const after = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(after.state).toBe("published");
    const [target] = after.targets;
    expect(target).toMatchObject({ state: "published", error: null });
    expect(target?.warnings).toEqual([
      expect.objectContaining({
        code: "video_thumbnail_not_set",
        param: "platformOptions.youtube.thumbnail",
        message: expect.stringContaining("custom video thumbnails"),
        fix: expect.stringContaining("youtube.com/verify"),
      }),
    ]);
  });
});
