import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
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
  const handle = platform === "bluesky" ? `comments${counter}.test` : `comments_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function publish(ws: WorkspaceFixture, accounts: string[], text: string): Promise<{ id: string; networkPostId: string }> {
  const response = await ws.post("/v1/posts", { text, accounts });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
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

describe("comments on the Bluesky sandbox", () => {
  it("lists the replies to a post newest first, answers one, reads the thread nested and deletes only its own reply", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, [account], "what do you think?");
    const first = await comment(ws, account, post.id, "carol.sandbox.test", "I like it");
    const second = await comment(ws, account, post.id, "dave.sandbox.test", "Not sure");

    const top = await comments(ws, post.id);
    expect(top.problems).toEqual([]);
    expect(top.cursor).toBeNull();
    expect(top.items.map((c) => [c.id, c.text, c.author.handle])).toEqual([
      [second, "Not sure", "dave.sandbox.test"],
      [first, "I like it", "carol.sandbox.test"],
    ]);
    expect(top.items[0]).toMatchObject({ account, platform: "bluesky", postId: post.id, networkPostId: post.networkPostId, parentId: post.networkPostId, hidden: false, own: false, replyCount: 0 });
    expect(top.items[0]?.replies).toBeUndefined();

    t.clock.advance(1000);
    const replied = await ws.post(path(first, "/replies"), { account, text: "Thank you, Carol!" });
    expect(replied.status, replied.text).toBe(200);
    const reply = replied.body;
    expect(reply).toMatchObject({ account, platform: "bluesky", ok: true });
    expect(reply.id).toMatch(/^at:\/\/did:plc:.+\/app\.bsky\.feed\.post\//);

    const nested = await comments(ws, post.id, "?nested=true");
    const carol = nested.items.find((c) => c.id === first);
    expect(carol?.replyCount).toBe(1);
    expect(carol?.replies).toEqual([expect.objectContaining({ id: reply.id, parentId: first, text: "Thank you, Carol!", own: true, replies: [] })]);
    expect(nested.items.find((c) => c.id === second)?.replies).toEqual([]);

    const notOwn = await ws.delete(path(first), { account });
    expect(notOwn.status).toBe(422);
    expect(notOwn.error.code).toBe("comment_not_own");

    const deleted = await ws.delete(path(reply.id), { account });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ account, platform: "bluesky", ok: true });
    const after = await comments(ws, post.id, "?nested=true");
    expect(after.items.find((c) => c.id === first)?.replies).toEqual([]);
    const again = await ws.delete(path(reply.id), { account });
    expect(again.status).toBe(404);
    expect(again.error.code).toBe("comment_not_found");
  });

  it("hides a reply through the thread's threadgate, shows it hidden in the list, and unhides it", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, [account], "hide the rude one");
    const rude = await comment(ws, account, post.id, "rude.sandbox.test", "rude words");
    const kind = await comment(ws, account, post.id, "kind.sandbox.test", "kind words");
    const answer = await ws.post(path(kind, "/replies"), { account, text: "thanks!" });
    expect(answer.status, answer.text).toBe(200);
    const ownReply = answer.body.id;

    const hidden = await ws.post(path(rude, "/hide"), { account });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toEqual({ account, platform: "bluesky", hidden: true, ok: true });
    // A reply deeper in the thread is hidden through the same gate.
    const deep = await ws.post(path(ownReply, "/hide"), { account, hidden: true });
    expect(deep.status, deep.text).toBe(200);
    const nested = await comments(ws, post.id, "?nested=true");
    expect(nested.items.map((c) => [c.text, c.hidden])).toEqual([
      ["kind words", false],
      ["rude words", true],
    ]);
    expect(nested.items[0]?.replies?.map((c) => [c.id, c.hidden])).toEqual([[ownReply, true]]);
    // Hiding twice is still a success.
    expect((await ws.post(path(rude, "/hide"), { account })).status).toBe(200);

    for (const id of [rude, ownReply]) {
      const shown = await ws.post(path(id, "/hide"), { account, hidden: false });
      expect(shown.status, shown.text).toBe(200);
      expect(shown.body).toEqual({ account, platform: "bluesky", hidden: false, ok: true });
    }
    const after = await comments(ws, post.id, "?nested=true");
    expect(after.items.map((c) => c.hidden)).toEqual([false, false]);
    expect(after.items[0]?.replies?.[0]?.hidden).toBe(false);
  });

  it("refuses to hide a reply in a thread another account started, and the post itself", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, [account], "my own post");
    // Someone else's post mentioning the account: the account answers it, in that person's thread.
    const mentioned = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", actor: "erin.sandbox.test", text: "what do you think?" });
    expect(mentioned.status, mentioned.text).toBe(201);
    const theirPost = mentioned.body.networkId;
    const answered = await ws.post(path(theirPost, "/replies"), { account, text: "I think so" });
    expect(answered.status, answered.text).toBe(200);
    const inTheirThread = answered.body.id;

    const refused = await ws.post(path(inTheirThread, "/hide"), { account });
    expect(refused.status).toBe(422);
    expect(refused.error).toMatchObject({ code: "comment_thread_not_own", platform: "bluesky", param: "id", fix: expect.stringContaining("POST /v1/engagements") });
    const root = await ws.post(path(post.networkPostId, "/hide"), { account });
    expect(root.status).toBe(404);
    expect(root.error.code).toBe("comment_not_found");
  });

  it("pages with a cursor bound to the post", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, [account], "page my comments");
    const other = await publish(ws, [account], "another post");
    for (let i = 0; i < 3; i++) await comment(ws, account, post.id, `fan${i}.sandbox.test`, `comment ${i}`);
    const first = await comments(ws, post.id, "?limit=2");
    expect(first.items.map((c) => c.text)).toEqual(["comment 2", "comment 1"]);
    const next = await comments(ws, post.id, `?limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(next.items.map((c) => c.text)).toEqual(["comment 0"]);
    expect(next.cursor).toBeNull();
    const elsewhere = await ws.get(`/v1/posts/${other.id}/comments?cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.error.code).toBe("cursor_invalid");
  });
});

describe("comments: bad input", () => {
  it("refuses a blank comment id, a missing account, an unknown post and a bad limit, and writes nothing", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const blank = await ws.post("/v1/comments/%20/replies", { account, text: "hi" });
    expect(blank.status).toBe(400);
    expect(blank.error).toMatchObject({ code: "comment_id_required", param: "id", fix: expect.any(String) });
    const noAccount = await ws.delete(path("at://did:plc:abc/app.bsky.feed.post/3k"), {});
    expect(noAccount.status).toBe(400);
    expect(noAccount.error).toMatchObject({ code: "field_required", param: "account" });
    const noText = await ws.post(path("x", "/replies"), { account, text: "   " });
    expect(noText.status).toBe(400);
    expect(noText.error.param).toBe("text");
    const garbled = await ws.delete(path("not-a-uri"), { account });
    expect(garbled.status).toBe(404);
    expect(garbled.error.code).toBe("comment_not_found");
    const unknownPost = await ws.get("/v1/posts/post_doesNotExist1/comments");
    expect(unknownPost.status).toBe(404);
    expect(unknownPost.error.code).toBe("resource_not_found");
    const post = await publish(ws, [account], "limits");
    expect((await ws.get(`/v1/posts/${post.id}/comments?limit=0`)).status).toBe(400);
    expect((await ws.get(`/v1/posts/${post.id}/comments?nested=yes`)).status).toBe(400);
  });
});

async function creditsLeft(ws: WorkspaceFixture): Promise<number> {
  return (await ws.get("/v1/me/limits")).body.credits.total;
}

describe("comments on the X sandbox", () => {
  it("lists a post's replies, hides and unhides one, answers it for one credit and deletes only its own answer", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const tweet = await publish(ws, [x], "a tweet people answer");
    const first = await comment(ws, x, tweet.id, "x_carol", "first!");
    const second = await comment(ws, x, tweet.id, "x_dave", "second");

    const top = await comments(ws, tweet.id);
    expect(top.problems).toEqual([]);
    expect(top.items.map((c) => [c.id, c.author.handle])).toEqual([
      [second, "x_dave"],
      [first, "x_carol"],
    ]);
    expect(top.items[1]).toMatchObject({ platform: "twitter", parentId: tweet.networkPostId, hidden: null, own: false, replyCount: 0, likeCount: 0 });
    expect(top.items[1]?.text).toContain("first!");

    const hidden = await ws.post(path(first, "/hide"), { account: x });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toEqual({ account: x, platform: "twitter", hidden: true, ok: true });
    const shown = await ws.post(path(first, "/hide"), { account: x, hidden: false });
    expect(shown.body).toMatchObject({ hidden: false, ok: true });

    const before = await creditsLeft(ws);
    const replied = await ws.post(path(first, "/replies"), { account: x, text: "thanks Carol" });
    expect(replied.status, replied.text).toBe(200);
    const reply = replied.body;
    expect(reply.id).toMatch(/^[0-9]{19}$/);
    expect(await creditsLeft(ws)).toBe(before - 1);

    const nested = await comments(ws, tweet.id, "?nested=true");
    const carol = nested.items.find((c) => c.id === first);
    expect(carol?.replyCount).toBe(1);
    expect(carol?.replies).toEqual([expect.objectContaining({ id: reply.id, parentId: first, own: true, replies: [] })]);

    const notOwn = await ws.delete(path(first), { account: x });
    expect(notOwn.status).toBe(422);
    expect(notOwn.error.code).toBe("comment_not_own");
    const deleted = await ws.delete(path(reply.id), { account: x });
    expect(deleted.status, deleted.text).toBe(200);
    const gone = await ws.delete(path(reply.id), { account: x });
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe("comment_not_found");
    const garbled = await ws.post(path("not-a-tweet", "/hide"), { account: x });
    expect(garbled.status).toBe(404);
  });

  it("charges a reply once under concurrent retries with one Idempotency-Key, and is 402 with nothing sent when no credit is left", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const tweet = await publish(ws, [x], "answer me once");
    const first = await comment(ws, x, tweet.id, "x_erin", "hello");
    const before = await creditsLeft(ws);
    const send = () => ws.post(path(first, "/replies"), { account: x, text: "just once" }, { headers: { "Idempotency-Key": "reply-once-1" } });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((a) => a.status).sort();
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    const ids = new Set(await Promise.all([...answers.filter((a) => a.status === 200), retried].map(async (a) => a.body.id)));
    expect(ids.size).toBe(1);
    expect(await creditsLeft(ws)).toBe(before - 1);
    const nested = await comments(ws, tweet.id, "?nested=true");
    expect(nested.items.find((c) => c.id === first)?.replies).toHaveLength(1);

    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const broke = await ws.post(path(first, "/replies"), { account: x, text: "no credit" });
    expect(broke.status).toBe(402);
    expect(broke.error.code).toBe("entitlement_exceeded");
    expect((await comments(ws, tweet.id, "?nested=true")).items.find((c) => c.id === first)?.replies).toHaveLength(1);
  });

  it("gives the credit back when X refuses the reply (not summoned)", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const tweet = await publish(ws, [x], "summon rule");
    const mention = await ws.post(`/v1/sandbox/social-accounts/${x}/activity`, { action: "mention", actor: "x_frank", text: "hi" });
    const mentionId = mention.body.networkId;
    expect(tweet.id).toBeTruthy();
    const before = await creditsLeft(ws);
    // X's own reply to a stranger's post that does not name it is refused; the sandbox refuses a reply to an unknown post the same way.
    const refused = await ws.post(path("1234567890123456789", "/replies"), { account: x, text: "hello stranger" });
    expect(refused.status).toBe(422);
    expect(refused.error.code).toBe("platform_rejected");
    expect(await creditsLeft(ws)).toBe(before);
    const allowed = await ws.post(path(mentionId, "/replies"), { account: x, text: "hi Frank" });
    expect(allowed.status, allowed.text).toBe(200);
    expect(await creditsLeft(ws)).toBe(before - 1);
  });
});
