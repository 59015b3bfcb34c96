import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { required } from "./harness.js";

/**
 * Stored page tokens that Graph stops honouring at a moment the simulator cannot stage: between
 * two requests of one call, or for a page taken out of the app's grant. A scripted Graph answers
 * as Meta documents (OAuthException 190/492 for a lost role, #200 for a page not granted).
 */
const inbox = required(facebookAdapter, "inbox") as Required<InboxFacet>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const tokenOf = (url: URL, init?: RequestInit) =>
  url.searchParams.get("access_token") ?? new URLSearchParams(typeof init?.body === "string" || init?.body instanceof URLSearchParams ? init.body : "").get("access_token");
const tokensWith = (pages: Record<string, string>): TokenSet => ({
  accessToken: "USER",
  refreshToken: null,
  expiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
  extra: Object.fromEntries(Object.entries(pages).map(([id, token]) => [`pageToken:${id}`, token])),
});
const netWith = (graph: (url: URL, init: RequestInit | undefined, token: string | null) => Response): NetworkContext => ({
  fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    return graph(url, init, tokenOf(url, init));
  }) as typeof fetch,
  now: () => new Date(),
  config: { clientId: "c", clientSecret: "s", redirectUri: "https://chorus.test/connect/callback/facebook" },
});

describe("a stored page token Graph stops honouring", () => {
  it("sends a message once when the token dies between its text and its file: only the recipient read is retried", async () => {
    const texts: string[] = [];
    let sendsWithStored = 0;
    const net = netWith((url, init, token) => {
      if (url.pathname.endsWith("/me/accounts")) return json(200, { data: [{ id: "111", access_token: "FRESH" }] });
      if (url.pathname.endsWith("/t_1")) return json(200, { id: "t_1", participants: { data: [{ id: "111" }, { id: "psid-1" }] } });
      if (url.pathname.endsWith("/111/messages")) {
        if (token === "STORED" && sendsWithStored++ >= 1) return json(400, { error: { message: "Error validating access token", type: "OAuthException", code: 190, error_subcode: 492 } });
        const message = (JSON.parse(String(init?.body)) as { message: { text?: string } }).message;
        if (message.text) texts.push(message.text);
        return json(200, { recipient_id: "psid-1", message_id: `m-${sendsWithStored}` });
      }
      return json(404, { error: { message: `unexpected ${url.pathname}`, code: 100 } });
    });
    const sent = inbox.sendMessage(
      tokensWith({ "111": "STORED" }),
      { conversation: { id: "t_1", via: "111" }, text: "hello", media: [{ kind: "image", url: "https://cdn.chorus.test/a.jpg" }] } as never,
      net,
    );
    await expect(sent).rejects.toMatchObject({ code: "needs_reauth" });
    expect(texts).toEqual(["hello"]);
  });

  it("finds a comment on a page still managed when a stored page was taken out of the app's grant (#200)", async () => {
    const asked: string[] = [];
    const net = netWith((url, init, token) => {
      asked.push(`${init?.method ?? "GET"} ${url.pathname} ${token}`);
      if (url.pathname.endsWith("/me/accounts")) return json(200, { data: [{ id: "222", access_token: "TOKEN_222" }] });
      if (token === "TOKEN_111") return json(403, { error: { message: "(#200) The page is not granted to this app", type: "OAuthException", code: 200 } });
      if (token === "TOKEN_222") return json(200, { id: "222_1_9" });
      return json(400, { error: { message: "unexpected", code: 100 } });
    });
    const reply = await inbox.replyToComment(tokensWith({ "111": "TOKEN_111", "222": "TOKEN_222" }), { commentId: "222_1_2", text: "thanks" } as never, net);
    expect(reply).toMatchObject({ id: "222_1_9" });
    // The refused page is passed over, not the end of the search.
    const replies = asked.filter((line) => line.startsWith("POST")).map((line) => line.replace(/\/v[\d.]+\//, "/"));
    expect(replies).toEqual(["POST /222_1_2/comments TOKEN_111", "POST /222_1_2/comments TOKEN_222"]);
  });
});
