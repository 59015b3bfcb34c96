import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, postTargets, sandboxRecords, workspaces } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepStuckTargets } from "../../src/domain/publishing/posts/sweep-stuck-targets.js";
import { sweepEveryMinute } from "../../src/node/job-poller.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * A target recorded `unknown` is settled by its checks at the network. When the job of a check
 * is lost (the process died between writing the outcome and queueing the check, or QStash
 * refused the publish), the stuck-target sweep must start the checks again, once, or the target
 * stays `unknown` for good.
 */
describe("an unknown target whose check was lost", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  async function account(handle: string) {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
    return { ws, account: connected.body.id };
  }

  async function scheduled(handle: string, text: string) {
    const { ws, account: id } = await account(handle);
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const created = await ws.post("/v1/posts", { text, accounts: [id], scheduledAt: at });
    expect(created.status).toBe(201);
    return { ws, account: id, id: created.body.id };
  }

  const fault = (ws: WorkspaceFixture, id: string, value: "down" | null) => ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: value });
  const targetOf = async (postId: string) => (await t.db.select().from(postTargets).where(eq(postTargets.postId, postId)))[0];
  const checksOf = (targetId: string) =>
    t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "poll_target"), sql`${jobs.payload}->>'targetId' = ${targetId}`));
  /** The lost enqueue: the target's check jobs never reached the queue. */
  const loseChecks = async (targetId: string) => {
    await t.db.delete(jobs).where(and(eq(jobs.kind, "poll_target"), sql`${jobs.payload}->>'targetId' = ${targetId}`, sql`${jobs.doneAt} is null`));
  };
  const credits = async (ws: WorkspaceFixture) => {
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    return (row?.testCreditsMonthly ?? 0) + (row?.testCreditsPack ?? 0);
  };
  const eventsOf = async (ws: WorkspaceFixture, id: string) => {
    const events = (await ws.get("/v1/events")).body;
    return events.items.filter((e) => e.data.id === id).map((e) => e.type);
  };
  const onNetwork = async (ws: WorkspaceFixture, text: string) =>
    (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.workspaceId, ws.id))).filter((r) => r.kind.includes("record") && JSON.stringify(r.data).includes(text));

  /** What the Node poller does for half an hour: the minute's sweep, then the due jobs. */
  async function halfAnHourOfSweeps() {
    for (let minute = 0; minute < 30; minute++) {
      t.clock.advance(60_000);
      await sweepEveryMinute(runtime, 60_000);
      await runDueJobs(runtime);
    }
  }

  it("finds a scheduled post the network took, whose answer was lost and whose check was never queued", async () => {
    const text = "taken by the network, answer lost";
    const { ws, id } = await scheduled("lost-answer.test", text);
    const before = await credits(ws);
    // The network takes the post but its answer never arrives: the target is recorded unknown.
    // The check that outcome queues is what is lost here, so no check job is written at all.
    await t.db.execute(sql`
      create or replace function answer_lost() returns trigger language plpgsql as $$
      begin
        new.state := 'unknown'; new.network_post_id := null; new.url := null; new.published_at := null;
        new.next_poll_at := old.attempt_started_at;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger answer_lost before update on post_targets for each row
      when (old.state = 'publishing' and new.state = 'published') execute function answer_lost()`);
    try {
      t.clock.advance(61_000);
      await runDueJobs(runtime);
    } finally {
      await t.db.execute(sql`drop trigger answer_lost on post_targets`);
    }
    const target = await targetOf(id);
    expect(target?.state).toBe("unknown");
    expect(await checksOf(target?.id ?? "")).toHaveLength(0);
    expect(await onNetwork(ws, text)).toHaveLength(1);

    await halfAnHourOfSweeps();
    const post = (await ws.get(`/v1/posts/${id}`)).body;
    expect(post).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1 }] });
    expect(post.targets[0]?.networkPostId).toBeTruthy();
    expect(await onNetwork(ws, text)).toHaveLength(1);
    expect(await eventsOf(ws, id)).toEqual(["post.published"]);
    expect(await credits(ws)).toBe(before - 1);
  });

  it("sends a scheduled post again, once, when its send failed mid-call, its check was lost and the network does not have it", async () => {
    const text = "network down, check lost";
    const { ws, account: acc, id } = await scheduled("lost-check.test", text);
    const before = await credits(ws);
    await fault(ws, acc, "down");
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    const target = await targetOf(id);
    expect(target?.state).toBe("unknown");
    await loseChecks(target?.id ?? "");
    await fault(ws, acc, null);

    await halfAnHourOfSweeps();
    const post = (await ws.get(`/v1/posts/${id}`)).body;
    expect(post).toMatchObject({ state: "published", targets: [{ state: "published", credits: 1, error: null }] });
    expect(await onNetwork(ws, text)).toHaveLength(1);
    expect(await eventsOf(ws, id)).toEqual(["post.published"]);
    expect(await credits(ws)).toBe(before - 1);
  });

  it("fails an immediate post whose later check was lost, uncharged, once: its caller decides (the rule for a timed-out send)", async () => {
    const { ws, account: acc } = await account("lost-later-check.test");
    const before = await credits(ws);
    await fault(ws, acc, "down");
    const created = (await ws.post("/v1/posts", { text: "sent now, network down", accounts: [acc] })).body;
    expect(created.targets[0]?.state).toBe("unknown");
    await fault(ws, acc, null);
    // The first check runs (not there yet); the job of the second is lost.
    t.clock.advance(2 * 60_000);
    await runDueJobs(runtime);
    const target = await targetOf(created.id);
    expect(target?.nextPollAt?.getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);
    await loseChecks(target?.id ?? "");

    await halfAnHourOfSweeps();
    const post = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(post).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0, error: { code: "platform_unavailable" } }] });
    expect(await credits(ws)).toBe(before);
    expect(await eventsOf(ws, created.id)).toEqual(["post.failed"]);
  });

  it("queues the check once however many sweeps see it, a bounded batch per run, and never doubles a check under way", async () => {
    const { ws, account: acc } = await account("lost-many.test");
    await fault(ws, acc, "down");
    const ids: string[] = [];
    for (const text of ["first of two", "second of two"]) {
      const created = (await ws.post("/v1/posts", { text, accounts: [acc] })).body;
      ids.push((await targetOf(created.id))?.id ?? "");
    }
    const [first = "", second = ""] = ids;
    // The first keeps its check (under way); the second's is lost.
    await loseChecks(second);
    t.clock.advance(3 * 60_000);
    expect(await sweepStuckTargets(runtime, 1)).toBe(1);
    expect(await sweepStuckTargets(runtime, 1)).toBe(0);
    expect(await sweepStuckTargets(runtime)).toBe(0);
    const checks = (await checksOf(second)).map((j) => j.dedupKey);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(new RegExp(`^poll:${second}:resumed-\\d+:1$`));
    expect((await checksOf(first)).map((j) => j.dedupKey)).toEqual([`poll:${first}:1`]);

    // Bounded: with both lost, a run of one takes one, the next run the other.
    await loseChecks(first);
    await loseChecks(second);
    t.clock.advance(3 * 60_000);
    expect(await sweepStuckTargets(runtime, 1)).toBe(1);
    expect(await sweepStuckTargets(runtime, 1)).toBe(1);
    expect(await sweepStuckTargets(runtime, 1)).toBe(0);
    expect(await checksOf(first)).toHaveLength(1);
    expect(await checksOf(second)).toHaveLength(1);
  });
});
