import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Comments on LinkedIn posts through the public API with a test key: organisation posts read, answer and delete; member posts' comments closed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle: `li.comments.${counter}` });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publish(ws: WorkspaceFixture, account: string, author: string | null): Promise<{ id: string; networkPostId: string }> {
  const body = { text: `Quarterly update ${counter}`, accounts: [account], ...(author ? { platformOptions: { linkedin: { author } } } : {}) };
  const response = await ws.post("/v1/posts", body);
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

describe("comments on LinkedIn posts", () => {
  it("on an organisation's post: lists, answers as the organisation (nested), deletes its own answer, refuses others' and hiding", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
    const organization = targets.items[0]?.id ?? "";
    expect(organization).toMatch(/^urn:li:organization:\d+$/);
    const post = await publish(ws, account, organization);
    const first = await comment(ws, account, post.id, "li.reader.one", "Great quarter");
    const second = await comment(ws, account, post.id, "li.reader.two", "Congrats");

    const top = await comments(ws, post.id);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.text, c.parentId])).toEqual([
      [second, "Congrats", post.networkPostId],
      [first, "Great quarter", post.networkPostId],
    ]);
    expect(top.items[0]).toMatchObject({ own: false, hidden: null, replyCount: 0 });

    t.clock.advance(1000);
    const answered = await ws.post(path(first, "/replies"), { account, text: "Thank you!" });
    expect(answered.status, answered.text).toBe(200);
    const answer = answered.body.id;
    expect(answer.startsWith(`urn:li:comment:(${post.networkPostId},`)).toBe(true);
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === first)?.replies).toEqual([
      expect.objectContaining({ id: answer, parentId: first, text: "Thank you!", author: expect.objectContaining({ id: organization }) }),
    ]);

    const hide = await ws.post(path(second, "/hide"), { account });
    expect(hide.status).toBe(400);
    expect(hide.error.code).toBe("comment_hide_unsupported");
    const theirs = await ws.delete(path(second), { account });
    expect(theirs.status).toBe(422);
    expect(theirs.error.code).toBe("comment_not_own");
    const own = await ws.delete(path(answer), { account });
    expect(own.status, own.text).toBe(200);
    expect((await comments(ws, post.id, "?nested=true")).items.find((c) => c.id === first)?.replies).toEqual([]);
    expect((await comments(ws, post.id)).items.map((c) => c.id)).toEqual([second, first]);
  });

  it("on a member's own post: reading is closed by LinkedIn, named in problems; answering still works", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const post = await publish(ws, account, null);
    const theirs = await comment(ws, account, post.id, "li.reader.three", "Nice post");
    const page = await comments(ws, post.id);
    expect(page.items).toEqual([]);
    expect(page.problems).toEqual([expect.objectContaining({ platform: "linkedin", code: "capability_unsupported", message: expect.stringContaining("r_member_social") })]);

    const answered = await ws.post(path(theirs, "/replies"), { account, text: "Thanks" });
    expect(answered.status, answered.text).toBe(200);
    const unknown = await ws.post(path("urn:li:comment:(urn:li:share:1,2)", "/replies"), { account, text: "Hi" });
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("comment_not_found");
  });
});
