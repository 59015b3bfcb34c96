import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountPolls, events, inboxPollCursors, socialAccounts } from "../../src/db/schema/index.js";
import { jobContext } from "../../src/domain/core/jobs/job-context.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type FeedOutcome, pollFeed, pollInbox } from "../../src/domain/inbox/polling/poll-account.js";
import type { FeedRead, PolledItem } from "../../src/domain/inbox/polling/polled-feeds.js";
import { notificationToInbound, polledFeeds } from "../../src/domain/inbox/polling/polled-feeds.js";
import type { NetworkNotification } from "../../src/networks/facets/inbox.js";
import { maxPollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 10 item 6: X and Bluesky push nothing, so a scheduled poll per account turns new
 * mentions and replies into mention.received / comment.received, end to end through the
 * sandbox simulators, the job table and a real HTTP receiver.
 */
let t: TestApp;
let runtime: JobRuntime;
const receiver = useWebhookReceivers();

beforeAll(async () => {
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  runtime = t.jobRuntime();
});

interface Delivered {
  id: string;
  type: string;
  data: Record<string, unknown> & { author?: { id: string; handle: string } };
}

async function register(ws: WorkspaceFixture, url: string, subscribed: string[] = ["mention.received", "comment.received"]): Promise<{ id: string; secret: string }> {
  const response = await ws.post("/v1/webhooks", { url, events: subscribed });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<{ id: string; handle: string }> {
  counter += 1;
  const handle = platform === "bluesky" ? `poll${counter}.test` : `poll_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function publish(ws: WorkspaceFixture, account: string, text: string): Promise<{ id: string; networkPostId: string }> {
  const response = await ws.post("/v1/posts", { text, accounts: [account] });
  expect(response.status, response.text).toBe(201);
  const post = response.body;
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

async function act(ws: WorkspaceFixture, account: string, json: Record<string, unknown>): Promise<string> {
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, json);
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

/**
 * One scheduled round, far enough ahead that every account is due whatever its quiet backoff: the
 * planner queues the shards, the runner runs them and the deliveries they cause.
 */
async function pollRound(platform: PlatformId) {
  t.clock.advance(maxPollIntervalMs(platform));
  await planInboxPolls(runtime);
  while ((await runDueJobs(runtime)) > 0);
}

const bodies = (r: WebhookReceiver) => r.received.map((d) => JSON.parse(d.rawBody) as Delivered);
/** The account's poll schedule: `nextPollAt` null is dormant (nobody listens). */
const scheduleOf = (account: string) =>
  t.db
    .select()
    .from(accountPolls)
    .where(eq(accountPolls.accountId, account))
    .then((rows) => rows[0]);
/** When each feed of the account was last read: unchanged means not polled. */
const lastPolls = (account: string) => t.db.select({ feed: inboxPollCursors.feed, at: inboxPollCursors.lastPolledAt }).from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account));

describe.each(["twitter", "bluesky"] as const)("polling %s for mentions and replies", (platform) => {
  it("baselines on the first poll, then delivers each new mention and reply exactly once, signed", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await register(ws, r.url);
    const account = await connect(ws, platform);
    const post = await publish(ws, account.id, "poll me");
    await act(ws, account.id, { action: "mention", text: "an old mention" });
    await act(ws, account.id, { action: "reply", post: post.id, text: "an old reply" });

    await pollRound(platform);
    expect(bodies(r)).toEqual([]);
    const [cursor] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id));
    expect(cursor).toMatchObject({ feed: "notifications", workspaceId: ws.id, lastError: null });
    expect(cursor?.highWaterAt).not.toBeNull();

    t.clock.advance(1000);
    const mentionId = await act(ws, account.id, { action: "mention", text: "a new mention", actor: platform === "bluesky" ? "ada.sandbox.test" : "ada_sandbox" });
    await pollRound(platform);
    const first = bodies(r);
    expect(first.map((b) => b.type)).toEqual(["mention.received"]);
    expect(first[0]?.data).toMatchObject({ account: account.id, platform, mentionId, text: expect.stringContaining("a new mention"), author: { handle: expect.stringContaining("ada") } });
    expect(verifySignature(r.received[0] ?? { headers: {}, rawBody: "", receivedAt: 0 }, hook.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);

    await pollRound(platform);
    await pollRound(platform);
    expect(bodies(r)).toHaveLength(1);

    t.clock.advance(1000);
    const replyId = await act(ws, account.id, { action: "reply", post: post.id, text: "a new reply" });
    await pollRound(platform);
    const second = bodies(r).slice(1);
    expect(second.map((b) => b.type)).toEqual(["comment.received"]);
    expect(second[0]?.data).toMatchObject({ account: account.id, platform, commentId: replyId, postId: post.id, networkPostId: post.networkPostId, text: expect.stringContaining("a new reply") });
    // The events log has them once each, whatever the number of polls.
    const logged = await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id)));
    expect(logged.filter((e) => e.type === "mention.received" || e.type === "comment.received")).toHaveLength(2);
  });

  it("never delivers the account's own reply", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, platform);
    const post = await publish(ws, account.id, "my own thread");
    await pollRound(platform);
    t.clock.advance(1000);
    await act(ws, account.id, { action: "reply", post: post.id, text: "answering myself", actor: account.handle });
    await pollRound(platform);
    expect(bodies(r)).toEqual([]);
  });

  it("does not poll an account whose workspace has no endpoint listening for these events", async () => {
    const quiet = await testWorkspace(t, { plan: "subscription" });
    const lonely = await connect(quiet, platform);
    const other = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(other, r.url, ["post.published"]);
    const unsubscribed = await connect(other, platform);
    await act(quiet, lonely.id, { action: "mention", text: "anyone?" });
    await pollRound(platform);
    await pollRound(platform);
    // Polled once each (connecting wakes an account), found nobody listening, and left dormant.
    expect(await scheduleOf(lonely.id)).toMatchObject({ nextPollAt: null });
    expect(await scheduleOf(unsubscribed.id)).toMatchObject({ nextPollAt: null });
    expect(await lastPolls(unsubscribed.id)).toEqual([]);
    expect(await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.workspaceId, quiet.id))).toEqual([]);
    // A disabled endpoint listens to nothing either.
    const hook = await register(quiet, r.url);
    expect((await quiet.patch(`/v1/webhooks/${hook.id}`, { enabled: false })).status).toBe(200);
    await pollRound(platform);
    expect(await scheduleOf(lonely.id)).toMatchObject({ nextPollAt: null });
    expect(await lastPolls(lonely.id)).toEqual([]);
    // Enabled again: polled from then on, starting with a baseline (the old mention is not news).
    expect((await quiet.patch(`/v1/webhooks/${hook.id}`, { enabled: true })).status).toBe(200);
    expect((await scheduleOf(lonely.id))?.nextPollAt).toEqual(t.clock.now());
    await pollRound(platform);
    await pollRound(platform);
    expect((await lastPolls(lonely.id)).length).toBeGreaterThan(0);
    expect((await scheduleOf(lonely.id))?.nextPollAt).not.toBeNull();
    expect(r.received).toEqual([]);
  });
});

describe("polling is scoped to the account's workspace", () => {
  it("a poll job naming another workspace's account polls nothing and records nothing", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(owner, r.url);
    const account = await connect(owner, "bluesky");
    const intruder = await testWorkspace(t, { plan: "subscription" });
    await register(intruder, r.url);
    const ctx = await jobContext(runtime, intruder.id, "test");
    if (!ctx) throw new Error("no workspace");
    await act(owner, account.id, { action: "mention", text: "for the owner only" });
    expect(await pollInbox(ctx, { accountId: account.id })).toEqual([]);
    expect(await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id))).toEqual([]);
    // A live job context does not reach the test account either.
    const live = await jobContext(runtime, owner.id, "live");
    if (!live) throw new Error("no workspace");
    expect(await pollInbox(live, { accountId: account.id })).toEqual([]);
    expect(r.received).toEqual([]);
  });
});

describe("polling faults", () => {
  const poll = async (ws: WorkspaceFixture, account: string): Promise<FeedOutcome[]> => {
    const ctx = await jobContext(runtime, ws.id, "test");
    if (!ctx) throw new Error("no workspace");
    return pollInbox(ctx, { accountId: account });
  };
  const setFault = async (ws: WorkspaceFixture, account: string, fault: string | null) => {
    const response = await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault });
    expect(response.status, response.text).toBe(200);
  };

  it("a rate-limited network pauses the account's polls for the network's wait, then resumes without losing anything", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, "twitter");
    expect(await poll(ws, account.id)).toEqual([{ feed: "notifications", outcome: "baselined", recorded: 0 }]);
    t.clock.advance(60_000);
    await setFault(ws, account.id, "rate_limited");
    await act(ws, account.id, { action: "mention", text: "while throttled" });
    const [paused] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id));
    expect(await poll(ws, account.id)).toEqual([{ feed: "notifications", outcome: "failed", code: "rate_limited", pausedUntil: expect.any(Date) }]);
    const [pausedNow] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id));
    expect(paused?.pausedUntil ?? null).toBeNull();
    expect(pausedNow?.pausedUntil?.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(pausedNow?.lastError).toMatch(/^rate_limited/);
    await setFault(ws, account.id, null);
    t.clock.advance(60_000);
    expect(await poll(ws, account.id)).toEqual([{ feed: "notifications", outcome: "skipped", reason: "paused", pausedUntil: pausedNow?.pausedUntil }]);
    t.clock.set(new Date((pausedNow?.pausedUntil?.getTime() ?? 0) + 1000));
    expect(await poll(ws, account.id)).toEqual([{ feed: "notifications", outcome: "polled", recorded: 1 }]);
    while ((await runDueJobs(runtime)) > 0);
    expect(bodies(r).map((b) => [b.type, b.data.text])).toEqual([["mention.received", expect.stringContaining("while throttled")]]);
  });

  it("an expired token is renewed and the poll goes on; an account that needs reauthorising is not polled", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, "bluesky");
    await pollRound("bluesky");
    await setFault(ws, account.id, "expired_token");
    await act(ws, account.id, { action: "mention", text: "after the expiry" });
    await pollRound("bluesky");
    expect(bodies(r).map((b) => b.type)).toEqual(["mention.received"]);
    // A refresh that failed earlier (or a revoked app) left the account waiting for its user.
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, account.id));
    await act(ws, account.id, { action: "mention", text: "while disconnected" });
    const before = await lastPolls(account.id);
    await pollRound("bluesky");
    await pollRound("bluesky");
    // Its next poll found it waiting for its user: dormant until a reconnection wakes it.
    expect(await lastPolls(account.id)).toEqual(before);
    expect(await scheduleOf(account.id)).toMatchObject({ nextPollAt: null });
    expect(await poll(ws, account.id)).toEqual([]);
    expect(r.received).toHaveLength(1);
  });

  it("a network that is down fails the poll quietly; the next window catches up", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, "bluesky");
    await pollRound("bluesky");
    await setFault(ws, account.id, "down");
    await act(ws, account.id, { action: "mention", text: "during the outage" });
    await pollRound("bluesky");
    expect(r.received).toEqual([]);
    await setFault(ws, account.id, null);
    await pollRound("bluesky");
    expect(bodies(r).map((b) => b.type)).toEqual(["mention.received"]);
  });
});

describe("the poller's own rules, read through a scripted feed", () => {
  const person = { id: "did:plc:someone", handle: "someone.test", displayName: null, avatarUrl: null, url: null };
  const note = (id: string, kind: NetworkNotification["kind"], createdAt: string, actor = person): NetworkNotification => ({
    id,
    kind,
    actor,
    subject: { networkPostId: `at://post/${id}`, url: null },
    text: `text of ${id}`,
    createdAt,
    seen: false,
  });

  it("skips the account's own items, items already seen at the mark's second, and kinds that are no event; pages until the mark", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, "bluesky");
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    if (!row) throw new Error("no account");
    const ctx = await jobContext(runtime, ws.id, "test");
    if (!ctx) throw new Error("no workspace");
    const own = { ...person, id: row.networkUserId, handle: row.handle };
    let script: NetworkNotification[][] = [];
    const asked: (string | null)[] = [];
    const read: FeedRead = async (_tokens, page) => {
      asked.push(page.cursor);
      const index = page.cursor === null ? 0 : Number(page.cursor);
      const items = (script[index] ?? []).map((n): PolledItem => ({ id: n.id, createdAt: n.createdAt, inbound: notificationToInbound({ platform: "bluesky", networkUserId: row.networkUserId }, n) }));
      return { items, cursor: index + 1 < script.length ? String(index + 1) : null };
    };
    const feed = polledFeeds[0];
    if (!feed) throw new Error("no feed");
    const entry = { feed, read, events: ["mention.received", "comment.received"] };

    script = [[note("old-a", "mentions", "2026-11-21T11:00:05.000Z"), note("old-b", "mentions", "2026-11-21T11:00:05.000Z")], [note("older", "mentions", "2026-11-21T10:00:00.000Z")]];
    expect(await pollFeed(ctx, row, entry)).toEqual({ feed: "notifications", outcome: "baselined", recorded: 0 });
    // The baseline reads one page: what came before is not news, however much of it there is.
    expect(asked).toEqual([null]);

    t.clock.advance(60_000);
    asked.length = 0;
    script = [
      [note("own-reply", "replies", "2026-11-21T11:00:09.000Z", own), note("a-like", "likes", "2026-11-21T11:00:08.000Z"), note("new-reply", "replies", "2026-11-21T11:00:07.000Z")],
      [note("same-second", "mentions", "2026-11-21T11:00:05.000Z"), note("old-a", "mentions", "2026-11-21T11:00:05.000Z"), note("older", "mentions", "2026-11-21T10:00:00.000Z")],
      [note("never-read", "mentions", "2026-11-21T09:00:00.000Z")],
    ];
    expect(await pollFeed(ctx, row, entry)).toEqual({ feed: "notifications", outcome: "polled", recorded: 2 });
    // Paging stopped at the page that reached below the mark.
    expect(asked).toEqual([null, "1"]);
    while ((await runDueJobs(runtime)) > 0);
    // One poll's events are due at the same instant; receivers order by nothing but their own ids.
    expect(
      bodies(r)
        .map((b) => [b.type, b.data.text])
        .sort(),
    ).toEqual([
      ["comment.received", "text of new-reply"],
      ["mention.received", "text of same-second"],
    ]);
    const [cursor] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account.id));
    expect(cursor?.highWaterAt?.toISOString()).toBe("2026-11-21T11:00:09.000Z");
    expect(cursor?.highWaterIds).toEqual(["own-reply"]);
  });
});
