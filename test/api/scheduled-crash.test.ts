import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets, sandboxRecords, workspaces } from "../../src/db/schema/index.js";
import { claimDueJobs } from "../../src/domain/core/jobs/job-claims.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepEveryMinute } from "../../src/node/job-poller.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * A scheduled post has nobody waiting on it: when the process sending it dies mid-send, the
 * sweeps must finish it (look for it at the network, then send it if it is not there), never
 * leave a failure nobody asked for.
 */
describe("a scheduled post whose runner died mid-send", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  async function scheduled(handle: string, text: string) {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
    const account = connected.body.id;
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const created = await ws.post("/v1/posts", { text, accounts: [account], scheduledAt: at });
    expect(created.status).toBe(201);
    return { ws, id: created.body.id };
  }

  const credits = async (ws: WorkspaceFixture) => {
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    return (row?.testCreditsMonthly ?? 0) + (row?.testCreditsPack ?? 0);
  };

  /** What the Node poller does for half an hour: the minute's sweep, then the due jobs. */
  async function halfAnHourOfSweeps() {
    for (let minute = 0; minute < 30; minute++) {
      t.clock.advance(60_000);
      await sweepEveryMinute(runtime, 60_000);
      await runDueJobs(runtime);
    }
  }

  async function expectPublishedOnce(ws: WorkspaceFixture, id: string, text: string) {
    const post = (await ws.get(`/v1/posts/${id}`)).body;
    expect(post).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1, error: null }] });
    expect(post.targets[0]?.networkPostId).toBeTruthy();
    const onNetwork = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.workspaceId, ws.id))).filter((r) => r.kind.includes("record") && JSON.stringify(r.data).includes(text));
    expect(onNetwork).toHaveLength(1);
    const events = (await ws.get("/v1/events")).body;
    const ofPost = events.items.filter((e) => e.data.id === id).map((e) => e.type);
    expect(ofPost).toEqual(["post.published"]);
  }

  it("sends it once when the target was claimed and the process died before its call reached the network", async () => {
    const text = "claimed, then the process died";
    const { ws, id } = await scheduled("died-before-send.test", text);
    const before = await credits(ws);
    t.clock.advance(61_000);
    // The dead runner's acts: it claimed the job, the post (runScheduledPost) and the target
    // (publishPrepared's claim), then stopped before its request left.
    await claimDueJobs(runtime, { owner: "dead-runner", slots: 100, perWorkspace: 100 });
    const now = t.clock.now();
    await t.db.update(posts).set({ state: "processing", updatedAt: now }).where(eq(posts.id, id));
    await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: now }).where(eq(postTargets.postId, id));

    await halfAnHourOfSweeps();
    await expectPublishedOnce(ws, id, text);
    expect(await credits(ws)).toBe(before - 1);
  });

  it("finds it at the network when the process died after the network took it, before the outcome was written", async () => {
    const text = "taken by the network, then the process died";
    const { ws, id } = await scheduled("died-after-send.test", text);
    const before = await credits(ws);
    // The process dies as it writes the outcome: the network has the post, the database does not know.
    await t.db.execute(sql`
      create or replace function die_before_outcome() returns trigger language plpgsql as $$
      begin raise exception 'the process died'; end $$`);
    await t.db.execute(sql`
      create trigger die_before_outcome before update on post_targets for each row
      when (old.state = 'publishing' and new.state <> 'publishing') execute function die_before_outcome()`);
    try {
      t.clock.advance(61_000);
      await runDueJobs(runtime).catch(() => undefined);
    } finally {
      await t.db.execute(sql`drop trigger die_before_outcome on post_targets`);
    }
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, id));
    expect(target?.state).toBe("publishing");

    await halfAnHourOfSweeps();
    await expectPublishedOnce(ws, id, text);
    expect(await credits(ws)).toBe(before - 1);
  });

  it("stops sending after three interrupted sends: the target fails with the reason, uncharged, and post.failed says so", async () => {
    const text = "every send of it is interrupted";
    const { ws, id } = await scheduled("always-dies.test", text);
    const before = await credits(ws);
    t.clock.advance(61_000);
    await claimDueJobs(runtime, { owner: "dead-runner", slots: 100, perWorkspace: 100 });
    const now = t.clock.now();
    await t.db.update(posts).set({ state: "processing", updatedAt: now }).where(eq(posts.id, id));
    // The third send, interrupted like the two before it.
    await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: now, sends: 3 }).where(eq(postTargets.postId, id));

    await halfAnHourOfSweeps();
    const post = (await ws.get(`/v1/posts/${id}`)).body;
    expect(post).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0, error: { code: "platform_unavailable", fix: "Publish the post again." } }] });
    expect(post.targets[0]?.error?.message).toContain("interrupted 3 times");
    expect(await credits(ws)).toBe(before);
    const events = (await ws.get("/v1/events")).body;
    expect(events.items.filter((e) => e.data.id === id).map((e) => e.type)).toEqual(["post.failed"]);
  });

  it("leaves an interrupted immediate post to its caller: not on the network, it fails (its Idempotency-Key retry is answered so)", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "immediate-died.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const account = connected.body.id;
    const created = (await ws.post("/v1/posts", { text: "sent now, interrupted", accounts: [account] })).body;
    await t.db.delete(sandboxRecords).where(eq(sandboxRecords.workspaceId, ws.id));
    await t.db.update(posts).set({ state: "processing" }).where(eq(posts.id, created.id));
    await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: t.clock.now(), publishedAt: null, networkPostId: null, url: null }).where(eq(postTargets.postId, created.id));

    await halfAnHourOfSweeps();
    const post = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(post).toMatchObject({ state: "failed", targets: [{ state: "failed" }] });
    expect(post.targets[0]?.error?.message).toContain("interrupted once");
  });
});
