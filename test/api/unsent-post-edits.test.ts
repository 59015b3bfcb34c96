import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * A post not yet sent (draft, scheduled, held for approval) returns its chain and first comment
 * as asked, so an editor can show them, and PATCH replaces both with the checks of POST /v1/posts;
 * once publishing started neither changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const inAnHour = () => new Date(t.clock.now().getTime() + 3_600_000).toISOString();

async function bluesky(ws: WorkspaceFixture, handle: string) {
  return ws.connect("bluesky", { handle, appPassword: "abcd-efgh-ijkl-mnop" });
}

describe("editing the chain and first comment of a post not yet sent", () => {
  it("returns a draft's chain and first comment, replaces both, and publishes only the new ones", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "unsent-draft.test");
    const draft = await ws.publish({ text: "draft 1/2", accounts: [account.id], draft: true, thread: [{ text: "old 2/2" }], firstComment: { text: "old comment" } });
    const read = (await ws.get(`/v1/posts/${draft.id}`)).body;
    expect(read.thread).toEqual([{ text: "old 2/2", media: [], mediaAlt: [] }]);
    expect(read.firstComment).toEqual({ text: "old comment" });

    const patched = await ws.patch(`/v1/posts/${draft.id}`, { thread: [{ text: "new 2/3" }, { text: "new 3/3" }], firstComment: { text: "new comment" } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.thread?.map((item) => item.text)).toEqual(["new 2/3", "new 3/3"]);
    expect(patched.body.firstComment).toEqual({ text: "new comment" });
    expect(patched.body.targets[0]?.firstComment).toMatchObject({ state: "pending" });

    const published = await settleChain(t, ws, (await ws.post(`/v1/posts/${draft.id}/publish`)).body);
    expect(published.targets[0]?.firstComment).toMatchObject({ state: "posted" });
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["draft 1/2", "new 2/3", "new 3/3", "new comment"]) expect(countOf(held, text), text).toBe(1);
    expect(countOf(held, "old 2/2") + countOf(held, "old comment")).toBe(0);
  });

  it("removes a scheduled post's first comment with null and refuses one a target cannot take, keeping the stored one", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "unsent-sched.test");
    const pin = await ws.connect("pinterest");
    const post = await ws.publish({ text: "scheduled with a comment", accounts: [account.id], scheduledAt: inAnHour(), firstComment: { text: "kept comment" } });

    const cleared = await ws.patch(`/v1/posts/${post.id}`, { firstComment: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.firstComment).toBeNull();
    expect(cleared.body.targets[0]?.firstComment).toBeNull();
    expect((await ws.patch(`/v1/posts/${post.id}`, { firstComment: { text: "kept comment" } })).status).toBe(200);

    // The same schema as POST /v1/posts: empty text and unknown fields are refused before anything is read.
    const empty = await ws.patch(`/v1/posts/${post.id}`, { firstComment: { text: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({ param: "firstComment.text" });
    const unknown = await ws.patch(`/v1/posts/${post.id}`, { firstComment: { text: "hi", pin: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.error.param).toContain("firstComment");

    // Pinterest has no comment API: a scheduled post there refuses the comment (it would fail at its time).
    const boardId = (await ws.get(`/v1/social-accounts/${pin.id}/targets`)).body.items[0]?.id;
    const image = (await ws.upload(jpeg(1000, 1500), "image/jpeg")).id;
    const board = await ws.publish({ text: "a pin for later", accounts: [pin.id], media: [image], scheduledAt: inAnHour(), platformOptions: { pinterest: { boardId, title: "Later" } } });
    expect(board.state).toBe("scheduled");
    const refused = await ws.patch(`/v1/posts/${board.id}`, { firstComment: { text: "not on pins" } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.error).toMatchObject({ code: "first_comment_unsupported", param: "firstComment", platform: "pinterest" });
    expect(refused.error.fix).toBeTruthy();
    expect((await ws.get(`/v1/posts/${board.id}`)).body.firstComment).toBeNull();

    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const sent = await settleChain(t, ws, (await ws.get(`/v1/posts/${post.id}`)).body);
    expect(sent.targets[0]?.firstComment).toMatchObject({ state: "posted" });
    expect(countOf(await networkPosts(t, ws.id, "bluesky"), "kept comment")).toBe(1);
  });

  it("edits a post held for approval; the approval sends the edited chain and comment", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    expect((await ws.patch("/v1/approval-settings", { requireApproval: true })).status).toBe(200);
    const account = await bluesky(ws, "unsent-held.test");
    const held = await ws.publish({ text: "held 1/2", accounts: [account.id], thread: [{ text: "held old" }] });
    expect(held.state).toBe("pending_approval");
    const patched = await ws.patch(`/v1/posts/${held.id}`, { thread: [{ text: "held new 2/2" }], firstComment: { text: "held comment" } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ state: "pending_approval", thread: [{ text: "held new 2/2" }], firstComment: { text: "held comment" } });
    // A held post refuses what would fail when approved, as a scheduled one does.
    const tooLong = await ws.patch(`/v1/posts/${held.id}`, { thread: [{ text: "y".repeat(301) }] });
    expect(tooLong.error).toMatchObject({ code: "text_too_long", param: "thread[0].text" });

    const approved = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const sent = await settleChain(t, ws, approved.body.post);
    expect(sent.targets[0]).toMatchObject({ state: "published", firstComment: { state: "posted" }, thread: [{ state: "published" }] });
    const onNetwork = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["held 1/2", "held new 2/2", "held comment"]) expect(countOf(onNetwork, text), text).toBe(1);
    expect(countOf(onNetwork, "held old")).toBe(0);
  });

  it("refuses a new chain or first comment once publishing started, with a stable code and a fix", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "unsent-live.test");
    const live = await settleChain(t, ws, await ws.publish({ text: "live now", accounts: [account.id], firstComment: { text: "live comment" } }));
    expect(live.state).toBe("published");
    const comment = await ws.patch(`/v1/posts/${live.id}`, { firstComment: { text: "too late" } });
    expect(comment.status).toBe(422);
    expect(comment.error).toMatchObject({ code: "edit_unsupported", param: "firstComment" });
    expect(comment.error.fix).toBeTruthy();

    const cancelled = await ws.publish({ text: "cancelled later", accounts: [account.id], scheduledAt: inAnHour() });
    expect((await ws.delete(`/v1/posts/${cancelled.id}`)).status).toBe(200);
    for (const body of [{ firstComment: { text: "after cancel" } }, { thread: [{ text: "after cancel" }] }]) {
      const refused = await ws.patch(`/v1/posts/${cancelled.id}`, body);
      expect(refused.status).toBe(409);
      expect(refused.error.code).toBe("post_state_invalid");
      expect(refused.error.fix).toBeTruthy();
    }
  });

  it("refuses another workspace's post and another workspace's file in the first comment", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws, "unsent-mine.test");
    const other = await ws.otherWorkspace();
    const theirs = await other.publish({ text: "not yours", accounts: [(await bluesky(other, "unsent-theirs.test")).id], draft: true, firstComment: { text: "theirs" } });
    const foreignFile = (await other.upload(jpeg(800, 800), "image/jpeg")).id;

    const read = await ws.get(`/v1/posts/${theirs.id}`);
    expect(read.status).toBe(404);
    const patched = await ws.patch(`/v1/posts/${theirs.id}`, { firstComment: { text: "mine now" }, thread: [{ text: "mine too" }] });
    expect(patched.status).toBe(404);
    expect(patched.error.code).toBe("resource_not_found");
    expect((await other.get(`/v1/posts/${theirs.id}`)).body).toMatchObject({ firstComment: { text: "theirs" } });

    const mine = await ws.publish({ text: "mine", accounts: [account.id], scheduledAt: inAnHour() });
    const foreign = await ws.patch(`/v1/posts/${mine.id}`, { firstComment: { text: "with their file", media: [foreignFile] } });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    expect(foreign.error.code).toBe("media_unknown");
    expect((await ws.get(`/v1/posts/${mine.id}`)).body.firstComment).toBeNull();
  });
});
