import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountPolls, inboxPollCursors } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { activePollIntervalMs, pollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 26 items 1 and 3, through the API and the sandbox: connecting an account and an endpoint
 * that listens wake its poll schedule; a poll that finds nobody listening leaves it dormant; quiet
 * polls back off, activity resets, a 429 waits exactly the network's time.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

const scheduleOf = async (account: string) => {
  const [row] = await t.db.select().from(accountPolls).where(eq(accountPolls.accountId, account));
  if (!row) throw new Error(`no poll schedule for ${account}`);
  return row;
};

async function connect(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle });
  expect([200, 201], response.text).toContain(response.status);
  return response.body.id;
}

async function listen(ws: WorkspaceFixture, url: string, events: string[]): Promise<void> {
  const response = await ws.post("/v1/webhooks", { url, events });
  expect(response.status, response.text).toBe(201);
}

/**
 * The clock moves to the account's next poll, and at least to the next minute (the planner runs
 * once a minute: its shards are keyed by the minute); the planner and the job runner do the rest.
 */
async function nextRound(account: string): Promise<void> {
  const { nextPollAt } = await scheduleOf(account);
  const nextMinute = t.clock.now().getTime() + 60_000;
  t.clock.set(new Date(Math.max(nextMinute, nextPollAt?.getTime() ?? 0)));
  await planInboxPolls(runtime);
  while ((await runDueJobs(runtime)) > 0);
}

describe("an account's poll schedule", () => {
  it("is due on connection, dormant while nobody listens, and woken only by an endpoint of its own workspace that listens", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const account = await connect(ws, "sched_lonely");
    expect(await scheduleOf(account)).toMatchObject({ workspaceId: ws.id, mode: "test", platform: "twitter", nextPollAt: t.clock.now(), intervalMs: 0 });
    await nextRound(account);
    expect((await scheduleOf(account)).nextPollAt).toBeNull();
    expect(await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account))).toEqual([]);

    // An endpoint for events no poll records wakes nothing; one in another workspace neither.
    await listen(ws, r.url, ["post.published"]);
    await listen(other, r.url, ["mention.received"]);
    expect((await scheduleOf(account)).nextPollAt).toBeNull();

    t.clock.advance(5_000);
    await listen(ws, r.url, ["comment.received"]);
    expect((await scheduleOf(account)).nextPollAt).toEqual(t.clock.now());
    await nextRound(account);
    expect((await scheduleOf(account)).nextPollAt).not.toBeNull();
    expect(await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account))).toHaveLength(1);
  }, 120_000);

  it("backs a quiet account off, speeds up on activity, waits out a 429 exactly, and starts afresh on reconnection", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await listen(ws, r.url, ["mention.received"]);
    const account = await connect(ws, "sched_adaptive");
    const base = pollIntervalMs("twitter");

    await nextRound(account); // the baseline: nothing new
    expect(await scheduleOf(account)).toMatchObject({ intervalMs: 2 * base, quietStreak: 1 });
    await nextRound(account);
    const quiet = await scheduleOf(account);
    expect(quiet).toMatchObject({ intervalMs: 4 * base, quietStreak: 2 });
    expect(quiet.nextPollAt).toEqual(new Date(t.clock.now().getTime() + 4 * base));

    const mention = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", text: "are you there?" });
    expect(mention.status, mention.text).toBe(201);
    await nextRound(account);
    // Fresh activity: the account is polled at its active interval, half the base.
    const active = activePollIntervalMs("twitter");
    expect(active).toBe(base / 2);
    expect(await scheduleOf(account)).toMatchObject({ intervalMs: active, quietStreak: 0, lastActivityAt: t.clock.now() });
    while ((await runDueJobs(runtime)) > 0);
    expect(r.received).toHaveLength(1);

    const fault = await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault: "rate_limited" });
    expect(fault.status, fault.text).toBe(200);
    await nextRound(account);
    const [cursor] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account));
    expect(cursor?.pausedUntil).toBeInstanceOf(Date);
    const paused = await scheduleOf(account);
    expect(paused.nextPollAt).toEqual(cursor?.pausedUntil);
    expect(paused.intervalMs).toBe(active);

    // Reconnecting (after reauthorisation, say) polls at once from the base interval.
    expect((await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault: null })).status).toBe(200);
    t.clock.advance(1_000);
    await connect(ws, "sched_adaptive");
    expect(await scheduleOf(account)).toMatchObject({ nextPollAt: t.clock.now(), intervalMs: 0, quietStreak: 0 });
  }, 120_000);
});
