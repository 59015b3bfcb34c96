import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId, name?: string): Promise<{ id: string; handle: string }> {
  counter += 1;
  const handle = name ?? (platform === "bluesky" ? `engage${counter}.test` : `eng_${platform.slice(0, 2)}_${counter}`);
  return { id: (await ws.connect(platform, { handle })).id, handle };
}

async function publish(ws: WorkspaceFixture, account: string, text: string): Promise<{ id: string; networkPostId: string; url: string }> {
  const post = await ws.publish({ text, accounts: [account] });
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "", url: post.targets[0]?.url ?? "" };
}

const engage = (ws: WorkspaceFixture, account: string, action: string, target: string) => ws.post("/v1/engagements", { account, action, target });

async function ok(ws: WorkspaceFixture, account: string, action: string, target: string) {
  const response = await engage(ws, account, action, target);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const notifications = async (ws: WorkspaceFixture, account: string) => (await ws.read(`/v1/notifications?account=${account}`)).items;

const list = <P extends string>(ws: WorkspaceFixture, path: P) => ws.read(path);

describe("POST /v1/engagements on the Bluesky sandbox", () => {
  it("likes, reposts and bookmarks a post by Chorus id, URL or at:// URI, idempotently, and undoes each", async () => {
    const ws = await testWorkspace(t);
    const author = await connect(ws, "bluesky");
    const fan = await connect(ws, "bluesky");
    const post = await publish(ws, author.id, "like me");

    const liked = await ok(ws, fan.id, "like", post.id);
    expect(liked).toEqual({
      account: fan.id,
      platform: "bluesky",
      action: "like",
      target: { networkId: post.networkPostId, url: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/.+\/post\//) },
      ok: true,
    });
    // A second like, by URL this time, finds the first: still one like, one notification.
    t.clock.advance(1000);
    await ok(ws, fan.id, "like", post.url);
    t.clock.advance(1000);
    await ok(ws, fan.id, "repost", post.networkPostId);
    expect((await notifications(ws, author.id)).map((n) => [n.kind, n.actor.handle])).toEqual([
      ["reposts", fan.handle],
      ["likes", fan.handle],
    ]);
    await ok(ws, fan.id, "bookmark", post.id);
    await ok(ws, fan.id, "bookmark", post.id);

    await ok(ws, fan.id, "unlike", post.id);
    await ok(ws, fan.id, "unlike", post.id);
    await ok(ws, fan.id, "unrepost", post.url);
    await ok(ws, fan.id, "unbookmark", post.id);
    // Liking again after the undo writes a new like.
    t.clock.advance(1000);
    await ok(ws, fan.id, "like", post.id);
    expect((await notifications(ws, author.id)).filter((n) => n.kind === "likes")).toHaveLength(2);
  });

  it("follows, blocks and mutes a person by handle, @handle, DID or profile URL, and lists followers and following", async () => {
    const ws = await testWorkspace(t);
    const star = await connect(ws, "bluesky");
    const fan = await connect(ws, "bluesky");
    const followed = await ok(ws, fan.id, "follow", `@${star.handle}`);
    expect(followed.target).toEqual({ networkId: expect.stringMatching(/^did:plc:/), url: `https://bsky.app/profile/${star.handle}` });
    await ok(ws, fan.id, "follow", followed.target.networkId);
    expect((await notifications(ws, star.id)).map((n) => [n.kind, n.actor.handle])).toEqual([["follows", fan.handle]]);

    const followers = await list(ws, `/v1/social-accounts/${star.id}/followers`);
    expect(followers).toMatchObject({ platform: "bluesky", problems: [] });
    expect(followers.items.map((a) => [a.handle, a.platform])).toEqual([[fan.handle, "bluesky"]]);
    expect((await list(ws, `/v1/social-accounts/${fan.id}/following`)).items.map((a) => a.handle)).toEqual([star.handle]);
    expect((await list(ws, `/v1/social-accounts/${fan.id}/followers`)).items).toEqual([]);

    await ok(ws, fan.id, "unfollow", `https://bsky.app/profile/${star.handle}`);
    expect((await list(ws, `/v1/social-accounts/${star.id}/followers`)).items).toEqual([]);

    for (const action of ["block", "block", "unblock", "mute", "mute", "unmute"]) await ok(ws, star.id, action, fan.handle);
  });

  it("lists the account's own posts newest first, marking the ones Chorus published", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const first = await publish(ws, account.id, "first");
    t.clock.advance(1000);
    const second = await publish(ws, account.id, "second");
    const page = await list(ws, `/v1/social-accounts/${account.id}/posts?limit=1`);
    expect(page.items).toEqual([expect.objectContaining({ id: second.networkPostId, postId: second.id, text: "second", account: account.id, platform: "bluesky", kind: "post" })]);
    expect(page.cursor).not.toBeNull();
    const next = await list(ws, `/v1/social-accounts/${account.id}/posts?limit=1&cursor=${encodeURIComponent(page.cursor ?? "")}`);
    expect(next.items.map((p) => [p.id, p.postId])).toEqual([[first.networkPostId, first.id]]);
  });

  it("refuses a target of the wrong kind or form with param target and a fix, and one that does not exist with 404", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const post = await publish(ws, account.id, "target practice");
    for (const [action, target] of [
      ["like", "not a post"],
      ["like", "https://x.com/a/status/1"],
      ["follow", "not a handle!"],
      ["follow", post.url],
    ] as const) {
      const response = await engage(ws, account.id, action, target);
      expect(response.status, `${action} ${target}`).toBe(400);
      expect(response.error).toMatchObject({ code: "field_invalid", param: "target", platform: "bluesky", fix: expect.stringMatching(/bsky\.app/) });
    }
    const unknown = await engage(ws, account.id, "like", "post_doesnotexist");
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "resource_not_found", param: "target" });
    const gone = await engage(ws, account.id, "like", `${post.networkPostId.slice(0, -3)}zzz`);
    expect(gone.status).toBe(404);
    expect(gone.error).toMatchObject({ code: "engagement_target_not_found", param: "target" });
    const nobody = await engage(ws, account.id, "follow", "nobody.sandbox.test");
    expect(nobody.error).toMatchObject({ code: "engagement_target_not_found", param: "target" });
  });
});

