import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postThreadItems } from "../../src/db/schema/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Thread chains under an approval rule: the chain waits with its post as one unit (stored,
 * uncharged, unsent), is checked again at approval, then charged and sent item by item with the
 * same per-item claims as a chain published now.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const credits = async (ws: WorkspaceFixture) => (await ws.get("/v1/me/limits")).body.credits.total;

async function heldWorkspace(platform: "twitter" | "bluesky", handle: string) {
  const ws = await testWorkspace(t, { plan: "subscription" });
  expect((await ws.patch("/v1/approval-settings", { requireApproval: true })).status).toBe(200);
  const account = await ws.connect(platform, platform === "bluesky" ? { handle, appPassword: "abcd-efgh-ijkl-mnop" } : { handle });
  return { ws, account };
}

describe("thread chains under approval", () => {
  it("holds the whole chain until approval, then sends and charges the post and each item once", async () => {
    const { ws, account } = await heldWorkspace("bluesky", "held-chain.test");
    const before = await credits(ws);
    const held = await ws.publish({ text: "held 1/3", accounts: [account.id], thread: [{ text: "held 2/3" }, { text: "held 3/3" }] });
    expect(held).toMatchObject({ state: "pending_approval", targets: [{ state: "pending", credits: 0 }] });
    expect(held.targets[0]?.thread).toMatchObject([
      { position: 1, state: "pending", credits: 0 },
      { position: 2, state: "pending", credits: 0 },
    ]);
    expect(await networkPosts(t, ws.id, "bluesky")).toEqual([]);
    expect(await credits(ws)).toBe(before);

    const approved = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.validation).toMatchObject({ valid: true });
    const post = await settleChain(t, ws, approved.body.post);
    const [target] = post.targets;
    expect(target).toMatchObject({ state: "published", credits: 1 });
    expect(target?.thread).toMatchObject([
      { position: 1, state: "published", credits: 1 },
      { position: 2, state: "published", credits: 1 },
    ]);
    const onNetwork = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["held 1/3", "held 2/3", "held 3/3"]) expect(countOf(onNetwork, text), text).toBe(1);
    const [first, second] = target?.thread ?? [];
    expect(onNetwork.find((p) => p.id === first?.networkPostId)).toMatchObject({ replyTo: target?.networkPostId, root: target?.networkPostId });
    expect(onNetwork.find((p) => p.id === second?.networkPostId)).toMatchObject({ replyTo: first?.networkPostId, root: target?.networkPostId });
    expect(await credits(ws)).toBe(before - 3);

    // A second approval is refused and sends nothing again.
    expect((await ws.post(`/v1/posts/${held.id}/approve`)).status).toBe(409);
    expect((await networkPosts(t, ws.id, "bluesky")).length).toBe(onNetwork.length);
  });

  it("refuses another workspace's ids: it can neither approve, reject nor read the held chain", async () => {
    const { ws, account } = await heldWorkspace("bluesky", "held-foreign.test");
    const held = await ws.publish({ text: "foreign 1/2", accounts: [account.id], thread: [{ text: "foreign 2/2" }] });
    const other = await ws.otherWorkspace({ plan: "subscription" });
    for (const path of ["approve", "reject"]) {
      const answer = await other.post(`/v1/posts/${held.id}/${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.error.code).toBe("resource_not_found");
    }
    expect((await other.get(`/v1/posts/${held.id}`)).status).toBe(404);
    expect(await networkPosts(t, ws.id, "bluesky")).toEqual([]);
    expect((await ws.get(`/v1/posts/${held.id}`)).body).toMatchObject({ state: "pending_approval", targets: [{ thread: [{ state: "pending" }] }] });
  });

  it("a rejected chain sends nothing: its items end not_sent with their cancelled target", async () => {
    const { ws, account } = await heldWorkspace("twitter", "held_rejected");
    const held = await ws.publish({ text: "rejected 1/2", accounts: [account.id], thread: [{ text: "rejected 2/2" }] });
    const rejected = await ws.post(`/v1/posts/${held.id}/reject`, { reason: "not today" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ state: "rejected", targets: [{ state: "cancelled", thread: [{ state: "not_sent", credits: 0 }] }] });
    expect(await networkPosts(t, ws.id, "twitter")).toEqual([]);
  });

  it("checks the chain again at approval: an item that no longer passes refuses the target whole (409 without force)", async () => {
    const { ws, account } = await heldWorkspace("twitter", "held_recheck");
    const held = await ws.publish({ text: "recheck 1/2", accounts: [account.id], thread: [{ text: "recheck 2/2" }] });
    expect(held.state).toBe("pending_approval");
    // The stored item changed under the waiting post (as a network's rule may change): past X's 280 characters.
    await t.db
      .update(postThreadItems)
      .set({ text: "x".repeat(300) })
      .where(eq(postThreadItems.postId, held.id));
    const refused = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe("approval_validation_failed");
    expect(refused.error.message).toContain("text_too_long");
    expect((await ws.get(`/v1/posts/${held.id}`)).body.state).toBe("pending_approval");
    const forced = await ws.post(`/v1/posts/${held.id}/approve`, { force: true });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.validation.targets[0]?.errors[0]).toMatchObject({ code: "text_too_long", param: "thread[0].text" });
    expect(forced.body.post).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0, thread: [{ state: "not_sent", credits: 0 }] }] });
    expect(await networkPosts(t, ws.id, "twitter")).toEqual([]);
  });

  it("an approved chain stopped by a refused item resumes after its last live item on a retry with the create request's key", async () => {
    const { ws, account } = await heldWorkspace("twitter", "held_resume");
    expect((await ws.patch("/v1/approval-settings", { requireApproval: false })).status).toBe(200);
    // X refuses a text the account posted recently (duplicate content): the chain's second item collides.
    const earlier = await ws.publish({ text: "said before, held", accounts: [account.id] });
    expect((await ws.patch("/v1/approval-settings", { requireApproval: true })).status).toBe(200);
    const body = { text: "held resume 1/4", accounts: [account.id], thread: [{ text: "held resume 2/4" }, { text: "said before, held" }, { text: "held resume 4/4" }] };
    const headers = { "Idempotency-Key": "held-chain-resume" };
    const created = await ws.post("/v1/posts", body, { headers });
    expect(created.body.state).toBe("pending_approval");
    const approved = (await ws.post(`/v1/posts/${created.body.id}/approve`)).body.post;
    expect(approved.targets[0]?.thread).toMatchObject([
      { state: "published", credits: 1 },
      { state: "failed", credits: 0, error: { code: "duplicate_post" } },
      { state: "not_sent", credits: 0 },
    ]);
    await ws.post(`/v1/posts/${earlier.id}/retract`);
    const retry = await ws.post("/v1/posts", body, { headers });
    expect(retry.body.id).toBe(created.body.id);
    const resumed = retry.body.targets[0]?.thread ?? [];
    expect(resumed.map((i) => i.state)).toEqual(["published", "published", "published"]);
    expect(resumed[0]?.networkPostId).toBe(approved.targets[0]?.thread?.[0]?.networkPostId);
    const held = await networkPosts(t, ws.id, "twitter");
    for (const text of ["held resume 1/4", "held resume 2/4", "held resume 4/4"]) expect(countOf(held, text), text).toBe(1);
  });

  it("a held chain with a future time is sent by its scheduled run after approval, each item once", async () => {
    const { ws, account } = await heldWorkspace("twitter", "held_later");
    const before = await credits(ws);
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const held = await ws.publish({ text: "later held 1/2", accounts: [account.id], scheduledAt, thread: [{ text: "later held 2/2" }] });
    const approved = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(approved.body.post).toMatchObject({ state: "scheduled", targets: [{ thread: [{ state: "pending", credits: 0 }] }] });
    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const sent = (await ws.get(`/v1/posts/${held.id}`)).body;
    expect(sent).toMatchObject({ state: "published", targets: [{ thread: [{ state: "published", credits: 1 }] }] });
    expect(countOf(await networkPosts(t, ws.id, "twitter"), "later held 2/2")).toBe(1);
    expect(await credits(ws)).toBe(before - 2);
  });
});
