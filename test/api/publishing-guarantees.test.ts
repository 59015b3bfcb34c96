import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, postTargets, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepSchedules } from "../../src/domain/publishing/posts/sweep-schedules.js";
import { sweepStuckTargets } from "../../src/domain/publishing/posts/sweep-stuck-targets.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string, extra: Record<string, unknown> = {}) {
  return (await ws.post("/v1/social-accounts/connect", { platform, handle, ...extra })).body;
}

describe("publishing guarantees", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  it("paces a throttled network instead of failing: the target waits and is sent after the network's time", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await connect(ws, "twitter", "paced-x");
    await ws.put(`/v1/sandbox/social-accounts/${x.id}/fault`, { fault: "rate_limited" });
    const created = (await ws.post("/v1/posts", { text: "paced post", accounts: [x.id] })).body;
    expect(created).toMatchObject({ state: "processing", targets: [{ state: "pending", credits: 1 }] });
    const queued = (await t.db.select().from(jobs)).filter((j) => j.kind === "retry_target" && (j.payload as { targetId?: string }).targetId !== undefined);
    expect(queued.length).toBeGreaterThan(0);
    await ws.put(`/v1/sandbox/social-accounts/${x.id}/fault`, { fault: null });
    t.clock.advance(16 * 60_000);
    await runDueJobs(runtime);
    const after = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(after).toMatchObject({ state: "published", targets: [{ state: "published" }] });
  });

  it("fails a paced target with the re-check's own code when its connection expired while it waited", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await connect(ws, "twitter", "paced-lapsed-x");
    await ws.put(`/v1/sandbox/social-accounts/${x.id}/fault`, { fault: "rate_limited" });
    const created = (await ws.post("/v1/posts", { text: "paced, then lapsed", accounts: [x.id] })).body;
    await ws.put(`/v1/sandbox/social-accounts/${x.id}/fault`, { fault: null });
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, x.id));
    t.clock.advance(16 * 60_000);
    await runDueJobs(runtime);
    const after = (await ws.get(`/v1/posts/${created.id}`)).body;
    expect(after).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0 }] });
    expect(after.targets[0]?.error).toMatchObject({ code: "needs_reauth", param: "accounts", platform: "twitter", retryable: false });
    expect(after.targets[0]?.error?.fix).toContain("connect-link");
  });

  it("refuses a target whose connection expired with needs_reauth, before anything is sent", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await connect(ws, "twitter", "expired-x");
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, x.id));
    const report = (await ws.post("/v1/posts/validate", { text: "hello", accounts: [x.id] })).body;
    expect(report.targets[0]?.errors[0]).toMatchObject({ code: "needs_reauth", param: "accounts" });
    const post = (await ws.post("/v1/posts", { text: "hello", accounts: [x.id] })).body;
    expect(post).toMatchObject({ state: "failed", targets: [{ error: { code: "needs_reauth" } }] });
  });

  it("repairs a schedule whose job was lost, and it still fires once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "lost-job.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "lost job post", accounts: [bsky.id], scheduledAt: at })).body;
    await t.db.delete(jobs).where(eq(jobs.dedupKey, `post:${post.id}:v0`));
    t.clock.advance(3 * 60_000);
    expect(await runDueJobs(runtime)).toBe(0);
    expect(await sweepSchedules(runtime)).toBeGreaterThanOrEqual(1);
    await sweepSchedules(runtime);
    await runDueJobs(runtime);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.state).toBe("published");
    expect((await t.db.select().from(jobs)).filter((j) => j.dedupKey === `post:${post.id}:v0`)).toHaveLength(1);
  });
});

describe("outcome unknown", () => {
  it("asks the network before retrying a target whose network failed mid-call, and refunds it when the post is not there", async () => {
    const t = await createTestApp();
    const runtime: JobRuntime = t.jobRuntime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "down.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const before = (await ws.get("/v1/me/limits")).body.credits.total;
    await ws.put(`/v1/sandbox/social-accounts/${bsky.id}/fault`, { fault: "down" });
    const post = (await ws.post("/v1/posts", { text: "maybe sent", accounts: [bsky.id] })).body;
    expect(post.targets[0]?.state).toBe("unknown");
    await ws.put(`/v1/sandbox/social-accounts/${bsky.id}/fault`, { fault: null });
    // Looked for three times, minutes apart, before it is declared not sent.
    for (let check = 0; check < 3; check++) {
      t.clock.advance(6 * 60_000);
      await runDueJobs(runtime);
    }
    const settled = (await ws.get(`/v1/posts/${post.id}`)).body;
    expect(settled).toMatchObject({ state: "failed", targets: [{ state: "failed", credits: 0, error: { code: "platform_unavailable" } }] });
    const after = (await ws.get("/v1/me/limits")).body.credits.total;
    expect(after).toBe(before);
  });
});

describe("a target whose request died after the claim", () => {
  it("is found by the sweep, checked at the network, and settled", async () => {
    const t = await createTestApp();
    const runtime: JobRuntime = t.jobRuntime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "crashed.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    const post = (await ws.post("/v1/posts", { text: "sent before the crash", accounts: [bsky.id] })).body;
    // Pretend the process died between the claim and recording the outcome.
    await t.db.update(postTargets).set({ state: "publishing", attemptStartedAt: t.clock.now() }).where(eq(postTargets.postId, post.id));
    expect(await sweepStuckTargets(runtime)).toBe(0);
    t.clock.advance(3 * 60_000);
    expect(await sweepStuckTargets(runtime)).toBe(1);
    await runDueJobs(runtime);
    const settled = (await ws.get(`/v1/posts/${post.id}`)).body;
    // The post had gone out: findPublished finds it, and it is published, not sent again.
    expect(settled.targets[0]?.state).toBe("published");
  });
});

describeOnEachDatabase("credits under concurrent requests", (app) => {
  it("never spends below zero: of six posts racing for the last credit, one is stored", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connect(ws, "bluesky", "last-credit.test", { appPassword: "abcd-efgh-ijkl-mnop" });
    await t.db.update(workspaces).set({ testCreditsMonthly: 1, testCreditsPack: 0 }).where(eq(workspaces.id, ws.id));
    const responses = await Promise.all(["first", "second", "third", "fourth", "fifth", "sixth"].map((n) => ws.post("/v1/posts", { text: `race for the last credit ${n}`, accounts: [bsky.id] })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect((row?.testCreditsMonthly ?? -1) + (row?.testCreditsPack ?? -1)).toBe(0);
  });
});
