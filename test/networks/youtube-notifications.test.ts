import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { type SandboxVideo, channelOf } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { apiError, connectThroughConsent, createSandbox, type Sandbox } from "./harness.js";

/**
 * YouTube has no notifications API: the adapter lists the comments on the channel's videos
 * (commentThreads.list?allThreadsRelatedToChannelId) as `replies` notifications, which the inbox
 * poller turns into comment.received. Every request is checked against the v3 discovery document.
 */
const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "youtube" });
const inbox = youtubeAdapter.inbox as Required<InboxFacet>;

async function channel(ctx: Sandbox, handle: string, videoIds: string[]) {
  const { tokens } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz", pageText: "Sandbox youtube" });
  const identity = await youtubeAdapter.identity(tokens, ctx.net);
  const account = (await ctx.store.list<{ id: string; handle: string }>("youtube", "account")).find((a) => a.data.handle === handle)?.data;
  if (!account) throw new Error("no simulated account");
  const deps = { store: ctx.store, now: () => ctx.clock.now, publicUrl: "http://chorus.test", sleep: async () => {} };
  const own = await channelOf(deps, account.id);
  for (const id of videoIds) {
    const video: SandboxVideo = {
      id,
      channelId: own?.id ?? "",
      accountId: account.id,
      snippet: { title: id, description: "", categoryId: "22" },
      status: { privacyStatus: "public" },
      uploadedAt: new Date(ctx.clock.now.getTime() - 600_000).toISOString(),
      file: "video",
      duplicateOf: null,
      sha256: "0".repeat(64),
    };
    await ctx.store.put("youtube", "video", video.id, video, account.id);
  }
  return { tokens, channelId: identity.networkUserId, accountId: account.id };
}

describe("YouTube notifications from the channel's comment threads", () => {
  it("lists other people's comments on every video of the channel, newest first, paged, never the channel's own or another channel's", async () => {
    const ctx = setup();
    const me = await channel(ctx, "notified.channel", ["vidNotify001", "vidNotify002"]);
    const other = await channel(ctx, "other.channel", ["vidElsewhere"]);
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    const comment = async (recipientId: string, actorHandle: string, subject: string, text: string) => {
      ctx.advance(1000);
      const made = await simulate({ action: "reply", recipientId, actorHandle, subject, text });
      if (!made.ok) throw new Error(made.reason);
      return made.networkId;
    };
    const first = await comment(me.accountId, "viewer.one", "vidNotify001", "first!");
    await comment(me.accountId, "notified.channel", "vidNotify001", "pinned: thanks for watching");
    await comment(other.accountId, "viewer.one", "vidElsewhere", "not on my channel");
    const second = await comment(me.accountId, "viewer.two", "vidNotify002", "great edit");
    // An answer inside a thread is not a new thread: the thread's top-level comment stays the item.
    await inbox.replyToComment(me.tokens, { commentId: first, networkUserId: me.channelId, text: "glad you liked it" }, ctx.net);

    const page = await inbox.listNotifications(me.tokens, { cursor: null, limit: 50, networkUserId: me.channelId }, ctx.net);
    expect(page.cursor).toBeNull();
    expect(page.items.map((n) => [n.kind, n.id, n.text, n.subject?.networkPostId])).toEqual([
      ["replies", second, "great edit", "vidNotify002"],
      ["replies", first, "first!", "vidNotify001"],
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { id: expect.stringMatching(/^UC/), handle: expect.stringContaining("viewer.two"), url: expect.stringContaining("youtube.com/channel/") },
      subject: { networkPostId: "vidNotify002", url: "https://www.youtube.com/watch?v=vidNotify002" },
      seen: false,
    });
    expect(page.items[0]?.actor.id).not.toBe(me.channelId);

    const one = await inbox.listNotifications(me.tokens, { cursor: null, limit: 1, networkUserId: me.channelId }, ctx.net);
    expect(one.items.map((n) => n.id)).toEqual([second]);
    expect(one.cursor).not.toBeNull();
    const next = await inbox.listNotifications(me.tokens, { cursor: one.cursor, limit: 1, networkUserId: me.channelId }, ctx.net);
    // The channel's own top-level comment takes a place on the network's page but is no notification.
    const rest = [...next.items];
    let cursor = next.cursor;
    while (cursor) {
      const more = await inbox.listNotifications(me.tokens, { cursor, limit: 1, networkUserId: me.channelId }, ctx.net);
      rest.push(...more.items);
      cursor = more.cursor;
    }
    expect(rest.map((n) => n.id)).toEqual([first]);

    const calls = ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/commentThreads"));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const url = new URL(call.url);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ part: "snippet", allThreadsRelatedToChannelId: me.channelId, order: "time", textFormat: "plainText" });
    }
    const checks = calls.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    expect([...new Set(checks.map((c) => c.methodId))]).toEqual(["youtube.commentThreads.list"]);
    const method = findMethod(discovery, "youtube.commentThreads.list");
    expect(method && scopesAllow(method, me.tokens.scopes)).toBe(true);
  });

  it("the simulator refuses what YouTube refuses: no filter, two filters, an unknown channel", async () => {
    const ctx = setup();
    const me = await channel(ctx, "strict.channel", ["vidStrict001"]);
    const get = (query: string) => ctx.net.fetch(`https://youtube.googleapis.com/youtube/v3/commentThreads?part=snippet${query}`, { headers: { authorization: `Bearer ${me.tokens.accessToken}` } });
    const none = await get("");
    expect(none.status).toBe(400);
    const both = await get(`&videoId=vidStrict001&allThreadsRelatedToChannelId=${me.channelId}`);
    expect(both.status).toBe(400);
    const unknown = await get("&allThreadsRelatedToChannelId=UCnosuchchannel0000000");
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(await unknown.json())).toContain("channelNotFound");
    expect((await apiError(inbox.listNotifications(me.tokens, { cursor: null, limit: 20, networkUserId: "UCnosuchchannel0000000" }, ctx.net))).code).toBe("platform_rejected");
  });
});
