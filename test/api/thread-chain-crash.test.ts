import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { postThreadItems } from "../../src/db/schema/index.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { jobContext } from "../../src/domain/core/index.js";
import { resumeStoppedChain, sweepStoppedChains } from "../../src/domain/publishing/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import type { TestApp } from "../support/test-app.js";
import { countOf, networkPosts } from "../support/thread-chain.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Chains a crash stopped, resumed by the server without the caller: the sweep finds them after the
 * send timeout and its job goes on after the last live item. The crash states are written into the
 * database as a dead runner leaves them (as thread-chain-unknown.test.ts writes lost answers): the
 * runner died after item 1 landed (item 2 `pending`, nobody sending it), or mid-call on item 2
 * (`publishing`, its start long past), with the network holding that item or not.
 */
describeOnEachDatabase("thread chains stopped by a crash", (app) => {
  const credits = async (ws: Awaited<ReturnType<typeof testWorkspace>>) => (await ws.get("/v1/me/limits")).body.credits.total;

  async function stoppedChain(t: TestApp, key: string, options: { secondLanded?: boolean } = {}) {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: `${key}.test`, appPassword: "abcd-efgh-ijkl-mnop" });
    const post = await ws.publish({ text: `${key} 1/4`, accounts: [bsky.id], thread: [{ text: `${key} 2/4` }, { text: `${key} 3/4` }, { text: `${key} 4/4` }] });
    const items = (await t.db.select().from(postThreadItems).where(eq(postThreadItems.postId, post.id))).sort((a, b) => a.position - b.position);
    const [, second, third] = items;
    if (!second || !third) throw new Error("no items");
    const store = createDbSandboxStore(t.db, ws.id);
    // Items 2 and 3 never reached the network; each keeps the credit the request reserved for it.
    for (const item of [second, third]) {
      if (!(options.secondLanded && item === second)) await store.delete("bluesky", "record", (item.networkPostId ?? "").replace("at://", ""));
      await t.db.update(postThreadItems).set({ state: "pending", networkPostId: null, url: null, publishedAt: null, attemptStartedAt: null }).where(eq(postThreadItems.id, item.id));
    }
    return { ws, post, items, second, third };
  }

  /** The minutes pass: the sweep, then the jobs it queued. */
  async function sweepAndRun(t: TestApp, minutes = 3): Promise<number> {
    t.clock.advance(minutes * 60_000);
    const runtime = t.jobRuntime();
    const found = await sweepStoppedChains(runtime);
    await runDueJobs(runtime);
    return found;
  }

  it("goes on after the last live item once the send timeout has passed, sending each remaining item once", async () => {
    const t = app();
    const { ws, post, items } = await stoppedChain(t, "crash-between");
    const before = await credits(ws);
    // Within the send timeout a live runner may still be at it: nothing is resumed.
    expect(await sweepStoppedChains(t.jobRuntime())).toBe(0);
    expect(await sweepAndRun(t)).toBe(1);
    const read = (await ws.get(`/v1/posts/${post.id}`)).body;
    const thread = read.targets[0]?.thread ?? [];
    expect(thread.map((i) => i.state)).toEqual(["published", "published", "published"]);
    expect(thread[0]?.networkPostId).toBe(items[0]?.networkPostId);
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const n of [1, 2, 3, 4]) expect(countOf(held, `crash-between ${n}/4`), `${n}/4`).toBe(1);
    expect(held.find((p) => p.text === "crash-between 3/4")?.replyTo).toBe(items[0]?.networkPostId);
    // The items kept the credits reserved for them: nothing charged twice.
    expect(await credits(ws)).toBe(before);
    // Nothing left: a later sweep queues nothing.
    expect(await sweepAndRun(t)).toBe(0);
  });

  it("settles an item a runner died sending: found on the network it is live and not sent again", async () => {
    const t = app();
    // The dead runner's call did land: the record is on the network, the item still `publishing` without its answer.
    const { ws, post, second } = await stoppedChain(t, "crash-landed", { secondLanded: true });
    const onNetwork = (await networkPosts(t, ws.id, "bluesky")).find((p) => p.text === "crash-landed 3/4");
    expect(onNetwork?.id).toBe(second.networkPostId);
    await t.db
      .update(postThreadItems)
      .set({ state: "publishing", attemptStartedAt: new Date(t.clock.now().getTime() - 600_000) })
      .where(eq(postThreadItems.id, second.id));
    expect(await sweepAndRun(t)).toBe(1);
    const thread = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.thread ?? [];
    expect(thread.map((i) => i.state)).toEqual(["published", "published", "published"]);
    expect(thread[1]?.networkPostId).toBe(onNetwork?.id);
    const held = await networkPosts(t, ws.id, "bluesky");
    expect(countOf(held, "crash-landed 3/4")).toBe(1);
    expect(countOf(held, "crash-landed 4/4")).toBe(1);
  });

  it("sends an item a runner died sending once when the network does not have it", async () => {
    const t = app();
    const { ws, post, second } = await stoppedChain(t, "crash-lost");
    await t.db
      .update(postThreadItems)
      .set({ state: "publishing", attemptStartedAt: new Date(t.clock.now().getTime() - 600_000) })
      .where(eq(postThreadItems.id, second.id));
    expect(await sweepAndRun(t)).toBe(1);
    const thread = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.thread ?? [];
    expect(thread.map((i) => i.state)).toEqual(["published", "published", "published"]);
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const n of [2, 3, 4]) expect(countOf(held, `crash-lost ${n}/4`), `${n}/4`).toBe(1);
    const [row] = await t.db.select().from(postThreadItems).where(eq(postThreadItems.id, second.id));
    expect(row?.credits).toBe(1);
  });

  it("leaves a chain a network refusal stopped to the caller's retry", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "chain_refused_sweep" });
    await ws.publish({ text: "said before, sweep", accounts: [x.id] });
    const post = await ws.publish({ text: "refused 1/3", accounts: [x.id], thread: [{ text: "said before, sweep" }, { text: "refused 3/3" }] });
    expect(post.targets[0]?.thread?.map((i) => i.state)).toEqual(["failed", "not_sent"]);
    expect(await sweepAndRun(t)).toBe(0);
    expect(countOf(await networkPosts(t, ws.id, "twitter"), "refused 3/3")).toBe(0);
  });

  it("ten concurrent resume jobs for one stopped chain send each item once", async () => {
    const t = app();
    const { ws, post, second } = await stoppedChain(t, "crash-race");
    await t.db
      .update(postThreadItems)
      .set({ state: "publishing", attemptStartedAt: new Date(t.clock.now().getTime() - 600_000) })
      .where(eq(postThreadItems.id, second.id));
    const target = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0];
    const targetId = (await t.db.select().from(postThreadItems).where(eq(postThreadItems.id, second.id)))[0]?.targetId ?? "";
    expect(target).toBeTruthy();
    const runtime = t.jobRuntime();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const ctx = await jobContext(runtime, ws.id, "test");
        if (ctx) await resumeStoppedChain(ctx, { targetId });
      }),
    );
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const n of [1, 2, 3, 4]) expect(countOf(held, `crash-race ${n}/4`), `${n}/4`).toBe(1);
    const thread = (await ws.get(`/v1/posts/${post.id}`)).body.targets[0]?.thread ?? [];
    expect(thread.map((i) => i.state)).toEqual(["published", "published", "published"]);
  });
});
