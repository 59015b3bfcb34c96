import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * GET /v1/notifications for LinkedIn through the public API with a test key: the company pages a
 * member administers answer through the organizationalEntityNotifications finder (comments,
 * reshares, quotes and mentions made by simulated members); a personal profile and a page the
 * member only edits are no notifications, said in `problems`, never an empty success.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, variant?: string): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle: `li.notif.${counter}`, ...(variant ? { variant } : {}) });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function targets(ws: WorkspaceFixture, account: string) {
  const response = await ws.get(`/v1/social-accounts/${account}/targets`);
  expect(response.status).toBe(200);
  return response.body.items;
}

async function publish(ws: WorkspaceFixture, account: string, author: string, text: string): Promise<{ id: string; networkPostId: string }> {
  const response = await ws.post("/v1/posts", { text, accounts: [account], platformOptions: { linkedin: { author } } });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function act(ws: WorkspaceFixture, account: string, json: Record<string, unknown>): Promise<{ networkId: string; actor: { id: string } }> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, json);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function page(ws: WorkspaceFixture, query: "" | `?${string}` = "") {
  const response = await ws.get(`/v1/notifications${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("GET /v1/notifications on LinkedIn company pages", () => {
  it("lists comments, reshares, quotes and mentions of the administered pages newest first, marked with the Chorus post, and pages through them", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const pages = await targets(ws, account);
    const admin = pages.find((p) => p.details.role === "ADMINISTRATOR")?.id ?? "";
    expect(admin).toMatch(/^urn:li:organization:\d+$/);
    const post = await publish(ws, account, admin, "Our new office opens today");

    const reply = await act(ws, account, { action: "reply", post: post.id, actor: "li.reader", text: "Congratulations!" });
    const repost = await act(ws, account, { action: "repost", post: post.id, actor: "li.sharer" });
    const quote = await act(ws, account, { action: "quote", post: post.id, actor: "li.quoter", text: "Worth a visit" });
    // A like is on LinkedIn too, but its notification names no liker: it is not listed.
    await act(ws, account, { action: "like", post: post.id, actor: "li.liker" });
    const mention = await act(ws, account, { action: "mention", actor: "li.fan", text: "Great working with" });

    const all = await page(ws, `?account=${account}`);
    expect(all.problems).toEqual([]);
    expect(all.items.map((n) => [n.kind, n.account, n.platform, n.actor.id])).toEqual([
      ["mentions", account, "linkedin", `urn:li:person:${mention.actor.id}`],
      ["quotes", account, "linkedin", `urn:li:person:${quote.actor.id}`],
      ["reposts", account, "linkedin", `urn:li:person:${repost.actor.id}`],
      ["replies", account, "linkedin", `urn:li:person:${reply.actor.id}`],
    ]);
    const [mentioned, quoted, reposted, replied] = all.items;
    expect(replied).toMatchObject({ text: "Congratulations!", subject: { postId: post.id, networkPostId: post.networkPostId, url: `https://www.linkedin.com/feed/update/${post.networkPostId}/` } });
    expect(reposted).toMatchObject({ text: null, subject: { postId: post.id, networkPostId: post.networkPostId } });
    expect(quoted).toMatchObject({ text: "Worth a visit", subject: { postId: post.id } });
    // The mentioning post is the subject: it is not one of ours.
    expect(mentioned).toMatchObject({ subject: { postId: null, networkPostId: mention.networkId }, text: expect.stringContaining("Great working with") });
    expect(mentioned?.actor.handle).toBe(mention.actor.id);

    const first = await page(ws, `?account=${account}&limit=3`);
    expect(first.items.map((n) => n.id)).toEqual(all.items.slice(0, 3).map((n) => n.id));
    const rest = await page(ws, `?account=${account}&limit=3&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(rest.items.map((n) => n.id)).toEqual(all.items.slice(3).map((n) => n.id));
    expect(rest.cursor).toBeNull();
  });

  it("leaves out pages the member only edits (rw_organization_admin needs the ADMINISTRATOR role) and the page's own comments", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const pages = await targets(ws, account);
    const admin = pages.find((p) => p.details.role === "ADMINISTRATOR")?.id ?? "";
    const edited = pages.find((p) => p.details.role === "CONTENT_ADMINISTRATOR")?.id ?? "";
    expect(edited).toMatch(/^urn:li:organization:\d+$/);
    const ours = await publish(ws, account, admin, "Hiring engineers");
    const theirs = await publish(ws, account, edited, "Studio reel");
    const comment = await act(ws, account, { action: "reply", post: ours.id, actor: "li.applicant", text: "Applied!" });
    await act(ws, account, { action: "reply", post: theirs.id, actor: "li.viewer", text: "Nice reel" });
    t.clock.advance(1000);
    const answered = await ws.post(`/v1/comments/${encodeURIComponent(comment.networkId)}/replies`, { account, text: "Thanks, we will be in touch" });
    expect(answered.status, answered.text).toBe(200);

    const { items, problems } = await page(ws);
    expect(problems).toEqual([]);
    expect(items.map((n) => [n.kind, n.text])).toEqual([["replies", "Applied!"]]);
  });

  it("keeps a personal profile a problems entry saying what LinkedIn offers instead, and the sandbox faults problems too", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const member = await connect(ws, "member");
    const organization = await connect(ws);
    const { items, problems } = await page(ws);
    expect(items).toEqual([]);
    const byAccount = Object.fromEntries(problems.map((p) => [p.account, p]));
    expect(byAccount[member]).toEqual({
      account: member,
      platform: "linkedin",
      code: "capability_unsupported",
      message: expect.stringContaining("personal profile has no notifications API"),
      retryable: false,
    });
    expect(byAccount[member]?.message).toContain("organization variant");
    expect(byAccount[organization]).toBeUndefined();

    // A refused permission is LinkedIn's 403 ACCESS_DENIED: a problem that retrying does not fix; a down network is retryable.
    for (const [fault, code, retryable] of [
      ["revoked_permission", "missing_scope", false],
      ["down", "platform_unavailable", true],
    ] as const) {
      const set = await ws.put(`/v1/sandbox/social-accounts/${organization}/fault`, { fault });
      expect(set.status, set.text).toBeLessThan(300);
      const failed = await page(ws, `?account=${organization}`);
      expect(failed.items).toEqual([]);
      expect(failed.problems).toEqual([expect.objectContaining({ account: organization, platform: "linkedin", code, retryable })]);
    }
  });

  it("refuses a mention for a member who administers no page, and a like of a post that is not the account's, writing nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws);
    const other = await connect(ws);
    const admin = (await targets(ws, other)).find((p) => p.details.role === "ADMINISTRATOR")?.id ?? "";
    const foreign = await publish(ws, other, admin, "Someone else's post");
    const like = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "like", post: foreign.networkPostId });
    expect(like.status).toBe(404);
    const noPost = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "repost" });
    expect(noPost.status).toBe(400);
    expect((await page(ws, `?account=${account}`)).items).toEqual([]);
  });
});
