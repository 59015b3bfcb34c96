import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `inbox${counter}.test` : `inbox_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publish(ws: WorkspaceFixture, account: string, text: string): Promise<{ id: string; networkPostId: string }> {
  const response = await ws.post("/v1/posts", { text, accounts: [account] });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

const act = (ws: WorkspaceFixture, account: string, json: Record<string, unknown>) => ws.post(`/v1/sandbox/social-accounts/${account}/activity`, json);

async function page(ws: WorkspaceFixture, query: "" | `?${string}` = "") {
  const response = await ws.get(`/v1/notifications${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("GET /v1/notifications on the Bluesky sandbox", () => {
  it("shows likes, replies, mentions, follows, reposts and quotes of a simulated person, newest first", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, account, "hello from the inbox test");
    for (const action of ["like", "repost", "quote", "reply"] as const) {
      t.clock.advance(1000);
      const response = await act(ws, account, { action, post: post.id, actor: "carol.sandbox.test" });
      expect(response.status, response.text).toBe(201);
    }
    t.clock.advance(1000);
    expect((await act(ws, account, { action: "mention", text: "look at this" })).status).toBe(201);
    t.clock.advance(1000);
    expect((await act(ws, account, { action: "follow", actor: "dave.sandbox.test" })).status).toBe(201);

    const { items, cursor, problems } = await page(ws);
    expect(problems).toEqual([]);
    // Bluesky names a cursor even on its last page; the next page is empty and ends the list.
    expect(await page(ws, `?cursor=${encodeURIComponent(cursor ?? "")}`)).toEqual({ items: [], cursor: null, problems: [] });
    expect(items.map((n) => n.kind)).toEqual(["follows", "mentions", "replies", "quotes", "reposts", "likes"]);
    const like = items.find((n) => n.kind === "likes");
    expect(like).toMatchObject({ account, platform: "bluesky", seen: false, text: null, actor: { handle: "carol.sandbox.test", platform: "bluesky" } });
    expect(like?.actor.id).toMatch(/^did:plc:/);
    expect(like?.subject).toEqual({ postId: post.id, networkPostId: post.networkPostId, url: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/.+\/post\//) });
    expect(items.find((n) => n.kind === "replies")?.text).toMatch(/simulated reply/);
    expect(items.find((n) => n.kind === "follows")).toMatchObject({ subject: null, actor: { handle: "dave.sandbox.test" } });
    const mention = items.find((n) => n.kind === "mentions");
    expect(mention?.text).toContain("look at this");
    expect(mention?.subject?.networkPostId).toBe(mention?.id);
  });

  it("pages with an opaque cursor without losing or repeating anything, and refuses an edited one", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, account, "page me");
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await act(ws, account, { action: "like", post: post.networkPostId, actor: `fan${i}.sandbox.test` });
    }
    const first = await page(ws, "?limit=2");
    expect(first.items).toHaveLength(2);
    expect(first.cursor).not.toBeNull();
    const seen = [...first.items];
    let cursor = first.cursor;
    while (cursor) {
      const next = await page(ws, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.items);
      cursor = next.cursor;
    }
    expect(seen.map((n) => n.actor.handle)).toEqual(["fan4", "fan3", "fan2", "fan1", "fan0"].map((h) => `${h}.sandbox.test`));

    const tampered = `${first.cursor?.slice(0, -3) ?? ""}abc`;
    const refused = await ws.get(`/v1/notifications?cursor=${encodeURIComponent(tampered)}`);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "cursor_invalid", param: "cursor", fix: expect.any(String) });
    // A cursor of the all-accounts list is not one of a single account's list.
    const other = await ws.get(`/v1/notifications?account=${account}&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(other.error.code).toBe("cursor_invalid");
  });

  it("names every network without notifications in problems, and still answers with the others", async () => {
    const ws = await testWorkspace(t);
    const bluesky = await connect(ws, "bluesky");
    const instagram = await connect(ws, "instagram");
    const post = await publish(ws, bluesky, "mixed");
    await act(ws, bluesky, { action: "like", post: post.id });
    const { items, problems } = await page(ws);
    expect(items.map((n) => n.account)).toEqual([bluesky]);
    expect(problems).toEqual([{ account: instagram, platform: "instagram", code: "capability_unsupported", message: expect.any(String), retryable: false }]);
    const only = await page(ws, `?account=${instagram}`);
    expect(only.items).toEqual([]);
    expect(only.problems.map((p) => p.code)).toEqual(["capability_unsupported"]);
  });

  it("refuses bad input: a malformed account is 400 naming it, an unknown one 404, a limit out of range 400", async () => {
    const ws = await testWorkspace(t);
    const malformed = await ws.get("/v1/notifications?account=nope");
    expect(malformed.status).toBe(400);
    expect(malformed.error).toMatchObject({ code: "field_invalid", param: "account" });
    const unknown = await ws.get("/v1/notifications?account=acc_doesnotexist");
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "account_unknown", param: "account" });
    for (const limit of ["0", "101", "x"]) {
      const response = await ws.get(`/v1/notifications?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.error.param).toBe("limit");
    }
  });
});

