import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboxPollCursors, socialAccounts } from "../../src/db/schema/index.js";
import type { DomainContext } from "../../src/domain/core/context.js";
import { feedsToPoll, pollFeed } from "../../src/domain/inbox/polling/poll-account.js";
import type { FeedRead, PolledItem } from "../../src/domain/inbox/polling/polled-feeds.js";
import { notificationToInbound, polledFeeds } from "../../src/domain/inbox/polling/polled-feeds.js";
import { jobContext } from "../../src/domain/core/jobs/job-context.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { ApiError } from "../../src/infra/errors.js";
import type { NetworkNotification } from "../../src/networks/facets/inbox.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 10 item 6, "an item is never delivered twice", and none lost: a burst of more pages
 * than one poll may read is drained by the following polls, through a scripted network whose
 * page cursors name the last item of the page (as X's and Bluesky's do, so new items arriving
 * at the top do not shift them).
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

const PAGE = 10;
const person = { id: "did:plc:fan", handle: "fan.test", displayName: null, avatarUrl: null, url: null };
const mention = (id: string, at: number): NetworkNotification => ({
  id,
  kind: "mentions",
  actor: person,
  subject: { networkPostId: `at://post/${id}`, url: null },
  text: `text of ${id}`,
  createdAt: new Date(at).toISOString(),
  seen: false,
});
const BASE = Date.parse("2026-11-21T10:00:00.000Z");

/** A network's notification list, newest first, with cursors it may stop accepting. */
class ScriptedFeed {
  items: NetworkNotification[] = [];
  readonly asked: (string | null)[] = [];
  readonly refused = new Set<string>();
  /** Cursors answered with an empty page, as Bluesky's AppView answers one it cannot read. */
  readonly blank = new Set<string>();
  private next = 0;

  constructor(private readonly networkUserId: string) {}

  /** `count` new mentions, one second apart, newer than everything already there. */
  arrive(count: number, prefix: string): string[] {
    const newest = this.items[0] ? Date.parse(this.items[0].createdAt) : BASE;
    const added = Array.from({ length: count }, (_, n) => mention(`${prefix}-${this.next++}`, newest + (n + 1) * 1000));
    this.items = [...added.reverse(), ...this.items];
    return added.map((m) => m.id);
  }

  readonly read: FeedRead = async (_tokens, page) => {
    this.asked.push(page.cursor);
    if (page.cursor !== null && this.refused.has(page.cursor)) throw new ApiError("platform_rejected", { platform: "bluesky", message: "InvalidRequest: malformed cursor" });
    if (page.cursor !== null && this.blank.has(page.cursor)) return { items: [], cursor: null };
    const start = page.cursor === null ? 0 : this.items.findIndex((n) => n.id === page.cursor) + 1;
    const slice = this.items.slice(start, start + page.limit);
    const last = slice.at(-1);
    const items = slice.map((n): PolledItem => ({ id: n.id, createdAt: n.createdAt, inbound: notificationToInbound({ platform: "bluesky", networkUserId: this.networkUserId }, n) }));
    return { items, cursor: last && start + slice.length < this.items.length ? last.id : null };
  };
}

