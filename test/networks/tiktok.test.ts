import { describe, expect, it } from "vitest";
import { tiktokAdapter } from "../../src/networks/tiktok/adapter.js";
import { tiktokCapabilities, tiktokScopes } from "../../src/networks/tiktok/capabilities.js";
import { tiktokErrorTable } from "../../src/networks/tiktok/errors.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createTiktokSimulator } from "../../src/sandbox/tiktok/simulator.js";
import { apiError as failure, connectThroughConsent, createSandbox, type ErrorFixture, expectFixturesCoverTable, expectValidCapabilities, required, type Sandbox } from "./harness.js";

const authorizeUrl = required(tiktokAdapter, "authorizeUrl");
const exchangeCode = required(tiktokAdapter, "exchangeCode");
const revoke = required(tiktokAdapter, "revoke");
const publishInfo = required(tiktokAdapter, "publishInfo");

const config = { clientId: "sandbox-tt-client-key", clientSecret: "sandbox-tt-secret", redirectUri: "https://chorus.test/v1/connect/callback/tiktok/" };

const setup = () => createSandbox([createTiktokSimulator], { start: "2026-11-20T10:00:00.000Z", config });

/** Consent as a browser would give it (unrecorded), with the granted scope list the person may have narrowed. */
const connect = (ctx: Sandbox, handle: string, narrowScopes?: string[]) => connectThroughConsent(tiktokAdapter, ctx.net, { handle, browser: ctx.sandboxFetch, scope: narrowScopes?.join(",") });