describe("GET /v1/notifications on the X sandbox", () => {
  it("shows replies and mentions from the mentions timeline, merged with Bluesky newest first", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const bluesky = await connect(ws, "bluesky");
    const tweet = await publish(ws, x, "a tweet to answer");
    const skeet = await publish(ws, bluesky, "a skeet to like");
    t.clock.advance(1000);
    expect((await act(ws, x, { action: "reply", post: tweet.id, actor: "x_replier" })).status).toBe(201);
    t.clock.advance(1000);
    expect((await act(ws, bluesky, { action: "like", post: skeet.id })).status).toBe(201);
    t.clock.advance(1000);
    expect((await act(ws, x, { action: "mention", actor: "x_fan", text: "hi there" })).status).toBe(201);
    const liked = await act(ws, x, { action: "like", post: tweet.id });
    expect(liked.status).toBe(400);
    expect(liked.error).toMatchObject({ code: "capability_unsupported", param: "action" });

    const { items, problems } = await page(ws);
    expect(problems).toEqual([]);
    expect(items.map((n) => [n.platform, n.kind])).toEqual([
      ["twitter", "mentions"],
      ["bluesky", "likes"],
      ["twitter", "replies"],
    ]);
    expect(items[2]).toMatchObject({ account: x, actor: { handle: "x_replier", platform: "twitter" }, subject: { postId: tweet.id, networkPostId: tweet.networkPostId } });
    expect(items[0]?.text).toContain("hi there");

    const seen = (await ws.post("/v1/notifications/seen")).body;
    expect(seen.marked.map((m) => m.account)).toEqual([bluesky]);
    expect(seen.skipped).toEqual([expect.objectContaining({ account: x, platform: "twitter", code: "capability_unsupported" })]);
  });
});

describe("POST /v1/notifications/seen", () => {
  it("marks Bluesky notifications seen with updateSeen and names the networks it skipped", async () => {
    const ws = await testWorkspace(t);
    const bluesky = await connect(ws, "bluesky");
    const tiktok = await connect(ws, "tiktok");
    const post = await publish(ws, bluesky, "seen test");
    await act(ws, bluesky, { action: "like", post: post.id });
    expect((await page(ws)).items.map((n) => n.seen)).toEqual([false]);
    t.clock.advance(1000);
    const response = await ws.post("/v1/notifications/seen");
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.marked).toEqual([{ account: bluesky, platform: "bluesky" }]);
    expect(body.skipped).toEqual([expect.objectContaining({ account: tiktok, platform: "tiktok", code: "capability_unsupported", retryable: false })]);
    expect((await page(ws)).items.map((n) => n.seen)).toEqual([true]);
    t.clock.advance(1000);
    await act(ws, bluesky, { action: "follow" });
    expect((await page(ws)).items.map((n) => [n.kind, n.seen])).toEqual([
      ["follows", false],
      ["likes", true],
    ]);
  });
});

describe("POST /v1/notifications/seen refusals", () => {
  it("refuses a body (the operation takes none) and a foreign account, marking nothing", async () => {
    const ws = await testWorkspace(t);
    const bluesky = await connect(ws, "bluesky");
    const post = await publish(ws, bluesky, "not seen yet");
    await act(ws, bluesky, { action: "like", post: post.id });
    const withBody = await ws.post("/v1/notifications/seen", { account: bluesky });
    expect(withBody.status).toBe(400);
    expect(withBody.error).toMatchObject({ code: "field_unknown", param: "body" });
    const unknown = await ws.post("/v1/notifications/seen?account=acc_doesnotexist");
    expect(unknown.status).toBe(404);
    expect((await page(ws)).items.map((n) => n.seen)).toEqual([false]);
  });
});

describe("POST /v1/sandbox/social-accounts/{id}/activity", () => {
  it("refuses what it cannot do and writes nothing", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const missing = await act(ws, account, { action: "like" });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: "field_required", param: "post" });
    const unknown = await act(ws, account, { action: "reply", post: "post_doesnotexist" });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "resource_not_found", param: "post" });
    const foreign = await act(ws, account, { action: "like", post: "at://did:plc:someoneelse/app.bsky.feed.post/3kabc" });
    expect(foreign.status).toBe(404);
    // TikTok raises nothing its API lets us read (no notifications, comments or followers).
    const noSim = await act(ws, await connect(ws, "tiktok"), { action: "follow" });
    expect(noSim.status).toBe(400);
    expect(noSim.error.code).toBe("capability_unsupported");
    expect((await page(ws)).items).toEqual([]);
  });

  it("is for test keys only", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const response = await act(ws, "acc_whatever", { action: "follow" });
    expect(response.status).toBe(400);
    expect(response.error.code).toBe("sandbox_only");
  });
});
