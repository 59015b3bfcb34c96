import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

/** Replies on a Threads post through the public API with a test key: read (nested), answer, hide, delete own, refuse others'. */

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
type Page = { items: Comment[]; cursor: string | null; problems: { code: string }[] };

let counter = 0;
async function threadsPost(ws: TestWorkspace): Promise<{ account: string; post: string; networkPostId: string }> {
  counter += 1;
  const connected = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle: `threads_comments_${counter}` } });
  expect(connected.status, await connected.clone().text()).toBe(201);
  const account = ((await connected.json()) as { id: string }).id;
  const response = await ws.request("/v1/posts", { method: "POST", json: { text: "New menu tonight", accounts: [account] } });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { id: string };
  // The container is checked again by the job runner once Threads has processed it.
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  const post = (await (await ws.request(`/v1/posts/${created.id}`)).json()) as { state: string; targets: { networkPostId: string | null }[] };
  expect(post.state).toBe("published");
  return { account, post: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function reply(ws: TestWorkspace, account: string, post: string, actor: string, text: string): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "reply", post, actor, text } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { networkId: string }).networkId;
}

async function comments(ws: TestWorkspace, post: string, query = ""): Promise<Page> {
  const response = await ws.request(`/v1/posts/${post}/comments${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

const path = (id: string, rest = "") => `/v1/comments/${encodeURIComponent(id)}${rest}`;

describe("comments on a Threads post", () => {
  it("reads replies and whole conversations, answers, hides and unhides, and deletes only the account's own reply", async () => {
    const ws = await t.workspace({ plan: "subscription" });
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
    const answered = await ws.request(path(first, "/replies"), { method: "POST", json: { account, text: "From 7 pm" } });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const answer = ((await answered.json()) as { id: string }).id;

    const nested = await comments(ws, post, "?nested=true");
    const thread = nested.items.find((c) => c.id === first);
    expect(thread?.replies?.map((r) => [r.id, r.own, r.parentId])).toEqual([
      [answer, true, first],
      [deeper, false, first],
    ]);
    expect(nested.items.find((c) => c.id === second)?.replies).toEqual([]);

    expect((await ws.request(path(second, "/hide"), { method: "POST", json: { account } })).status).toBe(200);
    expect((await comments(ws, post)).items.find((c) => c.id === second)?.hidden).toBe(true);
    expect((await ws.request(path(second, "/hide"), { method: "POST", json: { account, hidden: false } })).status).toBe(200);
    expect((await comments(ws, post)).items.find((c) => c.id === second)?.hidden).toBe(false);

    const refused = await ws.request(path(second), { method: "DELETE", json: { account } });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ code: "comment_delete_unsupported", platform: "threads" });
    expect(error.fix).toContain("hide");
    expect((await comments(ws, post)).items.map((c) => c.id)).toContain(second);

    const deleted = await ws.request(path(answer), { method: "DELETE", json: { account } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await comments(ws, post, "?nested=true")).items.find((c) => c.id === first)?.replies?.map((r) => r.id)).toEqual([deeper]);
  });

  it("refuses a reply over 500 characters and a reply to something that is not there, writing nothing", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const { account, post } = await threadsPost(ws);
    const first = await reply(ws, account, post, "th.visitor.three", "Hello");
    const long = await ws.request(path(first, "/replies"), { method: "POST", json: { account, text: "x".repeat(501) } });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toMatchObject({ code: "text_too_long", param: "text" });
    const unknown = await ws.request(path("99999999999999999", "/replies"), { method: "POST", json: { account, text: "Hi" } });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("comment_not_found");
    expect((await comments(ws, post, "?nested=true")).items).toEqual([expect.objectContaining({ id: first, replies: [] })]);
  });
});
