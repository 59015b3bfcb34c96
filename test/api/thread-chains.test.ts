import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";

const credits = async (ws: WorkspaceFixture) => (await ws.get("/v1/me/limits")).body.credits.total;

async function account(ws: WorkspaceFixture, platform: "twitter" | "threads" | "bluesky" | "linkedin", handle: string) {
  return ws.connect(platform, platform === "bluesky" ? { handle, appPassword: "abcd-efgh-ijkl-mnop" } : { handle });
}

describe("thread chains", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  for (const platform of ["twitter", "threads", "bluesky"] as const) {
    it(`publishes a chain on ${platform}: each item replies to the one before, each charged a credit`, async () => {
      const ws = await testWorkspace(t, { plan: "subscription" });
      const acc = await account(ws, platform, platform === "bluesky" ? "chain.test" : `chain_${platform}`);
      const before = await credits(ws);
      // Threads finishes each container a few seconds after it is made: the pollers carry the chain on.
      const post = await settleChain(t, ws, await ws.publish({ text: `1/3 ${platform} chain`, accounts: [acc.id], thread: [{ text: "2/3 the middle" }, { text: "3/3 the end" }] }));
      const [target] = post.targets;
      expect(post.state).toBe("published");
      expect(target).toMatchObject({ state: "published", credits: 1 });
      expect(target?.thread).toMatchObject([
        { position: 1, state: "published", credits: 1, error: null },
        { position: 2, state: "published", credits: 1, error: null },
      ]);
      for (const item of target?.thread ?? []) expect(item.url).toMatch(/^https:\/\//);
      expect(await credits(ws)).toBe(before - 3);

      // At the network: 2/3 answers the post, 3/3 answers 2/3, all in the post's conversation.
      const held = await networkPosts(t, ws.id, platform);
      const [first, second] = target?.thread ?? [];
      const byId = (id: string | null | undefined) => held.find((p) => p.id === id);
      expect(byId(target?.networkPostId)).toMatchObject({ replyTo: null });
      expect(byId(first?.networkPostId)).toMatchObject({ text: "2/3 the middle", replyTo: target?.networkPostId, root: target?.networkPostId });
      expect(byId(second?.networkPostId)).toMatchObject({ text: "3/3 the end", replyTo: first?.networkPostId, root: target?.networkPostId });

      // GET answers the same chain.
      const read = (await ws.get(`/v1/posts/${post.id}`)).body;
      expect(read.targets[0]?.thread?.map((i) => i.networkPostId)).toEqual([first?.networkPostId, second?.networkPostId]);
    });
  }

  it("checks the chain as a whole before sending: an item over the limit refuses the target, nothing is sent or charged", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await account(ws, "twitter", "chain_too_long_item");
    const body = { text: "a fine post", accounts: [x.id], thread: [{ text: "fine" }, { text: "y".repeat(281) }] };
    const report = (await ws.post("/v1/posts/validate", body)).body;
    expect(report.valid).toBe(false);
    expect(report.targets[0]?.errors).toEqual([expect.objectContaining({ code: "text_too_long", param: "thread[1].text" })]);
    const before = await credits(ws);
    const post = await ws.publish(body);
    expect(post.targets[0]).toMatchObject({ state: "failed", credits: 0, error: { code: "text_too_long", param: "thread[1].text" } });
    expect(post.targets[0]?.thread).toBeUndefined();
    expect(await networkPosts(t, ws.id, "twitter")).toEqual([]);
    expect(await credits(ws)).toBe(before);
  });

  it("refuses a chain longer than the network's cap (25 items, the post included)", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await account(ws, "bluesky", "chain-cap.test");
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `item ${i + 2}` }));
    const fits = (await ws.post("/v1/posts/validate", { text: "item 1", accounts: [bsky.id], thread: items(24) })).body;
    expect(fits.valid).toBe(true);
    const over = (await ws.post("/v1/posts/validate", { text: "item 1", accounts: [bsky.id], thread: items(25) })).body;
    expect(over.targets[0]?.errors).toEqual([expect.objectContaining({ code: "thread_too_long", param: "thread" })]);
  });

  it("refuses `thread` on networks without chains with thread_unsupported and a fix, and publishes the others", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await account(ws, "twitter", "chain_mixed_x");
    const li = await account(ws, "linkedin", "chain_mixed_li");
    const body = { text: "one post, two networks", accounts: [x.id, li.id], thread: [{ text: "the follow-up" }] };
    const report = (await ws.post("/v1/posts/validate", body)).body;
    const linkedin = report.targets.find((r) => r.platform === "linkedin");
    expect(linkedin?.errors).toEqual([expect.objectContaining({ code: "thread_unsupported", param: "thread" })]);
    expect(linkedin?.errors[0]?.fix).toMatch(/firstComment|separate posts/);
    expect(report.targets.find((r) => r.platform === "twitter")?.errors).toEqual([]);
    const post = await ws.publish(body);
    expect(post.state).toBe("partial");
    expect(post.targets.find((r) => r.platform === "linkedin")).toMatchObject({ state: "failed", credits: 0, error: { code: "thread_unsupported" } });
    expect(post.targets.find((r) => r.platform === "twitter")?.thread).toMatchObject([{ state: "published" }]);
  });

  it("stops a chain at a refused item, gives back the unsent credits, and a retry with the same key resumes after the last live item", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await account(ws, "twitter", "chain_resume");
    // X refuses a text the account posted recently (403 duplicate content): the chain's second item collides.
    const earlier = await ws.publish({ text: "the middle, said before", accounts: [x.id] });
    const before = await credits(ws);
    const body = { text: "resume 1/4", accounts: [x.id], thread: [{ text: "resume 2/4" }, { text: "the middle, said before" }, { text: "resume 4/4" }] };
    const headers = { "Idempotency-Key": "chain-resume-1" };
    const first = await ws.post("/v1/posts", body, { headers });
    expect(first.status).toBe(201);
    const target = first.body.targets[0];
    expect(target?.state).toBe("published");
    expect(target?.thread).toMatchObject([
      { position: 1, state: "published", credits: 1 },
      { position: 2, state: "failed", credits: 0, error: { code: "duplicate_post" } },
      { position: 3, state: "not_sent", credits: 0, networkPostId: null },
    ]);
    expect(await credits(ws)).toBe(before - 2);

    // The collision is cleared; the same request again goes on from item 2, item 1 is not sent again.
    await ws.post(`/v1/posts/${earlier.id}/retract`);
    const retry = await ws.post("/v1/posts", body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    const resumed = retry.body.targets[0]?.thread ?? [];
    expect(resumed).toMatchObject([{ state: "published" }, { state: "published", error: null, credits: 1 }, { state: "published", credits: 1 }]);
    expect(resumed[0]?.networkPostId).toBe(target?.thread?.[0]?.networkPostId);
    expect(resumed[1]?.networkPostId).not.toBeNull();
    const held = await networkPosts(t, ws.id, "twitter");
    expect(countOf(held, "resume 1/4")).toBe(1);
    expect(countOf(held, "resume 2/4")).toBe(1);
    expect(held.find((p) => p.id === resumed[1]?.networkPostId)).toMatchObject({ replyTo: resumed[0]?.networkPostId });
    expect(held.find((p) => p.id === resumed[2]?.networkPostId)).toMatchObject({ replyTo: resumed[1]?.networkPostId });
    expect(await credits(ws)).toBe(before - 4);

    // Once everything is out, a retry only answers.
    const again = await ws.post("/v1/posts", body, { headers });
    expect(again.body.targets[0]?.thread?.map((i) => i.networkPostId)).toEqual(resumed.map((i) => i.networkPostId));
    expect((await networkPosts(t, ws.id, "twitter")).length).toBe(held.length);
  });

  it("keeps a chain to its workspace: another workspace cannot read the post, and its key does not resume it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await account(ws, "bluesky", "chain-owner.test");
    const post = await ws.publish({ text: "mine 1/2", accounts: [bsky.id], thread: [{ text: "mine 2/2" }] });
    const other = await ws.otherWorkspace({ plan: "subscription" });
    expect((await other.get(`/v1/posts/${post.id}`)).status).toBe(404);
    expect((await other.get("/v1/posts")).body.items.map((p) => p.id)).not.toContain(post.id);
    // The other workspace naming this account in a chain is refused as any foreign account is.
    const foreign = await other.post("/v1/posts", { text: "theirs", accounts: [bsky.id], thread: [{ text: "theirs 2" }] });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(countOf(await networkPosts(t, ws.id, "bluesky"), "theirs 2")).toBe(0);
  });
});
