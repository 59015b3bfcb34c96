import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, posts, sandboxRecords, workspaces } from "../../src/db/schema/index.js";
import { sweepStuckTargets } from "../../src/domain/publishing/posts/sweep-stuck-targets.js";
import { JOB_LEASE_MS, claimDueJobs } from "../../src/domain/core/jobs/job-claims.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { createJobRunner } from "../../src/jobs/job-runner.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** The delay a `slow` sandbox account is given here: its calls wait for the test to open the gate. */
const HELD_MS = 4321;

/**
 * A slow network the test controls: calls wait until `open()`, with no timing involved. One per
 * file, re-armed by each test: the sandbox keeps the network settings of the first app it served.
 */
function gate() {
  let release: () => void = () => {};
  let opened = Promise.resolve();
  return {
    arm() {
      opened = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    wait: (ms: number) => (ms === HELD_MS ? opened : Promise.resolve()),
    open: () => release(),
  };
}

async function connect(ws: WorkspaceFixture, handle: string) {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
  return response.body.id;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe("the job runner", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  let slow: ReturnType<typeof gate>;
  beforeAll(async () => {
    slow = gate();
    t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: (ms) => slow.wait(ms) }) } });
    runtime = t.jobRuntime();
  });
  afterAll(() => slow.open());

  const schedule = async (ws: WorkspaceFixture, account: string, text: string, inMs: number) => {
    const at = new Date(t.clock.now().getTime() + inMs).toISOString();
    const response = await ws.post("/v1/posts", { text, accounts: [account], scheduledAt: at });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const stateOf = async (ws: WorkspaceFixture, id: string) => (await ws.get(`/v1/posts/${id}`)).body.state;

  it("runs due jobs concurrently: one workspace's slow network does not hold another workspace's post", async () => {
    slow.arm();
    const busy = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    const held = await connect(busy, "held.test");
    await busy.put(`/v1/sandbox/social-accounts/${held}/fault`, { fault: "slow", delayMs: HELD_MS });
    const stuck = [await schedule(busy, held, "slow one", 10_000), await schedule(busy, held, "slow two", 11_000), await schedule(busy, held, "slow three", 12_000)];
    const fast = await schedule(other, await connect(other, "fast.test"), "fast one", 20_000);
    t.clock.advance(30_000);

    const pass = runDueJobs(runtime);
    // Sequentially, the fast post would wait behind the three slow ones, which wait for the gate.
    await until(async () => (await stateOf(other, fast)) === "published", "the fast post published while the slow network holds the others");
    for (const id of stuck) expect(await stateOf(busy, id)).toBe("processing");
    slow.open();
    expect(await pass).toBe(4);
    for (const id of stuck) expect(await stateOf(busy, id)).toBe("published");
  });

  it("claims fairly: a workspace with a backlog gets at most its share, the others get a slot", async () => {
    const [backlog, small] = [await testWorkspace(t), await testWorkspace(t)];
    const enqueue = (workspaceId: string, n: number) =>
      runtime.services.jobs.enqueue(
        {
          kind: "poll_target",
          payload: { targetId: `tgt_none_${workspaceId}_${n}`, attempt: 1, workspaceId, mode: "test" },
          runAt: new Date(t.clock.now().getTime() - 60_000 + n),
          dedupKey: `fair:${workspaceId}:${n}`,
        },
        t.db,
      );
    for (let n = 0; n < 6; n++) await enqueue(backlog.id, n);
    await enqueue(small.id, 100);
    const claimed = await claimDueJobs(runtime, { owner: "fairness-test", slots: 3, perWorkspace: 2 });
    const by = (id: string) => claimed.filter((j) => j.payload.workspaceId === id).length;
    expect(by(backlog.id)).toBe(2);
    expect(by(small.id)).toBe(1);
    // The claims hold: another runner gets none of them.
    const again = await claimDueJobs(runtime, { owner: "second-runner", slots: 10, perWorkspace: 10 });
    expect(again.map((j) => j.id)).not.toEqual(expect.arrayContaining(claimed.map((j) => j.id)));
  });

  it("picks up a job held by a dead runner once its one-minute lease lapses, and never while a live runner renews it", async () => {
    const ws = await testWorkspace(t);
    await runtime.services.jobs.enqueue(
      { kind: "poll_target", payload: { targetId: "tgt_none_dead", attempt: 1, workspaceId: ws.id, mode: "test" }, runAt: t.clock.now(), dedupKey: `dead:${ws.id}` },
      t.db,
    );
    const [held] = await claimDueJobs(runtime, { owner: "dead-runner", slots: 100, perWorkspace: 100 });
    expect(held).toBeDefined();
    t.clock.advance(JOB_LEASE_MS / 2);
    expect(await runDueJobs(runtime)).toBe(0);
    t.clock.advance(JOB_LEASE_MS / 2 + 1000);
    expect(await runDueJobs(runtime)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, `dead:${ws.id}`));
    expect(row?.doneAt).not.toBeNull();
    // The dead runner cannot mark the job it lost as its own any more.
    expect(row?.lockedBy).toBeNull();

    // A live runner's heartbeat keeps its lease past the first minute.
    slow.arm();
    const owner = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(owner, "heartbeat.test");
    await owner.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault: "slow", delayMs: HELD_MS });
    const at = new Date(t.clock.now().getTime() + 1000).toISOString();
    const post = (await owner.post("/v1/posts", { text: "held past a minute", accounts: [account], scheduledAt: at })).body;
    const leaseOf = async () =>
      (
        await t.db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupKey, `post:${post.id}:v0`))
      )[0]?.lockedUntil?.getTime() ?? 0;
    t.clock.advance(2000);
    let beats = 0;
    const runner = createJobRunner(runtime, { heartbeatMs: 20 });
    expect(await runner.fill()).toBeGreaterThanOrEqual(1);
    for (let minute = 0; minute < 3; minute++) {
      t.clock.advance(JOB_LEASE_MS - 5000);
      const renewedBy = t.clock.now().getTime() + JOB_LEASE_MS;
      await until(async () => (await leaseOf()) >= renewedBy, "a heartbeat");
      beats++;
      expect(await claimDueJobs(runtime, { owner: "intruder", slots: 100, perWorkspace: 100 })).toEqual([]);
    }
    expect(beats).toBe(3);
    expect(await stateOf(owner, post.id)).toBe("processing");
    slow.open();
    await runner.stop();
    expect(await stateOf(owner, post.id)).toBe("published");
  });

  it("sends a scheduled post whose runner died after claiming it, once, charging one credit", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "orphaned-schedule.test");
    const text = "claimed by a runner that died";
    const id = await schedule(ws, account, text, 10_000);
    t.clock.advance(11_000);
    const credits = async () => {
      const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
      // A test key spends the test ledger.
      return (row?.testCreditsMonthly ?? 0) + (row?.testCreditsPack ?? 0);
    };
    const before = await credits();
    // The dead runner's last acts: it claimed the job, then the post (runScheduledPost's claim).
    const claimed = await claimDueJobs(runtime, { owner: "dead-runner", slots: 100, perWorkspace: 100 });
    expect(claimed.some((j) => j.payload.postId === id)).toBe(true);
    await t.db.update(posts).set({ state: "processing", updatedAt: t.clock.now() }).where(eq(posts.id, id));

    // A minute on, the job is claimed again; the post is already claimed, so that run sends nothing.
    t.clock.advance(JOB_LEASE_MS + 1000);
    await runDueJobs(runtime);
    expect(await stateOf(ws, id)).toBe("processing");
    // Past the publish timeout, the sweep finds the target nobody sent, and it is sent once.
    t.clock.advance(2 * 60_000);
    expect(await sweepStuckTargets(runtime)).toBeGreaterThanOrEqual(1);
    await runDueJobs(runtime);
    await runDueJobs(runtime);
    expect(await stateOf(ws, id)).toBe("published");
    expect(await credits()).toBe(before - 1);
    const onNetwork = (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"))).filter((r) => r.kind.includes("record") && JSON.stringify(r.data).includes(text));
    expect(onNetwork).toHaveLength(1);
  });
});
