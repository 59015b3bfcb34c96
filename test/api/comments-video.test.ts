import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

async function connect(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** A published video: uploaded, then processed by the job runner. */
async function publishVideo(ws: WorkspaceFixture, account: string): Promise<{ id: string; networkPostId: string }> {
  const upload = await ws.post("/v1/media", undefined, { raw: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
  const media = upload.body.id;
  const created = (await ws.post("/v1/posts", { text: "Harbour timelapse", media: [media], accounts: [account], platformOptions: { youtube: { title: "Harbour" } } })).body;
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  const post = (await ws.get(`/v1/posts/${created.id}`)).body;
  expect(post.state).toBe("published");
  return { id: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function comment(ws: WorkspaceFixture, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post, actor, text });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

const comments = async (ws: WorkspaceFixture, post: string, query: "" | `?${string}` = "") => {
  const response = await ws.get(`/v1/posts/${post}/comments${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};
function path(id: string): `/v1/comments/${string}`;
function path<R extends "/replies" | "/hide">(id: string, rest: R): `/v1/comments/${string}${R}`;
function path(id: string, rest = "") {
  return `/v1/comments/${encodeURIComponent(id)}${rest}`;
}

describe("comments on the YouTube sandbox", () => {
  it("lists a video's threads, answers, hides, unhides and deletes, free of credits", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "yt-comments-owner");
    const video = await publishVideo(ws, account);
    const first = await comment(ws, account, video.id, "yt-viewer-one", "Lovely light");
    const second = await comment(ws, account, video.id, "yt-viewer-two", "Where is this?");

    const top = await comments(ws, video.id);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.text, c.author.handle])).toEqual([
      [second, "Where is this?", "yt-viewer-two"],
      [first, "Lovely light", "yt-viewer-one"],
    ]);
    expect(top.items[0]).toMatchObject({ parentId: video.networkPostId, hidden: false, own: false, replyCount: 0 });

    const credits = (await ws.get("/v1/me/limits")).body.credits.total;
    const replied = await ws.post(path(second, "/replies"), { account, text: "Sydney harbour" });
    expect(replied.status, replied.text).toBe(200);
    const reply = replied.body;
    expect(reply.id.startsWith(`${second}.`)).toBe(true);
    expect((await ws.get("/v1/me/limits")).body.credits.total).toBe(credits);
    // An answer to the answer joins the same thread: YouTube threads are two levels deep.
    t.clock.advance(1000);
    const deeper = await ws.post(path(reply.id, "/replies"), { account, text: "(the one in Australia)" });
    expect(deeper.status).toBe(200);

    const nested = await comments(ws, video.id, "?nested=true");
    const thread = nested.items.find((c) => c.id === second);
    expect(thread?.replyCount).toBe(2);
    expect(thread?.replies?.map((r) => [r.text, r.own, r.parentId, r.replies])).toEqual([
      ["(the one in Australia)", true, second, []],
      ["Sydney harbour", true, second, []],
    ]);

    const hidden = await ws.post(path(first, "/hide"), { account });
    expect(hidden.body).toEqual({ account, platform: "youtube", hidden: true, ok: true });
    expect((await comments(ws, video.id)).items.map((c) => c.id)).toEqual([second]);
    await ws.post(path(first, "/hide"), { account, hidden: false });
    expect((await comments(ws, video.id)).items.map((c) => c.id)).toEqual([second, first]);

    const notOwn = await ws.delete(path(first), { account });
    expect(notOwn.status).toBe(422);
    expect(notOwn.error.code).toBe("comment_not_own");
    const deleted = await ws.delete(path(reply.id), { account });
    expect(deleted.status).toBe(200);
    const gone = await ws.delete(path(reply.id), { account });
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe("comment_not_found");
  });
});
