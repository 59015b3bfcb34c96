import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboxPollCursors, networkBudgets } from "../../src/db/schema/index.js";
import { budgetWindow } from "../../src/domain/accounts/budgets/budget-window.js";
import { maxPollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import type { WebhookReceiver } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 26 item 3 through the public path: a YouTube account's comment poll spends its app's
 * daily quota (the sandbox's budget is the workspace's own), stops at the background share with
 * the pause the ledger names, and `quota.low` reaches the workspace's endpoint once a window.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

let counter = 0;
async function connect(ws: WorkspaceFixture): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle: `yt.budget${counter}` });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function pollRound() {
  // Far enough ahead that every account is due whatever its quiet backoff.
  t.clock.advance(maxPollIntervalMs("youtube"));
  await planInboxPolls(runtime);
  await t.drainJobs();
}

const quotaLows = (r: WebhookReceiver) => r.received.map((d) => JSON.parse(d.rawBody) as { type: string; data: Record<string, unknown> }).filter((b) => b.type === "quota.low");

describe("inbox polls held to the network budget", () => {
  it("a spent background share pauses every poll until Pacific midnight, with one quota.low; a person's reads still go through", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    expect((await ws.post("/v1/webhooks", { url: r.url, events: ["comment.received", "quota.low"] })).status).toBe(201);
    const accounts = [await connect(ws), await connect(ws)];
    const key = `youtube:test:${ws.id}`;
    const ledger = async () => (await t.db.select().from(networkBudgets).where(eq(networkBudgets.budgetKey, key)))[0];

    await pollRound();
    // Each baseline read one page of commentThreads.list at 3 units.
    expect(await ledger()).toMatchObject({ used: 6, ownerWorkspaceId: ws.id });

    // The rest of the day's background share (7,000 of 10,000 units) is spent.
    await t.db.update(networkBudgets).set({ used: 7_000 }).where(eq(networkBudgets.budgetKey, key));
    await pollRound();
    const now = t.clock.now();
    const day = budgetWindow({ day: "America/Los_Angeles" }, now);
    const cursors = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.workspaceId, ws.id));
    expect(cursors).toHaveLength(2);
    for (const cursor of cursors) {
      expect(cursor.lastError).toMatch(/^rate_limited: Background reads of youtube/);
      // Paused exactly until the quota resets (Retry-After is whole seconds).
      const late = (cursor.pausedUntil?.getTime() ?? 0) - day.end.getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(1000);
    }
    expect((await ledger())?.used).toBe(7_000);
    // Two accounts refused, one event; its payload says what, how much and until when.
    expect(quotaLows(r)).toHaveLength(1);
    expect(quotaLows(r)[0]?.data).toMatchObject({
      network: "youtube",
      budget: key,
      unit: "quota units",
      used: 7_000,
      cap: 10_000,
      backgroundCap: 7_000,
      resetsAt: day.end.toISOString(),
      reason: "refused",
      slowed: "inbox_polls",
    });
    expect(accounts).toContain(quotaLows(r)[0]?.data.account);

    // Later polls in the window are paused, not refused again: still one event.
    await pollRound();
    await pollRound();
    expect(quotaLows(r)).toHaveLength(1);
    const logged = await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), eq(events.type, "quota.low")));
    expect(logged).toHaveLength(1);

    // A person's read is never refused, even with the whole quota counted; it is counted too.
    await t.db.update(networkBudgets).set({ used: 10_000 }).where(eq(networkBudgets.budgetKey, key));
    expect((await ws.get(`/v1/notifications?account=${accounts[0]}`)).status).toBe(200);
    t.clock.advance(31_000);
    expect((await ws.get(`/v1/notifications?account=${accounts[1]}`)).status).toBe(200);
    expect((await ledger())?.used).toBeGreaterThanOrEqual(10_002);

    // After midnight Pacific the polls run again, in a new window.
    t.clock.set(new Date(day.end.getTime() + 60_000));
    await pollRound();
    const after = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.workspaceId, ws.id));
    expect(after.map((c) => c.lastError)).toEqual([null, null]);
    expect(await ledger()).toMatchObject({ used: 6, windowStart: day.end });

    // Past 80 % of the new day's share the next poll warns once more, for the new window.
    await t.db.update(networkBudgets).set({ used: 5_600 }).where(eq(networkBudgets.budgetKey, key));
    await pollRound();
    expect(quotaLows(r)).toHaveLength(2);
    // The shard booked a page for each of its two accounts in one reservation (3 units each).
    expect(quotaLows(r)[1]?.data).toMatchObject({ reason: "threshold", used: 5_606 });
    await pollRound();
    expect(quotaLows(r)).toHaveLength(2);
  });

  it("quota.low can be subscribed to by name, and an unknown name is still refused", async () => {
    const ws = await testWorkspace(t);
    const r = await receiver();
    const ok = await ws.post("/v1/webhooks", { url: r.url, events: ["quota.low"] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.events).toEqual(["quota.low"]);
    const bad = await ws.post("/v1/webhooks", { url: r.url, events: ["quota.lowish"] });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("quota.low");
  });
});