describe("tiktok adapter against the TikTok simulator", () => {
  it("publishes capabilities that fit the shared schema", () => {
    expectValidCapabilities(tiktokAdapter.capabilities);
    expect(tiktokCapabilities.options.privacyLevel.required).toBe(true);
    expect(tiktokAdapter.capabilities.connect.pkce).toBe(false);
  });

  it("builds the Login Kit v2 authorize URL with client_key, comma-separated scopes and state", () => {
    const ctx = setup();
    const url = new URL(authorizeUrl({ state: "xyz", codeChallenge: "ignored", variant: null }, ctx.net));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.tiktok.com/v2/auth/authorize/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: config.clientId,
      response_type: "code",
      scope: tiktokScopes.join(","),
      redirect_uri: config.redirectUri,
      state: "xyz",
    });
  });

  it("connects, reads identity and creator info, refreshes with rotation and revokes", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.creator");
    expect(tokens.scopes).toEqual([...tiktokScopes]);
    expect(tokens.expiresAt).toBe("2026-11-20T12:00:00.000Z");
    expect(tokens.refreshExpiresAt).toBe("2027-05-19T10:00:00.000Z");
    expect(String(tokens.extra.openId)).toMatch(/^sandbox-open-/);

    const me = await tiktokAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ networkUserId: tokens.extra.openId, handle: "sandbox.creator", displayName: "sandbox" });

    expect(await publishInfo(tokens, ctx.net)).toEqual({
      creatorUsername: "sandbox.creator",
      creatorNickname: "sandbox",
      creatorAvatarUrl: me.avatarUrl,
      privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 300,
    });

    const refreshed = await tiktokAdapter.refresh(tokens, ctx.net);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await failure(tiktokAdapter.refresh(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await tiktokAdapter.identity(refreshed, ctx.net)).handle).toBe("sandbox.creator");

    await revoke(refreshed, ctx.net);
    expect((await failure(tiktokAdapter.identity(refreshed, ctx.net))).code).toBe("needs_reauth");
    expect((await failure(tiktokAdapter.refresh(refreshed, ctx.net))).code).toBe("needs_reauth");
  });

  it("reads only what a narrowed grant allows, and reports the scope it lacks", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.shy", ["user.info.basic"]);
    expect(tokens.scopes).toEqual(["user.info.basic"]);
    const me = await tiktokAdapter.identity(tokens, ctx.net);
    expect(me.handle).toBe("sandbox"); // display name: username needs user.info.profile
    expect((await failure(publishInfo(tokens, ctx.net))).code).toBe("missing_scope");
  });

  it("account analytics without user.info.stats: followers are null and the rest still reads", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.nostats", ["user.info.basic", "video.list"]);
    const facet = tiktokAdapter.analytics;
    if (!facet?.accountAnalytics) throw new Error("tiktok must read account analytics");
    const analytics = facet.accountAnalytics.bind(facet);
    const result = await analytics(tokens, { networkUserId: String(tokens.extra.openId), since: "2026-11-13", until: "2026-11-20", posts: [], destinations: [] }, ctx.net);
    expect(result).toMatchObject({ followers: null, metrics: { views: 0, likes: 0 } });
    const { tokens: full } = await connect(ctx, "sandbox.stats");
    expect((await analytics(full, { networkUserId: String(full.extra.openId), since: "2026-11-13", until: "2026-11-20", posts: [], destinations: [] }, ctx.net)).followers).toEqual(expect.any(Number));
  });

  it("refuses a reused code and a token past its two hours", async () => {
    const ctx = setup();
    const { tokens, code } = await connect(ctx, "sandbox.twice");
    expect((await failure(exchangeCode({ code, codeVerifier: "unused", variant: null }, ctx.net))).code).toBe("needs_reauth");
    ctx.clock.now = new Date("2026-11-20T12:00:01.000Z");
    expect((await failure(tiktokAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await tiktokAdapter.identity(await tiktokAdapter.refresh(tokens, ctx.net), ctx.net)).handle).toBe("sandbox.twice");
  });

  it("answers each sandbox fault with TikTok's own failure", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.faulty");
    const id = String(tokens.extra.openId);
    await ctx.setFault(id, "expired_token");
    expect((await failure(publishInfo(tokens, ctx.net))).code).toBe("needs_reauth");
    await ctx.setFault(id, "revoked_permission");
    expect((await failure(publishInfo(tokens, ctx.net))).code).toBe("missing_scope");
    await ctx.setFault(id, "rate_limited");
    expect((await failure(publishInfo(tokens, ctx.net))).code).toBe("rate_limited");
    await ctx.setFault(id, "down");
    expect(await failure(tiktokAdapter.identity(tokens, ctx.net))).toMatchObject({ code: "platform_unavailable", retryable: true });
    await ctx.setFault(id, "slow", 2500);
    expect((await tiktokAdapter.identity(tokens, ctx.net)).handle).toBe("sandbox.faulty");
    expect(ctx.slept).toContain(2500);
  });

  it("treats a 200 answer whose envelope carries an error code as that error", async () => {
    const body = { data: {}, error: { code: "spam_risk_too_many_posts", message: "The daily post cap is reached.", log_id: "202611201000SANDBOX" } };
    const net: NetworkContext = { fetch: async () => new Response(JSON.stringify(body), { status: 200 }), now: () => new Date(), config };
    const tokens: TokenSet = { accessToken: "act.sandbox", refreshToken: null, expiresAt: null, refreshExpiresAt: null, scopes: [...tiktokScopes], extra: {} };
    expect((await failure(publishInfo(tokens, net))).code).toBe("quota_exceeded");
  });

  it("maps every row of the error table from a realistic TikTok body", () => {
    const api = (code: string, message: string) => ({ data: {}, error: { code, message, log_id: "20261120100000SANDBOX" } });
    const fixtures: ErrorFixture[] = [
      { status: 400, body: { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "x" }, code: "needs_reauth" },
      { status: 400, body: { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: "x" }, code: "platform_rejected" },
      { status: 401, body: api("access_token_invalid", "The access token is invalid or not found in the request."), code: "needs_reauth" },
      { status: 401, body: api("scope_not_authorized", "The user did not authorize the scope required for completing this request."), code: "missing_scope" },
      { status: 401, body: api("scope_permission_missed", "The client does not have the permission for the requested scope."), code: "missing_permission" },
      { status: 429, body: api("rate_limit_exceeded", "The API rate limit was exceeded. Please try again later."), code: "rate_limited" },
      { status: 200, body: api("spam_risk_too_many_posts", "The daily post cap is reached."), code: "quota_exceeded" },
      { status: 403, body: api("reached_active_user_cap", "The daily quota of active creators is reached."), code: "quota_exceeded" },
      { status: 403, body: api("spam_risk_too_many_pending_share", "The daily upload cap from the API is reached for the current user."), code: "clip_too_many_pending" },
      { status: 403, body: api("spam_risk_user_banned_from_posting", "The user is banned from making new posts."), code: "clip_account_restricted" },
      { status: 403, body: api("unaudited_client_can_only_post_to_private_accounts", "Unaudited clients can only post to a private account."), code: "clip_unaudited" },
      { status: 403, body: api("url_ownership_unverified", "The domain or URL prefix of the video_url is not verified."), code: "clip_url_unverified" },
      { status: 403, body: api("privacy_level_option_mismatch", "privacy_level is not one of the privacy_level_options."), code: "clip_privacy_level" },
      { status: 200, body: { data: { status: "FAILED", fail_reason: "spam_risk_text" }, error: { code: "spam_risk_text", message: "", log_id: "x" } }, code: "clip_spam_risk" },
      { status: 403, body: api("spam_risk", "The request is risky."), code: "clip_spam_risk" },
      { status: 500, body: api("internal_error", "Something went wrong."), code: "platform_unavailable" },
    ];
    expectFixturesCoverTable(tiktokErrorTable, fixtures);
  });

  it("sends TikTok's documented wire format (no official spec exists to check against)", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox.wire");
    await tiktokAdapter.identity(tokens, ctx.net);
    await publishInfo(tokens, ctx.net);
    const refreshed = await tiktokAdapter.refresh(tokens, ctx.net);
    await revoke(refreshed, ctx.net);
    const seen = ctx.requests.map((r) => {
      const url = new URL(r.url);
      const form = r.headers["content-type"] === "application/x-www-form-urlencoded" ? [...new URLSearchParams(r.body ?? "").keys()].sort() : null;
      return { call: `${r.method} ${url.host}${url.pathname}`, query: url.search, form, auth: (r.headers.authorization ?? "").split(" ")[0] };
    });
    expect(seen).toEqual([
      { call: "POST open.tiktokapis.com/v2/oauth/token/", query: "", form: ["client_key", "client_secret", "code", "grant_type", "redirect_uri"], auth: "" },
      { call: "GET open.tiktokapis.com/v2/user/info/", query: "?fields=open_id,union_id,avatar_url,display_name,username", form: null, auth: "Bearer" },
      { call: "POST open.tiktokapis.com/v2/post/publish/creator_info/query/", query: "", form: null, auth: "Bearer" },
      { call: "POST open.tiktokapis.com/v2/oauth/token/", query: "", form: ["client_key", "client_secret", "grant_type", "refresh_token"], auth: "" },
      { call: "POST open.tiktokapis.com/v2/oauth/revoke/", query: "", form: ["client_key", "client_secret", "token"], auth: "" },
    ]);
  });
});
