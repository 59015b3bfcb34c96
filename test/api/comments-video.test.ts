import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { mp4 } from "../unit/media-fixtures.js";

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

interface Comment {
  id: string;
  parentId: string | null;
  author: { handle: string };
  text: string;
  hidden: boolean | null;
  own: boolean;
  replyCount: number | null;
  replies?: Comment[];
}

async function connect(ws: TestWorkspace, handle: string): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "youtube", handle } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A published video: uploaded, then processed by the job runner. */
async function publishVideo(ws: TestWorkspace, account: string): Promise<{ id: string; networkPostId: string }> {
  const upload = await ws.request("/v1/media", { method: "POST", body: mp4(1920, 1080, { duration: 20_000 }), headers: { "content-type": "video/mp4" } });
  const media = ((await upload.json()) as { id: string }).id;
  const created = (await (await ws.request("/v1/posts", { method: "POST", json: { text: "Harbour timelapse", media: [media], accounts: [account], platformOptions: { youtube: { title: "Harbour" } } } })).json()) as { id: string };
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  const post = (await (await ws.request(`/v1/posts/${created.id}`)).json()) as { state: string; targets: { networkPostId: string }[] };
  expect(post.state).toBe("published");
  return { id: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function comment(ws: TestWorkspace, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "reply", post, actor, text } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { networkId: string }).networkId;
}

const comments = async (ws: TestWorkspace, post: string, query = "") => {
  const response = await ws.request(`/v1/posts/${post}/comments${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { items: Comment[]; cursor: string | null; problems: unknown[] };
};
const path = (id: string, rest = "") => `/v1/comments/${encodeURIComponent(id)}${rest}`;

describe("comments on the YouTube sandbox", () => {
  it("lists a video's threads, answers, hides, unhides and deletes, free of credits", async () => {
    const ws = await t.workspace({ plan: "subscription" });
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

    const credits = ((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total;
    const replied = await ws.request(path(second, "/replies"), { method: "POST", json: { account, text: "Sydney harbour" } });
    expect(replied.status, await replied.clone().text()).toBe(200);
    const reply = (await replied.json()) as { id: string };
    expect(reply.id.startsWith(`${second}.`)).toBe(true);
    expect(((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total).toBe(credits);
    // An answer to the answer joins the same thread: YouTube threads are two levels deep.
    t.clock.advance(1000);
    const deeper = await ws.request(path(reply.id, "/replies"), { method: "POST", json: { account, text: "(the one in Australia)" } });
    expect(deeper.status).toBe(200);

    const nested = await comments(ws, video.id, "?nested=true");
    const thread = nested.items.find((c) => c.id === second);
    expect(thread?.replyCount).toBe(2);
    expect(thread?.replies?.map((r) => [r.text, r.own, r.parentId, r.replies])).toEqual([
      ["(the one in Australia)", true, second, []],
      ["Sydney harbour", true, second, []],
    ]);

    const hidden = await ws.request(path(first, "/hide"), { method: "POST", json: { account } });
    expect(await hidden.json()).toEqual({ account, platform: "youtube", hidden: true, ok: true });
    expect((await comments(ws, video.id)).items.map((c) => c.id)).toEqual([second]);
    await ws.request(path(first, "/hide"), { method: "POST", json: { account, hidden: false } });
    expect((await comments(ws, video.id)).items.map((c) => c.id)).toEqual([second, first]);

    const notOwn = await ws.request(path(first), { method: "DELETE", json: { account } });
    expect(notOwn.status).toBe(422);
    expect((await errorOf(notOwn)).code).toBe("comment_not_own");
    const deleted = await ws.request(path(reply.id), { method: "DELETE", json: { account } });
    expect(deleted.status).toBe(200);
    const gone = await ws.request(path(reply.id), { method: "DELETE", json: { account } });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("comment_not_found");
  });
});
