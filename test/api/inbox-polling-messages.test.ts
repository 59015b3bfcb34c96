import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboxPollCursors } from "../../src/db/schema/index.js";
import { messagesFeed } from "../../src/domain/inbox/polling/messages-feed.js";
import { pollInbox } from "../../src/domain/inbox/polling/poll-account.js";
import { feedIntervalMs, maxPollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { polledEventsOf } from "../../src/domain/inbox/polling/polled-feeds.js";
import { planInboxPolls } from "../../src/domain/inbox/polling/poll-shards.js";
import { jobContext } from "../../src/domain/core/jobs/job-context.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { connect, conversations, send } from "../support/conversations.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 10 item 6 for direct messages: X DMs and Bluesky chat push nothing, so the inbox poll reads
 * them and records message.received, end to end from the sandbox's inbound route through the
 * simulated DM APIs, the job table and a real HTTP receiver.
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
  data: Record<string, unknown>;
}

const bodies = (r: WebhookReceiver) => r.received.map((d) => JSON.parse(d.rawBody) as Delivered);

async function register(ws: WorkspaceFixture, url: string): Promise<{ id: string; secret: string }> {
  const response = await ws.post("/v1/webhooks", { url, events: ["message.received"] });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A simulated person writes to the account; X and Bluesky keep it for the poll and record nothing themselves. */
async function inbound(ws: WorkspaceFixture, account: string, text: string, from: string): Promise<string> {
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "message", text, from });
  expect(response.status, response.text).toBe(200);
  const body = response.body;
  expect(body.recorded).toBe(false);
  return body.id;
}

const messagesEvery = (platform: PlatformId) => feedIntervalMs(platform, messagesFeed.name);

/**
 * One scheduled round for the messages feed: far enough ahead that every account is due whatever
 * its quiet backoff (and the messages feed's own interval has passed), the planner queues the
 * shards, the runner runs them and their deliveries.
 */
async function pollRound(platform: PlatformId) {
  t.clock.advance(Math.max(messagesEvery(platform), maxPollIntervalMs(platform)));
  await planInboxPolls(runtime);
  await t.drainJobs();
}

const handles = { twitter: ["ada_dm", "bob_dm"], bluesky: ["ada.dm.test", "bob.dm.test"] } as const;

describe.each(["twitter", "bluesky"] as const)("polling %s direct messages", (platform) => {
  const [ada, bob] = handles[platform];

  it("baselines, then delivers each new message once, signed, with no reply window; the account's own messages never", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    const hook = await register(ws, r.url);
    const account = await connect(ws, platform);
    await inbound(ws, account, "an old message", ada);

    await pollRound(platform);
    expect(bodies(r)).toEqual([]);
    const [cursor] = await t.db.select().from(inboxPollCursors).where(eq(inboxPollCursors.accountId, account));
    expect(cursor).toMatchObject({ feed: "messages", workspaceId: ws.id, lastError: null });
    expect(cursor?.highWaterAt).not.toBeNull();

    t.clock.advance(1000);
    const messageId = await inbound(ws, account, "a new message", ada);
    const sentAt = t.clock.now().toISOString();
    await pollRound(platform);
    const [first] = bodies(r);
    expect(bodies(r)).toHaveLength(1);
    expect(first).toMatchObject({ type: "message.received" });
    expect(first?.data).toEqual({
      account,
      platform,
      handle: expect.any(String),
      from: expect.any(String),
      messageId,
      text: "a new message",
      hasAttachments: false,
      receivedAt: sentAt,
      replyBy: null,
    });
    expect(first?.data.from).toMatch(platform === "bluesky" ? /^did:plc:/ : /^\d+$/);
    const delivery = r.received[0];
    if (!delivery) throw new Error("no delivery");
    expect(verifySignature(delivery, hook.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);

    await pollRound(platform);
    await pollRound(platform);
    expect(bodies(r)).toHaveLength(1);

    // The account answers through Chorus: its own message is no event, but the person's next one is.
    const conversation = (await conversations(ws)).items.find((c) => c.participants.some((p) => p.handle === ada));
    t.clock.advance(1000);
    const reply = await send(ws, conversation?.id ?? "", { account, text: "thanks, noted" });
    expect(reply.status, await reply.clone().text()).toBe(200);
    await pollRound(platform);
    expect(bodies(r)).toHaveLength(1);

    // Two conversations moved since the last poll: both are read, each message once (one poll's
    // events are due at the same instant, so the receiver may see them in either order).
    t.clock.advance(1000);
    const again = await inbound(ws, account, "one more thing", ada);
    t.clock.advance(1000);
    const other = await inbound(ws, account, "hello from bob", bob);
    await pollRound(platform);
    expect(
      bodies(r)
        .slice(1)
        .map((b) => [b.type, b.data.messageId, b.data.text])
        .sort(),
    ).toEqual(
      [
        ["message.received", again, "one more thing"],
        ["message.received", other, "hello from bob"],
      ].sort(),
    );
    const logged = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(logged.filter((e) => e.type === "message.received")).toHaveLength(3);
    expect(new Set(bodies(r).map((b) => b.id)).size).toBe(3);
  });

  it("a message reaches only the workspace that owns the account", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    const mine = await receiver();
    const theirs = await receiver();
    await register(owner, mine.url);
    await register(other, theirs.url);
    const account = await connect(owner, platform);
    await connect(other, platform);
    await pollRound(platform);
    t.clock.advance(1000);
    await inbound(owner, account, "for the owner only", ada);
    await pollRound(platform);
    expect(bodies(mine).map((b) => b.data.text)).toEqual(["for the owner only"]);
    expect(theirs.received).toEqual([]);
    // A job run in the other workspace's name reads nothing of this account.
    const ctx = await jobContext(runtime, other.id, "test");
    if (!ctx) throw new Error("no workspace");
    expect(await pollInbox(ctx, { accountId: account })).toEqual([]);
  });
});

describe("the messages feed's limits", () => {
  it("reads X direct messages at most every 5 minutes (15 DM reads per 15 min per user), while the sweep still runs every minute", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const r = await receiver();
    await register(ws, r.url);
    const account = await connect(ws, "twitter");
    const ctx = await jobContext(runtime, ws.id, "test");
    if (!ctx) throw new Error("no workspace");
    expect(await pollInbox(ctx, { accountId: account })).toEqual([{ feed: "messages", outcome: "baselined", recorded: 0 }]);
    t.clock.advance(1000);
    await inbound(ws, account, "are you there?", "patient_dm");
    t.clock.advance(60_000);
    expect(await pollInbox(ctx, { accountId: account })).toEqual([{ feed: "messages", outcome: "skipped", reason: "recently_polled" }]);
    t.clock.advance(4 * 60_000);
    expect(await pollInbox(ctx, { accountId: account })).toEqual([{ feed: "messages", outcome: "polled", recorded: 1 }]);
    await t.drainJobs();
    expect(bodies(r).map((b) => b.data.text)).toEqual(["are you there?"]);
  });

  it("Facebook and Instagram push their messages, so their accounts are never polled for them", () => {
    expect(polledEventsOf(messagesFeed, "facebook")).toEqual([]);
    expect(polledEventsOf(messagesFeed, "instagram")).toEqual([]);
    expect(polledEventsOf(messagesFeed, "twitter")).toEqual(["message.received"]);
  });
});
