import { and, eq, isNull, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountPolls, events, jobs } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { activePollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { FOLLOW_UP_STEP_MS, planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 26's lag target: an active account is polled at its network's interval (30 s on Bluesky),
 * not at the planner's minute, because its shard queues one delayed follow-up at its next poll;
 * a quiet account queues none.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

async function listeningAccount(ws: WorkspaceFixture, platform: "bluesky" | "twitter", handle: string): Promise<string> {
  const r = await receiver();
  expect((await ws.post("/v1/webhooks", { url: r.url, events: ["mention.received"] })).status).toBe(201);
  return (await ws.connect(platform, { handle })).id;
}

const mention = async (ws: WorkspaceFixture, account: string, text: string) => expect((await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", text })).status).toBe(201);

const pendingFollowUps = () =>
  t.db
    .select({ key: jobs.dedupKey, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, "poll_shard"), like(jobs.dedupKey, "poll-follow:%"), isNull(jobs.doneAt)));

const drain = async () => {
  while ((await runDueJobs(runtime)) > 0);
};

describe("follow-up polls for active accounts", () => {
  it("polls an active Bluesky account at its 15 s active interval (to the next 5 s step) between two planner runs", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const active = await listeningAccount(ws, "bluesky", "follow-active.test");
    // First round: the baseline poll.
    await planInboxPolls(runtime);
    await drain();
    // Activity makes the account active: its interval drops to the network's active interval (half its base).
    t.clock.advance(60_000);
    await mention(ws, active, "first");
    await planInboxPolls(runtime);
    const plannedAt = t.clock.now().getTime();
    await drain();
    const [schedule] = await t.db.select().from(accountPolls).where(eq(accountPolls.accountId, active));
    expect(schedule?.intervalMs).toBe(activePollIntervalMs("bluesky"));
    expect(schedule?.nextPollAt?.getTime()).toBe(plannedAt + activePollIntervalMs("bluesky"));

    const followUps = await pendingFollowUps();
    expect(followUps).toHaveLength(1);
    // At the end of the step the account falls due in, shared by every shard due in that step.
    const step = Math.ceil((plannedAt + activePollIntervalMs("bluesky")) / FOLLOW_UP_STEP_MS) * FOLLOW_UP_STEP_MS;
    expect(followUps[0]?.runAt.getTime()).toBe(step);

    // A mention 5 s later is read by the follow-up at +15-20 s, before the planner's next minute.
    t.clock.advance(5_000);
    await mention(ws, active, "second");
    t.clock.set(new Date(step));
    const polledBefore = schedule?.nextPollAt?.getTime();
    await drain();
    const [after] = await t.db.select().from(accountPolls).where(eq(accountPolls.accountId, active));
    expect(after?.nextPollAt?.getTime()).toBeGreaterThan(polledBefore ?? 0);
    const recorded = await t.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), eq(events.type, "mention.received")));
    expect(recorded.map((e) => JSON.stringify(e.data))).toEqual(expect.arrayContaining([expect.stringContaining("second")]));
    // The follow-up's own horizon is the planner's: it queues no follow-up of its own past it.
    expect((await pendingFollowUps()).every((f) => f.runAt.getTime() < plannedAt + 60_000)).toBe(true);
  });

  it("queues no follow-up for a quiet account that backs off past the planner's next run", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    await listeningAccount(ws, "twitter", "follow_quiet");
    t.clock.advance(10 * 60_000);
    await t.db
      .update(jobs)
      .set({ doneAt: t.clock.now() })
      .where(and(eq(jobs.kind, "poll_shard"), isNull(jobs.doneAt)));
    await planInboxPolls(runtime);
    await drain();
    t.clock.advance(10 * 60_000);
    await planInboxPolls(runtime);
    await drain();
    expect(await pendingFollowUps()).toEqual([]);
  });
});
