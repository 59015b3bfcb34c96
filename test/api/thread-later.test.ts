import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { postThreadItems, workspaces } from "../../src/db/schema/index.js";
import { jobContext } from "../../src/domain/core/index.js";
import { mediaLoaderFor, runScheduledPost } from "../../src/domain/publishing/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Thread chains on drafts and scheduled posts: stored uncharged with the post, checked again and
 * charged when the post is sent, then run after the post as a direct chain is, each item once.
 */
describeOnEachDatabase("thread chains on drafts and scheduled posts", (app) => {
  const credits = async (ws: Awaited<ReturnType<typeof testWorkspace>>) => (await ws.get("/v1/me/limits")).body.credits.total;

  it("schedules a chain: nothing sent or charged until its time, then the post and each item once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "chain_scheduled" });
    const before = await credits(ws);
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const post = await ws.publish({ text: "later 1/3", accounts: [x.id], scheduledAt, thread: [{ text: "later 2/3" }, { text: "later 3/3" }] });
    expect(post.state).toBe("scheduled");
    expect(post.targets[0]?.thread).toMatchObject([
      { position: 1, state: "pending", credits: 0 },
      { position: 2, state: "pending", credits: 0 },
    ]);
    expect(await networkPosts(t, ws.id, "twitter")).toEqual([]);
    expect(await credits(ws)).toBe(before);

    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const sent = await settleChain(t, ws, (await ws.get(`/v1/posts/${post.id}`)).body);
    expect(sent.state).toBe("published");
    expect(sent.targets[0]?.thread).toMatchObject([
      { state: "published", credits: 1 },
      { state: "published", credits: 1 },
    ]);
    const held = await networkPosts(t, ws.id, "twitter");
    for (const text of ["later 1/3", "later 2/3", "later 3/3"]) expect(countOf(held, text), text).toBe(1);
    expect(held.find((p) => p.text === "later 3/3")?.replyTo).toBe(sent.targets[0]?.thread?.[0]?.networkPostId);
    expect(await credits(ws)).toBe(before - 3);
  });

  it("publishes a draft's chain when the draft is published", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: "chain-draft.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const draft = await ws.publish({ text: "draft 1/2", accounts: [bsky.id], draft: true, thread: [{ text: "draft 2/2" }] });
    expect(draft.state).toBe("draft");
    expect(await networkPosts(t, ws.id, "bluesky")).toEqual([]);
    const published = await ws.post(`/v1/posts/${draft.id}/publish`);
    expect(published.status, published.text).toBe(200);
    expect(published.body.targets[0]?.thread).toMatchObject([{ state: "published", credits: 1 }]);
    const held = await networkPosts(t, ws.id, "bluesky");
    expect(countOf(held, "draft 2/2")).toBe(1);
    expect(held.find((p) => p.text === "draft 2/2")?.replyTo).toBe(published.body.targets[0]?.networkPostId);
  });

  it("checks the chain again when the draft is sent: a network without chains refuses the target whole", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const x = await ws.connect("twitter", { handle: "chain_draft_mixed" });
    const draft = await ws.publish({ text: "mixed draft", accounts: [linkedin.id, x.id], draft: true, thread: [{ text: "mixed 2/2" }] });
    const published = (await ws.post(`/v1/posts/${draft.id}/publish`)).body;
    expect(published.targets.find((r) => r.platform === "linkedin")).toMatchObject({ state: "failed", credits: 0, error: { code: "thread_unsupported" } });
    expect(published.targets.find((r) => r.platform === "twitter")?.thread).toMatchObject([{ state: "published" }]);
  });

  it("gives nothing back twice and sends nothing when a scheduled chain is cancelled or out of credits", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "chain_cancelled" });
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const cancelled = await ws.publish({ text: "cancel 1/2", accounts: [x.id], scheduledAt: at, thread: [{ text: "cancel 2/2" }] });
    expect((await ws.delete(`/v1/posts/${cancelled.id}`)).status).toBe(200);
    const read = (await ws.get(`/v1/posts/${cancelled.id}`)).body;
    expect(read.targets[0]?.thread).toMatchObject([{ state: "not_sent", credits: 0 }]);

    // Two credits for a post of three: the send is refused whole, the items are not sent.
    const poor = await ws.publish({ text: "poor 1/3", accounts: [x.id], scheduledAt: at, thread: [{ text: "poor 2/3" }, { text: "poor 3/3" }] });
    await t.db.update(workspaces).set({ testCreditsMonthly: 2, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    const refused = (await ws.get(`/v1/posts/${poor.id}`)).body;
    expect(refused.targets[0]).toMatchObject({ state: "failed", credits: 0, error: { code: "entitlement_exceeded" } });
    expect(refused.targets[0]?.thread?.map((i) => i.state)).toEqual(["not_sent", "not_sent"]);
    expect(await networkPosts(t, ws.id, "twitter")).toEqual([]);
    expect(await credits(ws)).toBe(2);
  });

  it("ten concurrent deliveries of one scheduled chain send the post and each item once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: "chain-sched-race.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const before = await credits(ws);
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = await ws.publish({ text: "srace 1/3", accounts: [bsky.id], scheduledAt: at, thread: [{ text: "srace 2/3" }, { text: "srace 3/3" }] });
    t.clock.advance(61_000);
    const runtime = t.jobRuntime();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const ctx = await jobContext(runtime, ws.id, "test");
        if (ctx) await runScheduledPost(ctx, { postId: post.id, version: 0 }, mediaLoaderFor(ctx));
      }),
    );
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["srace 1/3", "srace 2/3", "srace 3/3"]) expect(countOf(held, text), text).toBe(1);
    const items = await t.db.select().from(postThreadItems).where(eq(postThreadItems.postId, post.id));
    expect(items.map((i) => i.sends)).toEqual([1, 1]);
    expect(await credits(ws)).toBe(before - 3);
  });
});
