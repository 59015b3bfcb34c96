import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * PATCH /v1/posts/{id} with `thread`: a draft's or scheduled post's chain is replaced whole and
 * checked as at creation; a published chain's items are refused one by one where the network
 * cannot change a live reply (every network with chains).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const credits = async (ws: WorkspaceFixture) => (await ws.get("/v1/me/limits")).body.credits.total;
const inAnHour = () => new Date(t.clock.now().getTime() + 3_600_000).toISOString();

describe("editing a thread chain", () => {
  it("replaces a draft's chain whole; publishing the draft sends only the new items", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "edit_draft_chain" });
    const draft = await ws.publish({ text: "draft chain 1", accounts: [x.id], draft: true, thread: [{ text: "old 2" }, { text: "old 3" }] });
    const patched = await ws.patch(`/v1/posts/${draft.id}`, { thread: [{ text: "new 2" }] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.targets[0]?.thread).toMatchObject([{ position: 1, state: "pending", credits: 0 }]);
    expect(patched.body.targets[0]?.thread).toHaveLength(1);
    const published = await ws.post(`/v1/posts/${draft.id}/publish`);
    expect(published.body.targets[0]?.thread).toMatchObject([{ position: 1, state: "published", credits: 1 }]);
    const held = await networkPosts(t, ws.id, "twitter");
    expect(countOf(held, "new 2")).toBe(1);
    expect(countOf(held, "old 2") + countOf(held, "old 3")).toBe(0);
  });

  it("checks a scheduled post's new chain as a whole: an item over the limit refuses the edit and keeps the old chain", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "edit_sched_chain" });
    const post = await ws.publish({ text: "sched chain 1", accounts: [x.id], scheduledAt: inAnHour(), thread: [{ text: "kept 2" }] });
    const refused = await ws.patch(`/v1/posts/${post.id}`, { thread: [{ text: "fine 2" }, { text: "y".repeat(300) }] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.error).toMatchObject({ code: "text_too_long", param: "thread[1].text" });
    expect(refused.error.fix).toBeTruthy();
    const tooLong = await ws.patch(`/v1/posts/${post.id}`, { thread: Array.from({ length: 25 }, (_, i) => ({ text: `item ${i}` })) });
    expect(tooLong.error.code).toBe("thread_too_long");
    // The old chain is untouched and is the one sent at the post's time.
    expect((await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.thread).toHaveLength(1);
    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const held = await networkPosts(t, ws.id, "twitter");
    expect(countOf(held, "kept 2")).toBe(1);
    expect(countOf(held, "fine 2")).toBe(0);
  });

  it("sends a scheduled post's replaced chain at its time, each new item once and charged once; [] removes the chain", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: "edit-sched.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const before = await credits(ws);
    const post = await ws.publish({ text: "sched 1/3", accounts: [bsky.id], scheduledAt: inAnHour(), thread: [{ text: "sched old" }] });
    expect((await ws.patch(`/v1/posts/${post.id}`, { thread: [{ text: "sched 2/3" }, { text: "sched 3/3" }] })).status).toBe(200);
    const removed = await ws.post("/v1/posts", { text: "no chain left", accounts: [bsky.id], scheduledAt: inAnHour(), thread: [{ text: "dropped" }] });
    const cleared = await ws.patch(`/v1/posts/${removed.body.id}`, { thread: [] });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.targets[0]?.thread ?? []).toEqual([]);

    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const sent = await settleChain(t, ws, (await ws.get(`/v1/posts/${post.id}`)).body);
    expect(sent.targets[0]?.thread).toMatchObject([
      { position: 1, state: "published", credits: 1 },
      { position: 2, state: "published", credits: 1 },
    ]);
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["sched 1/3", "sched 2/3", "sched 3/3", "no chain left"]) expect(countOf(held, text), text).toBe(1);
    expect(countOf(held, "sched old") + countOf(held, "dropped")).toBe(0);
    // Two posts and two items: nothing for the replaced or removed items.
    expect(await credits(ws)).toBe(before - 4);
  });

  it("refuses each changed item of a published chain with edit_unsupported, per item, and changes nothing on the network", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "edit_live_chain" });
    const post = await ws.publish({ text: "live 1/3", accounts: [x.id], thread: [{ text: "live 2/3" }, { text: "live 3/3" }] });
    expect(post.state).toBe("published");
    const answer = await ws.patch(`/v1/posts/${post.id}`, { thread: [{ text: "live 2/3" }, { text: "live 3/3, reworded" }] });
    expect(answer.status, answer.text).toBe(200);
    const [target] = answer.body.edit?.targets ?? [];
    expect(target).toMatchObject({ platform: "twitter", state: "failed", error: { code: "edit_unsupported", param: "thread[1].text" } });
    expect(target?.items).toMatchObject([
      { position: 1, state: "unchanged", error: null },
      { position: 2, state: "failed", error: { code: "edit_unsupported", param: "thread[1].text", platform: "twitter" } },
    ]);
    expect(target?.items?.[1]?.error?.fix).toContain("retract");
    expect(answer.body.edit?.fields).toEqual(["thread[0].text", "thread[1].text"]);
    const history = (await ws.get(`/v1/posts/${post.id}/edits`)).body.items;
    expect(history[0]?.targets[0]?.items?.[1]?.state).toBe("failed");
    const held = await networkPosts(t, ws.id, "twitter");
    expect(countOf(held, "live 3/3")).toBe(1);
    expect(countOf(held, "live 3/3, reworded")).toBe(0);
  });

  it("refuses adding, removing or re-filing items of a published chain, and a chain on a post without one", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: "edit-live-shape.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const post = await ws.publish({ text: "shape 1/2", accounts: [bsky.id], thread: [{ text: "shape 2/2" }] });
    const longer = await ws.patch(`/v1/posts/${post.id}`, { thread: [{ text: "shape 2/2" }, { text: "added" }] });
    expect(longer.status).toBe(422);
    expect(longer.error).toMatchObject({ code: "edit_unsupported", param: "thread" });
    const media = await ws.patch(`/v1/posts/${post.id}`, { thread: [{ text: "shape 2/2", media: ["med_abc"] }] });
    expect(media.error).toMatchObject({ code: "edit_unsupported", param: "thread[0].media" });
    const single = await ws.publish({ text: "no chain here", accounts: [bsky.id] });
    const added = await ws.patch(`/v1/posts/${single.id}`, { thread: [{ text: "a late reply" }] });
    expect(added.error).toMatchObject({ code: "edit_unsupported", param: "thread" });
    expect(countOf(await networkPosts(t, ws.id, "bluesky"), "added")).toBe(0);
  });

  it("refuses another workspace's post ids", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "edit_foreign_chain" });
    const draft = await ws.publish({ text: "mine", accounts: [x.id], draft: true, thread: [{ text: "mine 2" }] });
    const other = await ws.otherWorkspace({ plan: "subscription" });
    const answer = await other.patch(`/v1/posts/${draft.id}`, { thread: [{ text: "theirs" }] });
    expect(answer.status).toBe(404);
    expect(answer.error.code).toBe("resource_not_found");
    expect((await ws.get(`/v1/posts/${draft.id}`)).body.targets[0]?.thread).toHaveLength(1);
    await ws.post(`/v1/posts/${draft.id}/publish`);
    const held = await networkPosts(t, ws.id, "twitter");
    expect(countOf(held, "mine 2")).toBe(1);
    expect(countOf(held, "theirs")).toBe(0);
  });
});
