import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

async function connect(ws: WorkspaceFixture, platform: string, handle: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publishOnPage(ws: WorkspaceFixture, account: string): Promise<{ id: string; networkPostId: string }> {
  const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
  const response = await ws.post("/v1/posts", { text: "Opening hours this weekend", accounts: [account], platformOptions: { facebook: { pageId: targets.items[0]?.id } } });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
  expect(post.targets[0]?.state).toBe("published");
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
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

describe("comments on a Facebook page post", () => {
  it("lists, answers as the page, hides, unhides and deletes any comment on the page's post", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "facebook", "fb-comments-owner");
    const post = await publishOnPage(ws, account);
    const first = await comment(ws, account, post.id, "fb.visitor.one", "Open on Sunday?");
    const second = await comment(ws, account, post.id, "fb.visitor.two", "See you there");

    const top = await comments(ws, post.id);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.text])).toEqual([
      [second, "See you there"],
      [first, "Open on Sunday?"],
    ]);
    expect(top.items[1]).toMatchObject({ parentId: post.networkPostId, hidden: false, own: false, replyCount: 0 });

    t.clock.advance(1000);
    const replied = await ws.post(path(first, "/replies"), { account, text: "Yes, 10 to 4" });
    expect(replied.status, replied.text).toBe(200);
    const reply = replied.body;
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === first)?.replies).toEqual([expect.objectContaining({ id: reply.id, parentId: first, own: true, text: "Yes, 10 to 4", replies: [] })]);

    expect((await ws.post(path(second, "/hide"), { account })).status).toBe(200);
    expect((await comments(ws, post.id)).items.find((c) => c.id === second)?.hidden).toBe(true);
    await ws.post(path(second, "/hide"), { account, hidden: false });
    expect((await comments(ws, post.id)).items.find((c) => c.id === second)?.hidden).toBe(false);

    const deleted = await ws.delete(path(second), { account });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await comments(ws, post.id)).items.map((c) => c.id)).toEqual([first]);
    const gone = await ws.delete(path(second), { account });
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe("comment_not_found");
    expect((await ws.delete(path("garbled"), { account })).status).toBe(404);
  });

  it("refuses moderation on a network without comments with the spec's codes, naming the network", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const pinterest = await connect(ws, "pinterest", "pin-comments");
    const hide = await ws.delete(path("123"), { account: pinterest });
    expect(hide.status).toBe(400);
    expect(hide.error).toMatchObject({ code: "comment_delete_unsupported", platform: "pinterest" });
    const hidden = await ws.post(path("123", "/hide"), { account: pinterest });
    expect(hidden.error).toMatchObject({ code: "comment_hide_unsupported", platform: "pinterest" });
    const reply = await ws.post(path("123", "/replies"), { account: pinterest, text: "hi" });
    expect(reply.status).toBe(400);
    expect(reply.error).toMatchObject({ code: "capability_unsupported", platform: "pinterest" });
  });
});

/** An image post on Instagram, through its container and the job runner until it is published. */
async function publishOnInstagram(ws: WorkspaceFixture, account: string): Promise<{ id: string; networkPostId: string }> {
  const upload = await ws.post("/v1/media", undefined, { raw: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
  const media = upload.body.id;
  const created = (await ws.post("/v1/posts", { text: "New menu", media: [media], accounts: [account] })).body;
  for (let i = 0; i < 3; i++) {
    t.clock.advance(30_000);
    await runDueJobs(runtime);
  }
  const post = (await ws.get(`/v1/posts/${created.id}`)).body;
  expect(post.state).toBe("published");
  return { id: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

describe.each([["instagram_login"], ["facebook_login"]])("comments on Instagram media (%s)", (variant) => {
  it("lists, answers, hides, unhides and deletes on the account's door", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "instagram", `ig-comments-${variant}`, { variant });
    const post = await publishOnInstagram(ws, account);
    const first = await comment(ws, account, post.id, "ig_visitor_one", "Looks great");
    const second = await comment(ws, account, post.id, "ig_visitor_two", "Vegan options?");

    const top = await comments(ws, post.id);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.text, c.author.handle])).toEqual([
      [second, "Vegan options?", "ig_visitor_two"],
      [first, "Looks great", "ig_visitor_one"],
    ]);
    t.clock.advance(1000);
    const replied = await ws.post(path(second, "/replies"), { account, text: "Two of them!" });
    expect(replied.status, replied.text).toBe(200);
    const reply = replied.body;
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === second)).toMatchObject({ replyCount: 1, replies: [expect.objectContaining({ id: reply.id, own: true, parentId: second })] });

    expect((await ws.post(path(first, "/hide"), { account })).status).toBe(200);
    expect((await comments(ws, post.id)).items.find((c) => c.id === first)?.hidden).toBe(true);
    await ws.post(path(first, "/hide"), { account, hidden: false });
    expect((await comments(ws, post.id)).items.find((c) => c.id === first)?.hidden).toBe(false);
    expect((await ws.delete(path(first), { account })).status).toBe(200);
    const gone = await ws.delete(path(first), { account });
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe("comment_not_found");
  });
});