describe("POST /v1/engagements refusals", () => {
  it("refuses bad input: missing or malformed account, unknown action, empty target, unknown fields", async () => {
    const ws = await testWorkspace(t);
    const { id } = await connect(ws, "bluesky");
    const cases: [Record<string, unknown>, string][] = [
      [{ action: "like", target: "x" }, "account"],
      [{ account: "nope", action: "like", target: "x" }, "account"],
      [{ account: id, action: "poke", target: "x" }, "action"],
      [{ account: id, action: "like", target: "" }, "target"],
      [{ account: id, action: "like" }, "target"],
      [{ account: id, action: "like", target: "x", extra: 1 }, "extra"],
    ];
    for (const [json, param] of cases) {
      const response = await ws.post("/v1/engagements", json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.error.param).toBe(param);
    }
    const foreign = await engage(ws, "acc_doesnotexist", "like", "x");
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: "account_unknown", param: "account" });
  });

  it("refuses what a network does not offer with action_unsupported naming what it does", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram");
    const refused = await engage(ws, instagram.id, "like", "123");
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "action_unsupported", param: "action", platform: "instagram", fix: expect.stringContaining("offers no engagement actions") });
    const bluesky = await connect(ws, "bluesky");
    const save = await engage(ws, bluesky.id, "save", "at://did:plc:x/app.bsky.feed.post/3k");
    expect(save.error).toMatchObject({ code: "action_unsupported", platform: "bluesky", fix: expect.stringContaining("`like`, `unlike`, `repost`") });
  });

  it("matches GET /v1/platforms: every network's engagements are the actions the route accepts", async () => {
    const ws = await testWorkspace(t);
    const { items } = await ws.read("/v1/platforms");
    const bluesky = items.find((p) => p.platform === "bluesky");
    expect(bluesky?.engagements).toEqual(["like", "unlike", "repost", "unrepost", "bookmark", "unbookmark", "follow", "unfollow", "block", "unblock", "mute", "unmute"]);
    expect(bluesky?.reads).toEqual(expect.arrayContaining(["posts", "followers", "following"]));
    expect(items.find((p) => p.platform === "instagram")?.engagements).toEqual([]);
  });
});

