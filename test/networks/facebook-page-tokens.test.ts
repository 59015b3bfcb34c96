import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { storedPageTokens } from "../../src/networks/meta/page-access.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { SandboxPagePost } from "../../src/sandbox/facebook/page-posts.js";
import { setPageRole, type SandboxPage } from "../../src/sandbox/meta/pages.js";
import { revokeToken } from "../../src/sandbox/tokens.js";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import type { LiveFacet } from "../../src/networks/facets/live.js";
import { type Bench, bench, connect, facebookInstagramOrders, rejectsWith } from "./facebook-helpers.js";
import { apiError, connectThroughConsent, expectPublished, required } from "./harness.js";

/**
 * Page tokens kept with the connection: read from /me/accounts at connect and renewal, used with
 * no Graph read first, and replaced by one fresh read when Graph refuses a stored one.
 */

const publish = required(facebookAdapter, "publish");
const live = facebookAdapter.live as Required<LiveFacet>;
const analytics = required(facebookAdapter, "analytics") as Required<AnalyticsFacet>;
const inbox = required(facebookAdapter, "inbox") as Required<InboxFacet>;

interface Connected {
  b: Bench;
  net: NetworkContext;
  tokens: TokenSet;
  /** The person's two sandbox pages: the first has no followers, the second can go live. */
  pages: SandboxPage[];
  owner: string;
}

async function connected(factories: Parameters<typeof bench>[0], handle = "page.tokens"): Promise<Connected> {
  const b = bench(factories);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, handle);
  const records = (await b.deps.store.list<SandboxPage>("facebook", "page")).sort((x, y) => x.data.followers_count - y.data.followers_count);
  return { b, net, tokens, pages: records.map((r) => r.data), owner: records[0]?.owner ?? "" };
}

const pageOf = async (c: Connected, pageId: string) => (await c.b.deps.store.get<SandboxPage>("facebook", "page", pageId))?.data;
const calls = (c: Connected, from: number) => c.b.sent.slice(from).map((r) => `${r.method} ${r.url.pathname}`);
const request = (pageId: string, text: string): PublishRequest => ({ text, media: [], options: {}, destination: pageId, targetId: "tgt_1" });
const firstPage = (c: Connected) => c.pages[0]?.id ?? "";

