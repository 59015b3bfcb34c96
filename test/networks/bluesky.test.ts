import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import { blueskyCapabilities } from "../../src/networks/bluesky/capabilities.js";
import { NetworkCapabilitiesSchema } from "../../src/networks/capabilities-schema.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createBlueskySimulator } from "../../src/sandbox/bluesky/simulator.js";
import { UNMATCHED_HEADER } from "../../src/sandbox/sandbox-fetch.js";
import { APP_PASSWORD, apiError, bluesky, connected, HANDLE, type Harness, harnessPerTest, lastCall } from "./bluesky-harness.js";

const HOUR = 3_600_000;

// Every exchange of every test is checked against the official lexicons.
const harness = harnessPerTest();

const login = (h: Harness, identifier: string, password: string) => bluesky.login({ identifier, password }, h.net);

describe("bluesky capabilities", () => {
  it("is a valid capability record with app-password connect and grapheme counting", () => {
    expect(() => v.parse(NetworkCapabilitiesSchema, blueskyCapabilities)).not.toThrow();
    expect(blueskyCapabilities.connect).toEqual({ method: "app_password", pkce: false, variants: [], scopes: ["com.atproto.appPass"] });
    expect(blueskyCapabilities.text).toMatchObject({ maxLength: 300, counting: "graphemes" });
    expect(blueskyCapabilities.media).toMatchObject({ maxImages: 4, maxImageBytes: 1_000_000 });
  });

  it("has no OAuth methods and serves exactly the simulator's hosts", () => {
    expect(blueskyAdapter.authorizeUrl).toBeUndefined();
    expect(blueskyAdapter.exchangeCode).toBeUndefined();
    const h = harness();
    expect(blueskyAdapter.hosts).toEqual(createBlueskySimulator(h.deps).hosts);
    expect(blueskyAdapter.hosts).toEqual(["bsky.social", "video.bsky.app"]);
  });
});

describe("bluesky connect with handle and app password", () => {
  it("creates a session and stores DID, PDS and expiry from the JWTs", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    expect(account.id).toMatch(/^did:plc:sandbox[a-z2-7]{17}$/);
    expect(tokens.scopes).toEqual(["com.atproto.appPass"]);
    expect(tokens.expiresAt).toBe(new Date(Date.parse("2026-09-01T10:00:00Z") + 2 * HOUR).toISOString());
    expect(tokens.refreshExpiresAt).toBe(new Date(Date.parse("2026-09-01T10:00:00Z") + 90 * 24 * HOUR).toISOString());
    expect(tokens.extra).toMatchObject({ did: account.id, handle: HANDLE, pdsUrl: "https://bsky.social", mainPassword: false, dmAccess: false, warning: null });
    const call = lastCall(h, "com.atproto.server.createSession");
    expect(call?.method).toBe("POST");
    expect(call?.url.origin).toBe("https://bsky.social");
    expect(call?.headers.get("authorization")).toBeNull();
    expect(call?.body).toEqual({ identifier: HANDLE, password: APP_PASSWORD });
  });

  it("accepts the handle with @ and capitals, the DID and the email", async () => {
    const h = harness();
    await h.seed(HANDLE, APP_PASSWORD);
    const tokens = await login(h, "@Alice.Bsky.Social", APP_PASSWORD);
    expect(tokens.extra.handle).toBe(HANDLE);
    expect(lastCall(h, "com.atproto.server.createSession")?.body).toMatchObject({ identifier: HANDLE });
    // The DID and the account email are identifiers too.
    await expect(login(h, String(tokens.extra.did), APP_PASSWORD)).resolves.toMatchObject({ extra: { handle: HANDLE } });
    await expect(login(h, `${HANDLE}@sandbox.chorus.invalid`, APP_PASSWORD)).resolves.toMatchObject({ extra: { handle: HANDLE } });
  });

  it("refuses a wrong app password or unknown handle with a clear fix on appPassword", async () => {
    const h = harness();
    await h.seed(HANDLE, APP_PASSWORD);
    for (const [identifier, password] of [
      [HANDLE, "wrong-pass-word-xxxx"],
      ["nobody.bsky.social", APP_PASSWORD],
    ] as const) {
      const error = await apiError(login(h, identifier, password));
      expect(error.code).toBe("field_invalid");
      expect(error.param).toBe("appPassword");
      expect(error.status).toBe(400);
      expect(error.platform).toBe("bluesky");
      expect(error.fix).toContain("Settings > Privacy and security > App passwords");
    }
    expect(lastCall(h, "com.atproto.server.createSession")?.status).toBe(401);
  });

  it("asks for the handle and app password before calling Bluesky", async () => {
    const h = harness();
    expect((await apiError(login(h, " @ ", APP_PASSWORD))).param).toBe("handle");
    const missing = await apiError(login(h, HANDLE, "  "));
    expect(missing).toMatchObject({ code: "field_required", param: "appPassword" });
    expect(h.calls).toHaveLength(0);
  });

  it("flags a main-password login from the access token's scope", async () => {
    const h = harness();
    await h.seed(HANDLE, "correct horse battery staple");
    const tokens = await login(h, HANDLE, "correct horse battery staple");
    expect(tokens.scopes).toEqual(["com.atproto.access"]);
    expect(tokens.extra.mainPassword).toBe(true);
    expect(String(tokens.extra.warning)).toContain("App passwords");
  });
});