let counter = 0;
async function setUp(ws: WorkspaceFixture): Promise<{ ctx: DomainContext; row: typeof socialAccounts.$inferSelect; feed: ScriptedFeed; warnings: string[] }> {
  const response = await ws.post("/v1/webhooks", { url: (await receiver()).url, events: ["mention.received", "comment.received"] });
  expect(response.status, response.text).toBe(201);
  counter += 1;
  const connected = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: `burst${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(connected.status, connected.text).toBe(201);
  const { id } = connected.body;
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
  if (!row) throw new Error("no account");
  const base = await jobContext(runtime, ws.id, "test");
  if (!base) throw new Error("no workspace");
  const warnings: string[] = [];
  const logger = { ...base.services.logger, warn: (message: string) => void warnings.push(message) };
  const ctx: DomainContext = { ...base, services: { ...base.services, logger } };
  return { ctx, row, feed: new ScriptedFeed(row.networkUserId), warnings };
}

function entryOf(feed: ScriptedFeed) {
  const notifications = polledFeeds.find((f) => f.name === "notifications");
  if (!notifications) throw new Error("no notifications feed");
  return { feed: { ...notifications, pageSize: PAGE }, read: feed.read, events: ["mention.received", "comment.received"] };
}

async function mentionEvents(ws: WorkspaceFixture): Promise<{ id: string; createdAt: string }[]> {
  const rows = await t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, ws.id), eq(events.type, "mention.received")));
  return rows.map((e) => ({ id: String(e.data.mentionId), createdAt: String(e.data.createdAt) }));
}

const cursorOf = async (accountId: string) => (await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, accountId)))[0];

/** The next poll window (a minute later), asking only what this poll asks the network. */
async function poll(ctx: DomainContext, row: typeof socialAccounts.$inferSelect, feed: ScriptedFeed) {
  t.clock.advance(60_000);
  feed.asked.length = 0;
  return pollFeed(ctx, row, entryOf(feed));
}

describe("a burst larger than one poll's page budget", () => {
  it("is delivered in full over the following polls, each item exactly once, nothing from before the baseline", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { ctx, row, feed } = await setUp(ws);
    const before = feed.arrive(25, "before");
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "baselined", recorded: 0 });

    // Five pages of mentions and two more: a viral post between two polls.
    const burst = feed.arrive(5 * PAGE + 2, "burst");
    expect(await poll(ctx, row, feed)).toEqual({ feed: "notifications", outcome: "polled", recorded: 3 * PAGE });
    expect(feed.asked).toHaveLength(3);
    const stopped = await cursorOf(row.id);
    expect(stopped?.backlog).toHaveLength(1);
    expect(stopped?.backlog?.[0]?.cursor).toBe(feed.items[3 * PAGE - 1]?.id);
    // The mark is the newest item: the next poll's newest walk is as short as ever.
    expect(stopped?.highWaterIds).toEqual([feed.items[0]?.id]);

    // More arrive while the backlog drains; the newest walk takes them, the backlog its own stretch.
    const later = feed.arrive(3, "later");
    expect(await poll(ctx, row, feed)).toEqual({ feed: "notifications", outcome: "polled", recorded: 3 + 2 * PAGE });
    expect(feed.asked).toHaveLength(3);
    expect((await cursorOf(row.id))?.backlog).toHaveLength(1);

    // The last stretch reaches below the floor: the backlog is empty and the pre-baseline items are not news.
    expect(await poll(ctx, row, feed)).toEqual({ feed: "notifications", outcome: "polled", recorded: 2 });
    expect((await cursorOf(row.id))?.backlog).toBeNull();
    expect(await poll(ctx, row, feed)).toEqual({ feed: "notifications", outcome: "polled", recorded: 0 });
    expect(feed.asked).toEqual([null]);

    const recorded = await mentionEvents(ws);
    const ids = recorded.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...burst, ...later].sort());
    expect(ids.some((id) => before.includes(id))).toBe(false);
    // Each event keeps the item's own time, not the poll's.
    const times = new Map(feed.items.map((n) => [n.id, n.createdAt]));
    for (const e of recorded) expect(e.createdAt).toBe(times.get(e.id));
  });

  it("drops a backlog whose cursor the network refuses, once, with the reason in lastError, and keeps polling", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { ctx, row, feed, warnings } = await setUp(ws);
    feed.arrive(5, "before");
    await poll(ctx, row, feed);
    feed.arrive(5 * PAGE, "burst");
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: 3 * PAGE });
    const gap = (await cursorOf(row.id))?.backlog?.[0];
    if (!gap) throw new Error("no backlog stored");

    // The stored page token expired; a new mention arrives meanwhile.
    feed.refused.add(gap.cursor);
    const fresh = feed.arrive(1, "fresh");
    expect(await poll(ctx, row, feed)).toEqual({ feed: "notifications", outcome: "polled", recorded: 1 });
    expect(feed.asked).toEqual([null, gap.cursor]);
    const after = await cursorOf(row.id);
    expect(after?.backlog).toBeNull();
    expect(after?.lastError).toMatch(/^platform_rejected: /);
    expect(warnings).toEqual(["inbox poll backlog dropped: the network refused its page cursor"]);
    expect((await mentionEvents(ws)).map((e) => e.id)).toContain(fresh[0]);

    // Never asked again: the next poll is an ordinary one-page poll and clears the error.
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: 0 });
    expect(feed.asked).toEqual([null]);
    expect((await cursorOf(row.id))?.lastError).toBeNull();
  });

  it("ends a backlog whose cursor comes back as an empty page, with a warning and without asking again", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { ctx, row, feed, warnings } = await setUp(ws);
    feed.arrive(5, "before");
    await poll(ctx, row, feed);
    feed.arrive(4 * PAGE, "burst");
    await poll(ctx, row, feed);
    const gap = (await cursorOf(row.id))?.backlog?.[0];
    if (!gap) throw new Error("no backlog stored");
    feed.blank.add(gap.cursor);
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: 0 });
    expect(feed.asked).toEqual([null, gap.cursor]);
    expect((await cursorOf(row.id))?.backlog).toBeNull();
    expect(warnings).toEqual(["inbox poll backlog ended early: the network returned an empty page above the floor"]);
    await poll(ctx, row, feed);
    expect(feed.asked).toEqual([null]);
  });

  it("keeps the backlog through a passing failure and drains it on a later poll", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { ctx, row, feed } = await setUp(ws);
    feed.arrive(5, "before");
    await poll(ctx, row, feed);
    const burst = feed.arrive(4 * PAGE, "burst");
    await poll(ctx, row, feed);
    const gap = (await cursorOf(row.id))?.backlog?.[0];
    if (!gap) throw new Error("no backlog stored");

    const read = feed.read;
    const down: FeedRead = async (tokens, page, net) => {
      if (page.cursor === gap.cursor) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "UpstreamFailure" });
      return read(tokens, page, net);
    };
    t.clock.advance(60_000);
    expect(await pollFeed(ctx, row, { ...entryOf(feed), read: down })).toMatchObject({ outcome: "polled", recorded: 0 });
    expect((await cursorOf(row.id))?.backlog).toMatchObject([{ cursor: gap.cursor, failures: 1 }]);

    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: PAGE });
    const ids = (await mentionEvents(ws)).map((e) => e.id);
    expect([...ids].sort()).toEqual([...burst].sort());
    expect((await cursorOf(row.id))?.backlog).toBeNull();
  });
});

describe("a poll without backlog", () => {
  it("asks the network exactly what it asked before: one page when the mark is on it, until the mark otherwise", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { ctx, row, feed } = await setUp(ws);
    feed.arrive(5, "before");
    await poll(ctx, row, feed);
    expect(feed.asked).toEqual([null]);

    feed.arrive(2, "one");
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: 2 });
    expect(feed.asked).toEqual([null]);

    feed.arrive(PAGE + 4, "two");
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: PAGE + 4 });
    expect(feed.asked).toEqual([null, feed.items[PAGE - 1]?.id]);

    // Exactly three pages of news also leaves nothing behind when the third page reaches the mark.
    feed.arrive(3 * PAGE - 1, "three");
    expect(await poll(ctx, row, feed)).toMatchObject({ outcome: "polled", recorded: 3 * PAGE - 1 });
    expect(feed.asked).toHaveLength(3);
    expect((await cursorOf(row.id))?.backlog).toBeNull();
  });
});

describe.each(["bluesky", "twitter"] as const)("a burst read from the %s simulator", (platform) => {
  it("is delivered in full over two polls, each mention once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const response = await ws.post("/v1/webhooks", { url: (await receiver()).url, events: ["mention.received"] });
    expect(response.status, response.text).toBe(201);
    counter += 1;
    const json = { platform, handle: platform === "bluesky" ? `simburst${counter}.test` : `simburst_${counter}`, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
    const connected = await ws.post("/v1/social-accounts/connect", json);
    expect(connected.status, connected.text).toBe(201);
    const { id } = connected.body;
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    const ctx = await jobContext(runtime, ws.id, "test");
    if (!row || !ctx) throw new Error("no account");
    const mention = async (text: string) => {
      t.clock.advance(1000);
      const made = await ws.post(`/v1/sandbox/social-accounts/${id}/activity`, { action: "mention", text });
      expect(made.status, made.text).toBe(201);
      return made.body.networkId;
    };
    const [entry] = (await feedsToPoll(ctx, row)).filter((e) => e.feed.name === "notifications");
    if (!entry) throw new Error("no notifications feed");
    // Small pages (X's floor for max_results is 5) keep the burst short; the walk is the same.
    const small = { ...entry, feed: { ...entry.feed, pageSize: 5 } };

    await mention("before the baseline");
    t.clock.advance(60_000);
    expect(await pollFeed(ctx, row, small)).toMatchObject({ outcome: "baselined" });
    const burst: string[] = [];
    for (let n = 0; n < 17; n++) burst.push(await mention(`burst ${n}`));
    t.clock.advance(60_000);
    expect(await pollFeed(ctx, row, small)).toMatchObject({ outcome: "polled", recorded: 15 });
    expect((await cursorOf(row.id))?.backlog).toHaveLength(1);
    t.clock.advance(60_000);
    expect(await pollFeed(ctx, row, small)).toMatchObject({ outcome: "polled", recorded: 2 });
    const after = await cursorOf(row.id);
    expect(after?.backlog).toBeNull();
    expect(after?.lastError).toBeNull();
    const ids = (await mentionEvents(ws)).map((e) => e.id);
    expect([...ids].sort()).toEqual([...burst].sort());
  });
});