describe("engagements and account reads on the X sandbox", () => {
  it("reposts, bookmarks and mutes; refuses like, follow and block naming what X supports and why", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const author = await connect(ws, "twitter");
    const fan = await connect(ws, "twitter");
    const post = await publish(ws, author.id, "an X post to repost");
    expect((await ok(ws, fan.id, "repost", post.id)).target.networkId).toBe(post.networkPostId);
    await ok(ws, fan.id, "unrepost", `https://x.com/${author.handle}/status/${post.networkPostId}`);
    await ok(ws, fan.id, "bookmark", post.networkPostId);
    await ok(ws, fan.id, "unbookmark", post.networkPostId);
    await ok(ws, fan.id, "mute", `@${author.handle}`);
    await ok(ws, fan.id, "unmute", author.handle);
    for (const [action, date] of [
      ["like", "2026-04-20"],
      ["follow", "2026-04-20"],
      ["block", "2023-06-12"],
    ] as const) {
      const refused = await engage(ws, fan.id, action, action === "like" ? post.id : author.handle);
      expect(refused.status).toBe(400);
      const error = refused.error;
      expect(error).toMatchObject({ code: "action_unsupported", param: "action", platform: "twitter" });
      expect(error.message).toContain(date);
      expect(error.fix).toContain("`repost`, `unrepost`, `bookmark`, `unbookmark`, `mute`, `unmute`");
    }
  });

  it("reads the account's posts with their Chorus ids, and its followers", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const account = await connect(ws, "twitter");
    const post = await publish(ws, account.id, "read me back");
    const posts = await list(ws, `/v1/social-accounts/${account.id}/posts`);
    expect(posts.items.map((p) => [p.id, p.postId, p.text])).toEqual([[post.networkPostId, post.id, "read me back"]]);
    await ws.simulate(account.id, { action: "follow", actor: "x_admirer" });
    const followers = await list(ws, `/v1/social-accounts/${account.id}/followers`);
    expect(followers.items).toEqual([expect.objectContaining({ handle: "x_admirer", platform: "twitter" })]);
    expect((await list(ws, `/v1/social-accounts/${account.id}/following`)).items).toEqual([]);
  });
});

describe("account reads on networks without them", () => {
  it("answers a problems entry, never a silent empty list, and refuses a cursor of another list", async () => {
    const ws = await testWorkspace(t);
    const instagram = await connect(ws, "instagram");
    for (const read of ["followers", "following"] as const) {
      const page = await list(ws, `/v1/social-accounts/${instagram.id}/${read}`);
      expect(page).toMatchObject({ items: [], cursor: null, platform: "instagram" });
      expect(page.problems).toEqual([expect.objectContaining({ code: "capability_unsupported", retryable: false })]);
    }
    const bluesky = await connect(ws, "bluesky");
    await publish(ws, bluesky.id, "one");
    t.clock.advance(1000);
    await publish(ws, bluesky.id, "two");
    const page = await list(ws, `/v1/social-accounts/${bluesky.id}/posts?limit=1`);
    const replay = await ws.get(`/v1/social-accounts/${bluesky.id}/followers?cursor=${encodeURIComponent(page.cursor ?? "")}`);
    expect(replay.status).toBe(400);
    expect(replay.error).toMatchObject({ code: "cursor_invalid", param: "cursor" });
    for (const limit of ["0", "101"]) expect((await ws.get(`/v1/social-accounts/${bluesky.id}/posts?limit=${limit}`)).status).toBe(400);
    const unknown = await ws.get("/v1/social-accounts/acc_doesnotexist/posts");
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "account_unknown", param: "id" });
  });

  it("turns the sandbox faults into problems entries: an expired connection is needs_reauth, a down network retryable", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const fault = (value: string | null) => ws.put(`/v1/sandbox/social-accounts/${account.id}/fault`, { fault: value });
    const set = await fault("down");
    expect(set.status, set.text).toBe(200);
    const down = await list(ws, `/v1/social-accounts/${account.id}/followers`);
    expect(down.problems).toEqual([expect.objectContaining({ code: "platform_unavailable", retryable: true })]);
    const refused = await engage(ws, account.id, "mute", "someone.sandbox.test");
    expect(refused.status).toBe(502);
    expect(refused.error).toMatchObject({ code: "platform_unavailable", platform: "bluesky", retryable: true });
  });
});

describe("POST /v1/engagements on every network", () => {
  it("refuses, on each of the ten networks, an action outside its published engagements, naming the ones it has", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const platforms = (await ws.read("/v1/platforms")).items;
    expect(platforms).toHaveLength(10);
    const all = ["like", "unlike", "repost", "unrepost", "follow", "unfollow", "block", "unblock", "mute", "unmute", "bookmark", "unbookmark", "save"];
    for (const { platform, engagements } of platforms) {
      const { id } = await connect(ws, platform);
      const missing = all.find((a) => !engagements.includes(a));
      if (!missing) continue;
      const refused = await engage(ws, id, missing, "anything");
      expect(refused.status, `${platform} ${missing}`).toBe(400);
      const error = refused.error;
      expect(error).toMatchObject({ code: "action_unsupported", param: "action", platform });
      for (const action of engagements) expect(error.fix, platform).toContain(`\`${action}\``);
    }
    const summary = Object.fromEntries(platforms.map((p) => [p.platform, p.engagements]));
    expect(summary.youtube).toEqual(["like", "unlike", "follow", "unfollow"]);
    expect(summary.twitter).toEqual(["repost", "unrepost", "bookmark", "unbookmark", "mute", "unmute"]);
    for (const none of ["instagram", "tiktok", "googlebusiness", "facebook"]) expect(summary[none], none).toEqual([]);
  });
});
