import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

interface Comment {
  id: string;
  parentId: string | null;
  author: { id: string; handle: string };
  text: string;
  hidden: boolean | null;
  own: boolean;
  replyCount: number | null;
  replies?: Comment[];
}

async function connect(ws: TestWorkspace, platform: string, handle: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function publishOnPage(ws: TestWorkspace, account: string): Promise<{ id: string; networkPostId: string }> {
  const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] };
  const response = await ws.request("/v1/posts", { method: "POST", json: { text: "Opening hours this weekend", accounts: [account], platformOptions: { facebook: { pageId: targets.items[0]?.id } } } });
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

const comments = async (ws: TestWorkspace, post: string, query = "") => {
  const response = await ws.request(`/v1/posts/${post}/comments${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { items: Comment[]; cursor: string | null; problems: { platform: string; code: string }[] };
};
const path = (id: string, rest = "") => `/v1/comments/${encodeURIComponent(id)}${rest}`;

describe("comments on a Facebook page post", () => {
  it("lists, answers as the page, hides, unhides and deletes any comment on the page's post", async () => {
    const ws = await t.workspace({ plan: "subscription" });
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
    const replied = await ws.request(path(first, "/replies"), { method: "POST", json: { account, text: "Yes, 10 to 4" } });
    expect(replied.status, await replied.clone().text()).toBe(200);
    const reply = (await replied.json()) as { id: string };
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === first)?.replies).toEqual([expect.objectContaining({ id: reply.id, parentId: first, own: true, text: "Yes, 10 to 4", replies: [] })]);

    expect((await ws.request(path(second, "/hide"), { method: "POST", json: { account } })).status).toBe(200);
    expect((await comments(ws, post.id)).items.find((c) => c.id === second)?.hidden).toBe(true);
    await ws.request(path(second, "/hide"), { method: "POST", json: { account, hidden: false } });
    expect((await comments(ws, post.id)).items.find((c) => c.id === second)?.hidden).toBe(false);

    const deleted = await ws.request(path(second), { method: "DELETE", json: { account } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await comments(ws, post.id)).items.map((c) => c.id)).toEqual([first]);
    const gone = await ws.request(path(second), { method: "DELETE", json: { account } });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("comment_not_found");
    expect((await ws.request(path("garbled"), { method: "DELETE", json: { account } })).status).toBe(404);
  });

  it("refuses moderation on a network without comments with the spec's codes, naming the network", async () => {
    const ws = await t.workspace({ plan: "subscription" });
    const pinterest = await connect(ws, "pinterest", "pin-comments");
    const hide = await ws.request(path("123"), { method: "DELETE", json: { account: pinterest } });
    expect(hide.status).toBe(400);
    expect(await errorOf(hide)).toMatchObject({ code: "comment_delete_unsupported", platform: "pinterest" });
    const hidden = await ws.request(path("123", "/hide"), { method: "POST", json: { account: pinterest } });
    expect(await errorOf(hidden)).toMatchObject({ code: "comment_hide_unsupported", platform: "pinterest" });
    const reply = await ws.request(path("123", "/replies"), { method: "POST", json: { account: pinterest, text: "hi" } });
    expect(reply.status).toBe(400);
    expect(await errorOf(reply)).toMatchObject({ code: "capability_unsupported", platform: "pinterest" });
  });
});

/** An image post on Instagram, through its container and the job runner until it is published. */
async function publishOnInstagram(ws: TestWorkspace, account: string): Promise<{ id: string; networkPostId: string }> {
  const upload = await ws.request("/v1/media", { method: "POST", body: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
  const media = ((await upload.json()) as { id: string }).id;
  const created = (await (await ws.request("/v1/posts", { method: "POST", json: { text: "New menu", media: [media], accounts: [account] } })).json()) as { id: string };
  for (let i = 0; i < 3; i++) {
    t.clock.advance(30_000);
    await runDueJobs(runtime);
  }
  const post = (await (await ws.request(`/v1/posts/${created.id}`)).json()) as { state: string; targets: { networkPostId: string }[] };
  expect(post.state).toBe("published");
  return { id: created.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

describe.each([["instagram_login"], ["facebook_login"]])("comments on Instagram media (%s)", (variant) => {
  it("lists, answers, hides, unhides and deletes on the account's door", async () => {
    const ws = await t.workspace({ plan: "subscription" });
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
    const replied = await ws.request(path(second, "/replies"), { method: "POST", json: { account, text: "Two of them!" } });
    expect(replied.status, await replied.clone().text()).toBe(200);
    const reply = (await replied.json()) as { id: string };
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.find((c) => c.id === second)).toMatchObject({ replyCount: 1, replies: [expect.objectContaining({ id: reply.id, own: true, parentId: second })] });

    expect((await ws.request(path(first, "/hide"), { method: "POST", json: { account } })).status).toBe(200);
    expect((await comments(ws, post.id)).items.find((c) => c.id === first)?.hidden).toBe(true);
    await ws.request(path(first, "/hide"), { method: "POST", json: { account, hidden: false } });
    expect((await comments(ws, post.id)).items.find((c) => c.id === first)?.hidden).toBe(false);
    expect((await ws.request(path(first), { method: "DELETE", json: { account } })).status).toBe(200);
    const gone = await ws.request(path(first), { method: "DELETE", json: { account } });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("comment_not_found");
  });
});