describe("bluesky login answers the simulator does not produce", () => {
  // Bluesky's entryway sends these (bsky-docs#269 quotes the 2FA body); a stub stands in for it.
  const stub = (status: number, error: string, message: string) => ({
    now: () => new Date(),
    config: { clientId: "", clientSecret: "", redirectUri: "" },
    fetch: async () => new Response(JSON.stringify({ error, message }), { status, headers: { "content-type": "application/json" } }),
  });

  it("email 2FA on a main-password login asks for an app password", async () => {
    const error = await apiError(bluesky.login({ identifier: HANDLE, password: "main password" }, stub(401, "AuthFactorTokenRequired", "A sign in code has been sent to your email address")));
    expect(error).toMatchObject({ code: "field_invalid", param: "appPassword" });
    expect(error.fix).toContain("app password");
  });

  it("a taken-down account cannot be connected", async () => {
    const error = await apiError(bluesky.login({ identifier: HANDLE, password: APP_PASSWORD }, stub(401, "AccountTakedown", "Account has been taken down")));
    expect(error.code).toBe("platform_rejected");
    expect(error.message).toContain("taken this account down");
  });

  it("a network failure during login is platform_unavailable", async () => {
    const net = { ...stub(200, "", ""), fetch: async () => Promise.reject(new TypeError("fetch failed")) };
    expect((await apiError(bluesky.login({ identifier: HANDLE, password: APP_PASSWORD }, net))).code).toBe("platform_unavailable");
  });
});

describe("bluesky identity", () => {
  it("reads the handle from the session and the profile record for name and avatar", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const identity = await bluesky.identity(tokens, h.net);
    expect(identity.networkUserId).toBe(account.id);
    expect(identity.handle).toBe(HANDLE);
    expect(identity.displayName).toBe("alice (sandbox)");
    const avatar = new URL(String(identity.avatarUrl));
    expect(`${avatar.origin}${avatar.pathname}`).toBe("https://bsky.social/xrpc/com.atproto.sync.getBlob");
    expect(avatar.searchParams.get("did")).toBe(account.id);
    expect(avatar.searchParams.get("cid")).toMatch(/^bafkrei[a-z2-7]+$/);
    const session = lastCall(h, "com.atproto.server.getSession");
    expect(session?.headers.get("authorization")).toBe(`Bearer ${tokens.accessToken}`);
    const record = lastCall(h, "com.atproto.repo.getRecord");
    expect(Object.fromEntries(record?.url.searchParams ?? [])).toEqual({ repo: account.id, collection: "app.bsky.actor.profile", rkey: "self" });
    // The avatar URL really serves the image.
    const image = await h.net.fetch(String(identity.avatarUrl));
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
  });

  it("has no name or avatar when the person never saved a profile", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.deps.store.delete("bluesky", "record", `${account.id}/app.bsky.actor.profile/self`);
    const identity = await bluesky.identity(tokens, h.net);
    expect(identity).toEqual({ networkUserId: account.id, handle: HANDLE, displayName: null, avatarUrl: null });
    expect(lastCall(h, "com.atproto.repo.getRecord")?.response).toMatchObject({ error: "RecordNotFound" });
  });
});

describe("bluesky session refresh", () => {
  it("rotates the refresh token; the old one works for the two-hour grace, then is refused", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    h.advance(HOUR);
    const next = await bluesky.refresh(tokens, h.net);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    expect(next.expiresAt).toBe(new Date(Date.parse("2026-09-01T11:00:00Z") + 2 * HOUR).toISOString());
    expect(next.extra).toMatchObject({ did: tokens.extra.did, pdsUrl: "https://bsky.social" });
    const call = lastCall(h, "com.atproto.server.refreshSession");
    expect(call?.headers.get("authorization")).toBe(`Bearer ${tokens.refreshToken}`);
    expect(call?.body).toBeNull();
    await expect(bluesky.identity(next, h.net)).resolves.toMatchObject({ handle: HANDLE });

    // A retry with the old token inside the grace period still succeeds (the PDS's REFRESH_GRACE_MS).
    await expect(bluesky.refresh(tokens, h.net)).resolves.toMatchObject({ scopes: ["com.atproto.appPass"] });
    h.advance(2 * HOUR + 1000);
    const refused = await apiError(bluesky.refresh(tokens, h.net));
    expect(refused.code).toBe("needs_reauth");
    expect(refused.message).toContain("Token has been revoked");
    expect(lastCall(h, "com.atproto.server.refreshSession")?.status).toBe(400);
    // The newest refresh token keeps working.
    await expect(bluesky.refresh(next, h.net)).resolves.toMatchObject({ extra: { handle: HANDLE } });
  });

  it("an expired access token (HTTP 400 ExpiredToken) is needs_reauth until the session is refreshed", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    h.advance(2 * HOUR + 1000);
    const expired = await apiError(bluesky.identity(tokens, h.net));
    expect(expired.code).toBe("needs_reauth");
    expect(lastCall(h, "com.atproto.server.getSession")).toMatchObject({ status: 400, response: { error: "ExpiredToken" } });
    const next = await bluesky.refresh(tokens, h.net);
    await expect(bluesky.identity(next, h.net)).resolves.toMatchObject({ handle: HANDLE });
  });

  it("a refresh token past its 90 days means reconnecting", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    h.advance(91 * 24 * HOUR);
    expect((await apiError(bluesky.refresh(tokens, h.net))).code).toBe("needs_reauth");
    const noRefresh: TokenSet = { ...tokens, refreshToken: null };
    expect((await apiError(bluesky.refresh(noRefresh, h.net))).code).toBe("needs_reauth");
  });

  it("revoke deletes the session; the refresh token is refused afterwards and revoking again is fine", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    await bluesky.revoke(tokens, h.net);
    const call = lastCall(h, "com.atproto.server.deleteSession");
    expect(call).toMatchObject({ method: "POST", status: 200, body: null });
    expect(call?.headers.get("authorization")).toBe(`Bearer ${tokens.refreshToken}`);
    expect((await apiError(bluesky.refresh(tokens, h.net))).code).toBe("needs_reauth");
    await expect(bluesky.revoke(tokens, h.net)).resolves.toBeUndefined();
  });
});

