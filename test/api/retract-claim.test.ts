import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { postTargets, sandboxRecords } from "../../src/db/schema/index.js";
import { claimRetract, releaseRetract, waitForOtherRetract } from "../../src/domain/publishing/posts/retract-claim.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { keyContext } from "../support/key-context.js";

/**
 * One DELETE at a time per target: a retract claims the target before calling the network, and a
 * second retract waits for the first one's outcome. Without the claim two retracts both call the
 * network, and the later one reads the earlier one's success ("no such post") as its own failure.
 */
/** A published Threads post and its target's id. */
async function publishedThreadsTarget(ws: WorkspaceFixture) {
  const account = await ws.connect("threads");
  const post = await ws.settle(await ws.publish({ text: `claimed ${Date.now()}`, accounts: [account.id] }));
  expect(post.state).toBe("published");
  const [target] = await ws.t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
  if (!target) throw new Error("no target");
  return { post, target };
}

const threadsPostsAtNetwork = async (t: TestApp, networkPostId: string | null) =>
  (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "threads"))).filter((r) => r.kind === "thread" && r.id === networkPostId);

describeOnEachDatabase("a retract's claim on a target", (app) => {
  it("is taken by one of two retracts claiming at once; the other gets it once the first ends without deleting", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { target } = await publishedThreadsTarget(ws);
    const [first, second] = [await keyContext(t, ws), await keyContext(t, ws)];
    const claims = await Promise.all([claimRetract(first, target.id), claimRetract(second, target.id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRetract(second, target.id)).toBe(false);
    await releaseRetract(first, target.id, false);
    expect(await claimRetract(second, target.id)).toBe(true);
  });

  it("lets a waiting retract answer retracted when the claim's holder deleted the post", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { target } = await publishedThreadsTarget(ws);
    const holder = await keyContext(t, ws);
    expect(await claimRetract(holder, target.id)).toBe(true);
    const waiting = waitForOtherRetract(await keyContext(t, ws), target.id);
    await releaseRetract(holder, target.id, true);
    expect(await waiting).toBe("retracted");
  });

  it("frees a claim whose retract died once its lease has passed", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { target } = await publishedThreadsTarget(ws);
    expect(await claimRetract(await keyContext(t, ws), target.id)).toBe(true);
    t.clock.advance(60_000);
    expect(await claimRetract(await keyContext(t, ws), target.id)).toBe(false);
    t.clock.advance(10 * 60_000);
    expect(await claimRetract(await keyContext(t, ws), target.id)).toBe(true);
  });

  it("makes a retract through the API wait for the claim's holder and send no DELETE of its own", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { post, target } = await publishedThreadsTarget(ws);
    const holder = await keyContext(t, ws);
    expect(await claimRetract(holder, target.id)).toBe(true);
    // Every UPDATE statement on the targets is counted, even one that matches no row: the API's
    // retract has tried to claim (and so waits) once the count moves.
    await t.db.execute(sql`create table target_updates (at timestamptz not null default now())`);
    await t.db.execute(sql`create function count_target_update() returns trigger language plpgsql as $$ begin insert into target_updates default values; return null; end $$`);
    await t.db.execute(sql`create trigger count_target_update after update on post_targets for each statement execute function count_target_update()`);
    try {
      const retracting = ws.post(`/v1/posts/${post.id}/retract`);
      const counted = async () => ((await t.db.execute(sql`select 1 from target_updates`)) as unknown as { rows: unknown[] }).rows.length;
      await vi.waitFor(async () => expect(await counted()).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      await releaseRetract(holder, target.id, true);
      const answer = await retracting;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.targets.map((result) => result.result)).toEqual(["retracted"]);
      // The holder's DELETE is the test's pretence: the post is still at the network, so this retract sent none.
      expect(await threadsPostsAtNetwork(t, target.networkPostId)).toHaveLength(1);
    } finally {
      await t.db.execute(sql`drop trigger count_target_update on post_targets`);
      await t.db.execute(sql`drop function count_target_update()`);
      await t.db.execute(sql`drop table target_updates`);
    }
  });

  it("retracts through the API after a retract that died holding the claim, and sends the DELETE once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { post, target } = await publishedThreadsTarget(ws);
    expect(await threadsPostsAtNetwork(t, target.networkPostId)).toHaveLength(1);
    await t.db
      .update(postTargets)
      .set({ retractStartedAt: new Date(t.clock.now().getTime() - 10 * 60_000) })
      .where(eq(postTargets.id, target.id));
    const answer = await ws.post(`/v1/posts/${post.id}/retract`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.targets.map((result) => result.result)).toEqual(["retracted"]);
    expect(await threadsPostsAtNetwork(t, target.networkPostId)).toHaveLength(0);
    const [after] = await t.db.select().from(postTargets).where(eq(postTargets.id, target.id));
    expect(after).toMatchObject({ state: "retracted", retractStartedAt: null });
  });

  it("refuses another workspace's target", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { target } = await publishedThreadsTarget(ws);
    const stranger = await ws.otherWorkspace();
    expect(await claimRetract(await keyContext(t, stranger), target.id)).toBe(false);
    expect(await waitForOtherRetract(await keyContext(t, stranger), target.id)).toBe("gone");
  });
});
