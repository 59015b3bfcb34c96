import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import type { Simulator } from "../../src/sandbox/types.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { bench, connect, rejectsWith } from "./facebook-helpers.js";

/**
 * The notification reads added for Threads (its mentions edge) and Facebook (where a page was
 * tagged), through each adapter against its simulator; Facebook's requests are checked against
 * Meta's own Graph node descriptions. Mentions are made by simulated people, as a test key does.
 */

function listOf(inbox: InboxFacet | undefined): NonNullable<InboxFacet["listNotifications"]> {
  const list = inbox?.listNotifications;
  if (!list) throw new Error("the adapter must list notifications");
  return list.bind(inbox);
}

const simulatorOf = (sims: Simulator[], platform: string): Simulator => {
  const sim = sims.find((s) => s.platform === platform);
  if (!sim?.simulateActivity) throw new Error(`no ${platform} activity`);
  return sim;
};

async function mention(sim: Simulator, recipientId: string, actorHandle: string, text: string): Promise<string> {
  const result = await sim.simulateActivity?.({ action: "mention", recipientId, actorHandle, subject: null, text });
  if (!result?.ok) throw new Error(`mention refused: ${JSON.stringify(result)}`);
  return result.networkId;
}

describe("threads mentions as notifications", () => {
  const list = listOf(threadsAdapter.inbox);

  it("reads GET /{user-id}/mentions newest first, paged by Graph cursors, each a mention about the mentioning post", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens = await connect(threadsAdapter, net, "thread.star");
    const me = String(tokens.extra.userId);
    const sim = simulatorOf(b.sims, "threads");
    const first = await mention(sim, me, "fan.one", "first shout-out");
    b.advance(60);
    const second = await mention(sim, me, "fan.two", "second shout-out");
    b.advance(60);
    // A post naming someone else is no notification of this account.
    await sim.simulateActivity?.({ action: "mention", recipientId: (await sim.seedAccount({ handle: "thread.other" })).id, actorHandle: "fan.one", subject: null, text: "not you" });

    const sent = b.sent.length;
    const page1 = await list(tokens, { cursor: null, limit: 1, networkUserId: me }, net);
    expect(page1.items).toEqual([
      {
        id: second,
        kind: "mentions",
        actor: { id: "fan.two", handle: "fan.two", displayName: null, avatarUrl: null, url: "https://www.threads.net/@fan.two" },
        subject: { networkPostId: second, url: expect.stringContaining("/post/") },
        text: expect.stringContaining("second shout-out"),
        createdAt: "2026-10-01T12:01:00.000Z",
        seen: false,
      },
    ]);
    const call = b.sent[sent];
    expect(call?.url.pathname).toBe(`/v1.0/${me}/mentions`);
    expect(call?.url.searchParams.get("fields")).toBe("id,text,username,permalink,timestamp,media_type");
    const page2 = await list(tokens, { cursor: page1.cursor, limit: 1, networkUserId: me }, net);
    expect(page2.items.map((n) => n.id)).toEqual([first]);
    expect(page2.cursor).toBeNull();
  });

  it("needs threads_manage_mentions: a grant without it is missing_scope", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens: TokenSet = await connect(threadsAdapter, net, "thread.narrow");
    await b.setFault(simulatorOf(b.sims, "threads"), "thread.narrow", "revoked_permission");
    await rejectsWith(list(tokens, { cursor: null, limit: 10, networkUserId: String(tokens.extra.userId) }, net), "missing_scope");
  });
});

describe("facebook page tags as notifications", () => {
  const list = listOf(facebookAdapter.inbox);

  it("reads GET /{page-id}/tagged with the page token, valid against Meta's Page node, merged newest first", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "page.owner");
    const me = (await facebookAdapter.identity(tokens, net)).networkUserId;
    const sim = simulatorOf(b.sims, "facebook");
    const first = await mention(sim, me, "fb.fan1", "love this shop");
    b.advance(60);
    const second = await mention(sim, me, "fb.fan2", "best coffee in town");

    const sent = b.sent.length;
    const page1 = await list(tokens, { cursor: null, limit: 1, networkUserId: me }, net);
    expect(page1.items).toEqual([
      {
        id: second,
        kind: "mentions",
        actor: { id: expect.any(String), handle: expect.any(String), displayName: expect.any(String), avatarUrl: null, url: expect.stringMatching(/^https:\/\/www\.facebook\.com\//) },
        subject: { networkPostId: second, url: expect.any(String) },
        text: expect.stringContaining("best coffee in town"),
        createdAt: "2026-10-01T12:01:00.000Z",
        seen: false,
      },
    ]);
    const tagged = b.sent.slice(sent).filter((r) => r.url.pathname.endsWith("/tagged"));
    expect(tagged.length).toBeGreaterThan(0);
    for (const request of tagged) {
      expect(graphRequestProblems(request, "Page"), request.url.toString()).toEqual([]);
      // The page's token, never the person's.
      expect(request.url.searchParams.get("access_token")).not.toBe(tokens.accessToken);
    }
    const page2 = await list(tokens, { cursor: page1.cursor, limit: 1, networkUserId: me }, net);
    expect(page2.items.map((n) => n.id)).toEqual([first]);
    expect(page2.cursor).toBeNull();
    await rejectsWith(list(tokens, { cursor: "not-ours", limit: 1, networkUserId: me }, net), "cursor_invalid");
  });
});

describe("instagram tags as notifications", () => {
  const list = listOf(instagramAdapter.inbox);

  it("reads GET /{ig-user-id}/tags on the Facebook-login door, valid against Meta's IGUser node, each a mention about the tagging media", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "ig.brand", "facebook_login");
    const me = (await instagramAdapter.identity(tokens, net)).networkUserId;
    const sim = simulatorOf(b.sims, "instagram");
    const tag = await mention(sim, me, "ig.fan", "with the crew");

    const sent = b.sent.length;
    const page = await list(tokens, { cursor: null, limit: 10, networkUserId: me }, net);
    expect(page).toEqual({
      items: [
        {
          id: tag,
          kind: "mentions",
          actor: { id: "ig.fan", handle: "ig.fan", displayName: null, avatarUrl: null, url: "https://www.instagram.com/ig.fan/" },
          subject: { networkPostId: tag, url: expect.any(String) },
          text: expect.stringContaining("with the crew"),
          createdAt: "2026-10-01T12:00:00.000Z",
          seen: false,
        },
      ],
      cursor: null,
    });
    const calls = b.sent.slice(sent);
    expect(calls.map((r) => r.url.pathname)).toEqual([`/v26.0/${me}/tags`]);
    for (const request of calls) expect(graphRequestProblems(request, "IGUser")).toEqual([]);
  });

  it("refuses an account on the Instagram-login door, which has no tags edge, without calling Instagram", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, "ig.solo", "instagram_login");
    const sent = b.sent.length;
    await rejectsWith(list(tokens, { cursor: null, limit: 10, networkUserId: "1" }, net), "capability_unsupported");
    expect(b.sent.length).toBe(sent);
  });
});