describe.each(facebookInstagramOrders)("facebook page tokens kept with the connection (%s)", (_name, factories) => {
  it("stores every managed page's token at connect, read with the long-lived user token", async () => {
    const c = await connected([...factories]);
    const read = c.b.sent.filter((r) => r.url.pathname === "/v26.0/me/accounts");
    expect(read).toHaveLength(1);
    expect(read[0]?.url.searchParams.get("fields")).toBe("id,access_token");
    expect(read[0]?.url.searchParams.get("access_token")).toBe(c.tokens.accessToken);
    expect(c.pages).toHaveLength(2);
    for (const page of c.pages) expect(c.tokens.extra[`pageToken:${page.id}`]).toBe((await pageOf(c, page.id))?.tokenValue);
  });

  it("still connects, with no page tokens, when /me/accounts is refused at connect", async () => {
    const b = bench([...factories]);
    const net = b.net();
    // The person unticked pages_show_list in the dialog: Graph refuses the listing with (#200).
    const { tokens } = await connectThroughConsent(facebookAdapter, net, { handle: "no.pages.list", pageText: "Sandbox", scope: "public_profile,pages_manage_posts" });
    expect(tokens.scopes).not.toContain("pages_show_list");
    const listing = b.sent.filter((r) => r.url.pathname === "/v26.0/me/accounts");
    expect(listing).toHaveLength(1);
    expect(storedPageTokens(tokens)).toEqual([]);
    await expect(facebookAdapter.identity(tokens, net)).resolves.toMatchObject({ handle: "Sandbox no.pages.list" });
  });

  it("renews the stored page tokens with the user token: new pages added, pages no longer managed dropped", async () => {
    const c = await connected([...factories]);
    const [kept, lost] = c.pages;
    if (!kept || !lost) throw new Error("two sandbox pages expected");
    await c.b.deps.store.put<SandboxPage>("facebook", "page", "900000000000001", { ...kept, id: "900000000000001", name: "Added later", tokenValue: null }, c.owner);
    await setPageRole(c.b.deps, "facebook", lost.id, null);
    c.b.advance(30 * 86400);
    const from = c.b.sent.length;
    const renewed = await required(facebookAdapter, "refresh")(c.tokens, c.net);
    expect(calls(c, from)).toEqual(["GET /v26.0/oauth/access_token", "GET /v26.0/me/accounts"]);
    expect(c.b.sent.at(-1)?.url.searchParams.get("access_token")).toBe(renewed.accessToken);
    expect(Object.fromEntries(storedPageTokens(renewed).map((p) => [p.pageId, p.token]))).toEqual({
      // Meta answers the same never-expiring token for a page on every read.
      [kept.id]: c.tokens.extra[`pageToken:${kept.id}`],
      "900000000000001": (await pageOf(c, "900000000000001"))?.tokenValue,
    });
  });

  it("keeps the stored page tokens when /me/accounts is refused at renewal", async () => {
    const c = await connected([...factories]);
    const sim = c.b.sims.find((s) => s.platform === "facebook");
    if (!sim) throw new Error("no facebook simulator");
    await c.b.setFault(sim, "page.tokens", "revoked_permission");
    const renewed = await required(facebookAdapter, "refresh")(c.tokens, c.net);
    expect(renewed.accessToken).not.toBe(c.tokens.accessToken);
    expect(storedPageTokens(renewed)).toHaveLength(2);
    expect(renewed.extra).toEqual(c.tokens.extra);
  });

  it("acts as the page with the stored token and no /me/accounts: publish, find, analytics, comments, live, delete", async () => {
    const c = await connected([...factories]);
    const from = c.b.sent.length;
    const posted = expectPublished(await publish(c.tokens, request(firstPage(c), "Stored token post"), c.net));
    await expect(required(facebookAdapter, "findPublished")(c.tokens, request(firstPage(c), "Stored token post"), c.net)).resolves.toMatchObject({ networkPostId: posted.networkPostId });
    await analytics.postAnalytics(c.tokens, { networkPostId: posted.networkPostId, networkUserId: c.owner, destination: firstPage(c), publishedAt: c.net.now().toISOString() }, c.net);
    const reply = await c.b.sims
      .find((s) => s.platform === "facebook")
      ?.simulateActivity?.({ action: "reply", recipientId: c.owner, actorHandle: "fan.one", subject: posted.networkPostId, text: "Nice" });
    if (!reply?.ok) throw new Error("no comment to answer");
    await inbox.listComments(c.tokens, { networkPostId: posted.networkPostId, cursor: null, limit: 10, networkUserId: c.owner, nested: false }, c.net);
    await inbox.replyToComment(c.tokens, { commentId: reply.networkId, networkUserId: c.owner, text: "Thanks" }, c.net);
    const second = c.pages[1]?.id ?? "";
    await live.createBroadcast(c.tokens, { pageId: second, title: "Stored", description: null, scheduledStartTime: null }, c.net);
    await required(facebookAdapter, "deletePost")(c.tokens, posted.networkPostId, c.net);
    const sent = calls(c, from);
    expect(sent.length).toBeGreaterThan(6);
    expect(sent.filter((call) => call.endsWith("/me/accounts"))).toEqual([]);
  });

  it("publishes after the user token expired: a page token from a long-lived user token does not expire", async () => {
    const c = await connected([...factories]);
    c.b.advance(61 * 86400);
    await rejectsWith(facebookAdapter.identity(c.tokens, c.net), "needs_reauth");
    expectPublished(await publish(c.tokens, request(firstPage(c), "Two months later"), c.net));
  });

  it("replaces a stored page token Graph refuses with one fresh /me/accounts read and posts once", async () => {
    const c = await connected([...factories]);
    const pageId = firstPage(c);
    // The person's role on the page was removed and given back: the stored token died with it.
    await setPageRole(c.b.deps, "facebook", pageId, null);
    await setPageRole(c.b.deps, "facebook", pageId, c.owner);
    const from = c.b.sent.length;
    const result = expectPublished(await publish(c.tokens, request(pageId, "After the role came back"), c.net));
    expect(calls(c, from)).toEqual([`POST /v26.0/${pageId}/feed`, "GET /v26.0/me/accounts", `POST /v26.0/${pageId}/feed`, `GET /v26.0/${result.networkPostId}`]);
    const fresh = (await pageOf(c, pageId))?.tokenValue;
    expect(fresh).not.toBe(c.tokens.extra[`pageToken:${pageId}`]);
    expect(new URLSearchParams(c.b.sent.at(-2)?.body).get("access_token")).toBe(fresh);
    const posts = await c.b.deps.store.list<SandboxPagePost>("facebook", "page_post");
    expect(posts.filter((p) => p.data.message === "After the role came back")).toHaveLength(1);
  });

  it("answers option_invalid naming the pageId option when the person no longer manages the page", async () => {
    const c = await connected([...factories]);
    const pageId = firstPage(c);
    await setPageRole(c.b.deps, "facebook", pageId, null);
    const from = c.b.sent.length;
    const error = await apiError(publish(c.tokens, request(pageId, "Nobody may post this"), c.net));
    expect(error).toMatchObject({ code: "option_invalid", param: "platformOptions.facebook.pageId" });
    expect(calls(c, from)).toEqual([`POST /v26.0/${pageId}/feed`, "GET /v26.0/me/accounts"]);
    expect(await c.b.deps.store.list<SandboxPagePost>("facebook", "page_post")).toEqual([]);
  });

  it("needs reauth after one fresh read once the app was de-authorised: Graph killed the stored page tokens too", async () => {
    const c = await connected([...factories]);
    const pageId = firstPage(c);
    await required(facebookAdapter, "revoke")(c.tokens, c.net);
    const from = c.b.sent.length;
    await rejectsWith(publish(c.tokens, request(pageId, "Gone"), c.net), "needs_reauth");
    expect(calls(c, from)).toEqual([`POST /v26.0/${pageId}/feed`, "GET /v26.0/me/accounts"]);
  });

  it("does not retry a refusal of the fresh token", async () => {
    const c = await connected([...factories]);
    const pageId = firstPage(c);
    await revokeToken(c.b.deps, "facebook", String(c.tokens.extra[`pageToken:${pageId}`]));
    // Every page token Graph hands out from now on is dead by the time it is used.
    const net: NetworkContext = {
      ...c.net,
      fetch: async (input, init) => {
        const response = await c.net.fetch(input, init);
        if (new URL(String(input)).pathname.endsWith("/me/accounts")) {
          await revokeToken(c.b.deps, "facebook", (await pageOf(c, pageId))?.tokenValue ?? "");
        }
        return response;
      },
    };
    const from = c.b.sent.length;
    await rejectsWith(publish(c.tokens, request(pageId, "Refused twice"), net), "needs_reauth");
    expect(calls(c, from)).toEqual([`POST /v26.0/${pageId}/feed`, "GET /v26.0/me/accounts", `POST /v26.0/${pageId}/feed`]);
  });

  it("reads /me/accounts as before for a connection whose tokens predate stored page tokens", async () => {
    const c = await connected([...factories]);
    expect(storedPageTokens(c.tokens)).toHaveLength(2);
    const legacy: TokenSet = { ...c.tokens, extra: {} };
    const from = c.b.sent.length;
    const result = expectPublished(await publish(legacy, request(firstPage(c), "From an older connection"), c.net));
    expect(calls(c, from)).toEqual(["GET /v26.0/me/accounts", `POST /v26.0/${firstPage(c)}/feed`, `GET /v26.0/${result.networkPostId}`]);
  });
});
