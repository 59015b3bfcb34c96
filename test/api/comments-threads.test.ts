import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Replies on a Threads post through the public API with a test key: read (nested), answer, hide, delete own, refuse others'. */

let t: TestApp;
let runtime: JobRuntime;
beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

let counter = 0;
async function threadsPost(ws: WorkspaceFixture): Promise<{ account: string; post: string; networkPostId: string }> {
  counter += 1;
  const connected = await ws.post("/v1/social-accounts/connect", { platform: "threads", handle: `threads_comments_${counter}` });
  expect(connected.status, connected.text).toBe(201);
  const account = connected.body.id;
  const response = await ws.post("/v1/posts", { text: "New menu tonight", accounts: [account] });
  expect(response.status, response.text).toBe(201);
  const created = response.body;
  // The container is checked again by the job runner once Threads has processed it.
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  const post = (await ws.get(`/v1/posts/${created.id}`)).body;
  expect(post.state).toBe("published");
  return { account, post: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function reply(ws: WorkspaceFixture, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post, actor, text });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

async function comments(ws: WorkspaceFixture, post: string, query: "" | `?${string}` = "") {
  const response = await ws.get(`/v1/posts/${post}/comments${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function path(id: string): `/v1/comments/${string}`;
function path<R extends "/replies" | "/hide">(id: string, rest: R): `/v1/comments/${string}${R}`;
function path(id: string, rest = "") {
  return `/v1/comments/${encodeURIComponent(id)}${rest}`;
}

describe("comments on a Threads post", () => {
  it("reads replies and whole conversations, answers, hides and unhides, and deletes only the account's own reply", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, post, networkPostId } = await threadsPost(ws);
    const first = await reply(ws, account, post, "th.visitor.one", "What time?");
    const second = await reply(ws, account, post, "th.visitor.two", "Booked!");
    const deeper = await reply(ws, account, first, "th.visitor.two", "Same question");

    const top = await comments(ws, post);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.text, c.parentId])).toEqual([
      [second, "Booked!", networkPostId],
      [first, "What time?", networkPostId],
    ]);
    expect(top.items[1]).toMatchObject({ author: { handle: "th.visitor.one" }, own: false, hidden: false, replyCount: null });
    expect(top.items[0]?.replyCount).toBe(0);

    t.clock.advance(1000);
    const answered = await ws.post(path(first, "/replies"), { account, text: "From 7 pm" });
    expect(answered.status, answered.text).toBe(200);
    const answer = answered.body.id;

    const nested = await comments(ws, post, "?nested=true");
    const thread = nested.items.find((c) => c.id === first);
    expect(thread?.replies?.map((r) => [r.id, r.own, r.parentId])).toEqual([
      [answer, true, first],
      [deeper, false, first],
    ]);
    expect(nested.items.find((c) => c.id === second)?.replies).toEqual([]);

    expect((await ws.post(path(second, "/hide"), { account })).status).toBe(200);
    expect((await comments(ws, post)).items.find((c) => c.id === second)?.hidden).toBe(true);
    expect((await ws.post(path(second, "/hide"), { account, hidden: false })).status).toBe(200);
    expect((await comments(ws, post)).items.find((c) => c.id === second)?.hidden).toBe(false);

    const refused = await ws.delete(path(second), { account });
    expect(refused.status).toBe(400);
    const error = refused.error;
    expect(error).toMatchObject({ code: "comment_delete_unsupported", platform: "threads" });
    expect(error.fix).toContain("hide");
    expect((await comments(ws, post)).items.map((c) => c.id)).toContain(second);

    const deleted = await ws.delete(path(answer), { account });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await comments(ws, post, "?nested=true")).items.find((c) => c.id === first)?.replies?.map((r) => r.id)).toEqual([deeper]);
  });

  it("refuses a reply over 500 characters and a reply to something that is not there, writing nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, post } = await threadsPost(ws);
    const first = await reply(ws, account, post, "th.visitor.three", "Hello");
    const long = await ws.post(path(first, "/replies"), { account, text: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.error).toMatchObject({ code: "text_too_long", param: "text" });
    const unknown = await ws.post(path("99999999999999999", "/replies"), { account, text: "Hi" });
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("comment_not_found");
    expect((await comments(ws, post, "?nested=true")).items).toEqual([expect.objectContaining({ id: first, replies: [] })]);
  });
});
