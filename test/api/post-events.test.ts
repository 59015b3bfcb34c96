import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string) {
  return (await ws.post("/v1/social-accounts/connect", { platform, handle })).body;
}

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  return (await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } })).body.id;
}

describe("post.* events of an asynchronous publish", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  const eventsOf = async (workspaceId: string) =>
    (await t.db.select().from(events).where(eq(events.workspaceId, workspaceId)).orderBy(events.createdAt, events.id))
      .filter((e) => e.type.startsWith("post."))
      .map((e) => ({ type: e.type, data: e.data as { id: string; state: string } }));

  it("records post.processing once when targets enter processing, not again on polls, and the final event still fires", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const tiktok = await connect(ws, "tiktok", "async-clip");
    const youtube = await connect(ws, "youtube", "async-video");
    const portrait = await upload(ws, jpeg(1080, 1920), "image/jpeg");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const created = await ws.post("/v1/posts", {
      text: "two networks that take their time",
      accounts: [tiktok.id, youtube.id],
      mediaOverrides: { tiktok: [portrait], youtube: [video] },
      platformOptions: { tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Slow" }, youtube: { title: "Slow", privacyStatus: "public" } },
    });
    expect(created.status, created.text).toBe(201);
    const post = created.body;
    expect(post.state).toBe("processing");
    expect(post.targets.map((target) => target.state)).toEqual(["processing", "processing"]);

    const first = await eventsOf(ws.id);
    expect(first.map((e) => e.type)).toEqual(["post.processing"]);
    expect(first[0]?.data).toMatchObject({ id: post.id, state: "processing" });

    for (let poll = 0; poll < 20; poll++) {
      t.clock.advance(60_000);
      await runDueJobs(runtime);
    }
    const settled = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(settled.state).toBe("published");
    const all = await eventsOf(ws.id);
    expect(all.map((e) => e.type)).toEqual(["post.processing", "post.published"]);
  });
});