describe("bluesky faults", () => {
  it("expired_token: calls answer ExpiredToken (needs_reauth) while the refresh still works", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "expired_token");
    expect((await apiError(bluesky.identity(tokens, h.net))).code).toBe("needs_reauth");
    expect(lastCall(h, "com.atproto.server.getSession")).toMatchObject({ status: 400, response: { error: "ExpiredToken", message: "Token has expired" } });
    await expect(bluesky.refresh(tokens, h.net)).resolves.toMatchObject({ extra: { did: account.id } });
  });

  it("revoked_permission: the app password was revoked", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "revoked_permission");
    const scope = await apiError(bluesky.identity(tokens, h.net));
    expect(scope.code).toBe("missing_scope");
    expect(lastCall(h, "com.atproto.server.getSession")?.response).toEqual({ error: "InvalidToken", message: "Bad token scope" });
    expect((await apiError(bluesky.refresh(tokens, h.net))).code).toBe("needs_reauth");
    expect((await apiError(login(h, HANDLE, APP_PASSWORD))).code).toBe("field_invalid");
  });

  it("rate_limited: 429 RateLimitExceeded with RateLimit-* headers becomes rate_limited with Retry-After", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "rate_limited");
    const onLogin = await apiError(login(h, HANDLE, APP_PASSWORD));
    expect(onLogin).toMatchObject({ code: "rate_limited", retryable: true, headers: { "Retry-After": "300" } });
    const call = lastCall(h, "com.atproto.server.createSession");
    expect(call?.response).toEqual({ error: "RateLimitExceeded", message: "Rate Limit Exceeded" });
    const read = await apiError(bluesky.identity(tokens, h.net));
    expect(read).toMatchObject({ code: "rate_limited", status: 429 });
  });

  it("slow: the answer comes after the account's delay", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "slow", 4500);
    await expect(bluesky.identity(tokens, h.net)).resolves.toMatchObject({ handle: HANDLE });
    expect(h.sleeps).toContain(4500);
  });

  it("down: a 500 from the PDS is platform_unavailable and retryable", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "down");
    const error = await apiError(bluesky.identity(tokens, h.net));
    expect(error).toMatchObject({ code: "platform_unavailable", retryable: true });
    expect(lastCall(h, "com.atproto.server.getSession")).toMatchObject({ status: 500, response: { error: "InternalServerError" } });
    expect((await apiError(bluesky.refresh(tokens, h.net))).code).toBe("platform_unavailable");
  });
});

describe("bluesky simulator wire details", () => {
  it("answers without a token with 401 AuthMissing and unknown methods with 501 and the unmatched header", async () => {
    const h = harness();
    const noAuth = await h.net.fetch("https://bsky.social/xrpc/com.atproto.server.getSession");
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toEqual({ error: "AuthMissing", message: "Authentication Required" });
    const unknown = await h.net.fetch("https://bsky.social/xrpc/app.bsky.feed.getTimeline");
    expect(unknown.status).toBe(501);
    expect(unknown.headers.get(UNMATCHED_HEADER)).toBe("1");
    h.violations.length = 0; // getTimeline is deliberately outside what the simulator serves
  });

  it("the lexicon check catches an undeclared input field", async () => {
    const h = harness();
    await h.net.fetch("https://bsky.social/xrpc/com.atproto.server.createSession", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: HANDLE, password: APP_PASSWORD, remember: true }),
    });
    expect(h.violations).toEqual(["com.atproto.server.createSession: undeclared input remember"]);
    h.violations.length = 0;
  });
});
