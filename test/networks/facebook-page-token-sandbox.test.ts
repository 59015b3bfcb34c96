import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { setPageRole, type SandboxPage } from "../../src/sandbox/meta/pages.js";
import { type Bench, bench, connect, consent, facebookInstagramOrders } from "./facebook-helpers.js";
import { wireAnswer } from "./harness.js";

/**
 * The simulator's page tokens as Meta documents them (the project's Facebook network sheet, section 1, and
 * Meta's "Get a Page Access Token" and long-lived token guides): a page token read with a
 * long-lived user token never expires and is the same on every read; one read with a short-lived
 * user token lasts an hour; a lost page role kills it (code 190, subcode 492).
 */

const graph = "https://graph.facebook.com/v26.0";

async function get(net: NetworkContext, path: string, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await net.fetch(`${graph}/${path}?${new URLSearchParams(params)}`);
  return wireAnswer<Record<string, unknown>>(response);
}

/** `/me/accounts` as the adapter reads it: each page's id and token. */
async function pageTokens(net: NetworkContext, userToken: string): Promise<Record<string, string>> {
  const { body } = await get(net, "me/accounts", { fields: "id,access_token", access_token: userToken });
  return Object.fromEntries((body.data as { id: string; access_token: string }[]).map((p) => [p.id, p.access_token]));
}

/** Reads the page's posts with a page token: any call made as the page meets the token check first. */
const asPage = (net: NetworkContext, pageId: string, token: string) => get(net, `${pageId}/posts`, { fields: "id", access_token: token });

async function person(b: Bench, tokens: TokenSet): Promise<{ owner: string; pageId: string }> {
  const [page] = await b.deps.store.list<SandboxPage>("facebook", "page", { owner: (await facebookAdapter.identity(tokens, b.net())).networkUserId });
  if (!page?.owner) throw new Error("no sandbox page");
  return { owner: page.owner, pageId: page.id };
}

describe.each(facebookInstagramOrders)("sandbox Facebook page tokens (%s)", (_name, factories) => {
  it("gives a short-lived user token's read a page token that lasts an hour, and keeps the never-expiring one", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const code = await consent(facebookAdapter, net, "short.lived");
    const short = await get(net, "oauth/access_token", { client_id: "1234567890", client_secret: "sandbox-secret", redirect_uri: "https://chorus.test/v1/oauth/callback", code });
    const shortToken = String(short.body.access_token);
    const long = await get(net, "oauth/access_token", { grant_type: "fb_exchange_token", client_id: "1234567890", client_secret: "sandbox-secret", fb_exchange_token: shortToken });
    const longToken = String(long.body.access_token);

    const kept = await pageTokens(net, longToken);
    expect(await pageTokens(net, longToken)).toEqual(kept);
    const hourly = await pageTokens(net, shortToken);
    const [pageId] = Object.keys(kept);
    if (!pageId) throw new Error("no page");
    expect(hourly[pageId]).not.toBe(kept[pageId]);
    expect(await pageTokens(net, longToken)).toEqual(kept);

    b.advance(3601);
    expect((await asPage(net, pageId, hourly[pageId] ?? "")).body).toMatchObject({ error: { code: 190, error_subcode: 463 } });
    // Past the long-lived user token's 60 days too, its page token still works.
    b.advance(61 * 86400);
    expect((await asPage(net, pageId, kept[pageId] ?? "")).body).toEqual({ data: [] });
  });

  it("kills a page's tokens with its role (190/492), drops the page from /me/accounts, and issues a new token when the role comes back", async () => {
    const b = bench([...factories]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "role.holder");
    const { owner, pageId } = await person(b, tokens);
    const before = (await pageTokens(net, tokens.accessToken))[pageId] ?? "";
    expect((await asPage(net, pageId, before)).status).toBe(200);

    await setPageRole(b.deps, "facebook", pageId, null);
    const refused = await asPage(net, pageId, before);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { type: "OAuthException", code: 190, error_subcode: 492 } });
    expect(Object.keys(await pageTokens(net, tokens.accessToken))).not.toContain(pageId);

    await setPageRole(b.deps, "facebook", pageId, owner);
    const after = (await pageTokens(net, tokens.accessToken))[pageId] ?? "";
    expect(after).not.toBe(before);
    expect((await asPage(net, pageId, after)).status).toBe(200);
    expect((await asPage(net, pageId, before)).body).toMatchObject({ error: { code: 190, error_subcode: 492 } });
  });
});
