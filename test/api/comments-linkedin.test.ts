import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

/** Comments on LinkedIn posts through the public API with a test key: organisation posts read, answer and delete; member posts' comments closed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

interface Comment {
  id: string;
  parentId: string | null;
  author: { id: string };
  text: string;
  hidden: boolean | null;
  own: boolean;
  replyCount: number | null;
  replies?: Comment[];
}
type Page = { items: Comment[]; cursor: string | null; problems: { platform: string; code: string; message: string }[] };

let counter = 0;
async function connect(ws: TestWorkspace): Promise<string> {
  counter += 1;
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle: `li.comments.${counter}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function publish(ws: TestWorkspace, account: string, author: string | null): Promise<{ id: string; networkPostId: string }> {
  const body = { text: `Quarterly update ${counter}`, accounts: [account], ...(author ? { platformOptions: { linkedin: { author } } } : {}) };
  const response = await ws.request("/v1/posts", { method: "POST", json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  const post = (await response.json()) as { id: string; targets: { networkPostId: string; state: string }[] };
  expect(post.targets[0]?.state).toBe("published");
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function comment(ws: TestWorkspace, account: string, post: string, actor: string, text: string): Promise<string> {
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

describe("comments on LinkedIn posts", () => {
  it("on an organisation's post: lists, answers as the organisation (nested), deletes its own answer, refuses others' and hiding", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const account = await connect(ws);
    const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] };
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
    const answered = await ws.request(path(first, "/replies"), { method: "POST", json: { account, text: "Thank you!" } });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const answer = ((await answered.json()) as { id: string }).id;
    expect(answer.startsWith(`urn:li:comment:(${post.networkPostId},`)).toBe(true);
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === first)?.replies).toEqual([expect.objectContaining({ id: answer, parentId: first, text: "Thank you!", author: expect.objectContaining({ id: organization }) })]);

    const hide = await ws.request(path(second, "/hide"), { method: "POST", json: { account } });
    expect(hide.status).toBe(400);
    expect((await errorOf(hide)).code).toBe("comment_hide_unsupported");
    const theirs = await ws.request(path(second), { method: "DELETE", json: { account } });
    expect(theirs.status).toBe(422);
    expect((await errorOf(theirs)).code).toBe("comment_not_own");
    const own = await ws.request(path(answer), { method: "DELETE", json: { account } });
    expect(own.status, await own.clone().text()).toBe(200);
    expect((await comments(ws, post.id, "?nested=true")).items.find((c) => c.id === first)?.replies).toEqual([]);
    expect((await comments(ws, post.id)).items.map((c) => c.id)).toEqual([second, first]);
  });

  it("on a member's own post: reading is closed by LinkedIn, named in problems; answering still works", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const account = await connect(ws);
    const post = await publish(ws, account, null);
    const theirs = await comment(ws, account, post.id, "li.reader.three", "Nice post");
    const page = await comments(ws, post.id);
    expect(page.items).toEqual([]);
    expect(page.problems).toEqual([expect.objectContaining({ platform: "linkedin", code: "capability_unsupported", message: expect.stringContaining("r_member_social") })]);

    const answered = await ws.request(path(theirs, "/replies"), { method: "POST", json: { account, text: "Thanks" } });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const unknown = await ws.request(path("urn:li:comment:(urn:li:share:1,2)", "/replies"), { method: "POST", json: { account, text: "Hi" } });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("comment_not_found");
  });
});
