import { describe, expect, it } from "vitest";
import { pkceChallenge } from "../../src/networks/http.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import { type TwitterFeature, twitterConnectedFeatures, twitterFeatureScopes, twitterScopes, twitterTextCounting, twitterTokenUrl } from "../../src/networks/twitter/capabilities.js";
import { twitterErrorTable } from "../../src/networks/twitter/errors.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec, oauthEndpoints } from "../support/openapi-request-check.js";
import { apiError as failure, connectThroughConsent, consentCode, createSandbox, type ErrorFixture, expectFixturesCoverTable, expectValidCapabilities, required, type Sandbox } from "./harness.js";

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const authorizeUrl = required(twitterAdapter, "authorizeUrl");
const exchangeCode = required(twitterAdapter, "exchangeCode");
const revoke = required(twitterAdapter, "revoke");

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

/** Walks the consent flow the way a person's browser would (unrecorded), then exchanges the code. */
const connect = (ctx: Sandbox, handle: string) => connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch, pageText: "tweet.write" });

describe("twitter adapter against the X simulator", () => {
  it("publishes capabilities that fit the shared schema, with X's weighted counting", () => {
    expectValidCapabilities(twitterAdapter.capabilities);
    expect(twitterAdapter.capabilities.text).toMatchObject({ maxLength: 280, counting: "weighted" });
    expect(twitterTextCounting.transformedUrlLength).toBe(23);
  });

  it("builds X's authorize URL with state and an S256 PKCE challenge", async () => {
    const ctx = setup();
    const url = new URL(authorizeUrl({ state: "abc", codeChallenge: await pkceChallenge("v".repeat(43)), variant: null }, ctx.net));
    expect(`${url.origin}${url.pathname}`).toBe("https://x.com/i/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "sandbox-x-client",
      redirect_uri: ctx.net.config.redirectUri,
      state: "abc",
      code_challenge_method: "S256",
      scope: twitterScopes.join(" "),
    });
    expect(url.search).toContain("scope=tweet.read%20users.read%20offline.access%20tweet.write%20media.write%20dm.read%20dm.write%20mute.write%20bookmark.write%20follows.read%20tweet.moderate.write");
  });

  it("asks only for the scopes of the features Chorus uses, each backed by the spec's security of the endpoints it calls", () => {
    expect([...twitterScopes]).toEqual([
      "tweet.read",
      "users.read",
      "offline.access",
      "tweet.write",
      "media.write",
      "dm.read",
      "dm.write",
      "mute.write",
      "bookmark.write",
      "follows.read",
      "tweet.moderate.write",
    ]);
    const calls: Record<TwitterFeature, string[]> = {
      identity: ["getUsersMe"],
      staySignedIn: [],
      publish: ["createPosts", "getUsersPosts", "deletePosts"],
      media: ["mediaUpload", "initializeMediaUpload", "appendMediaUpload", "finalizeMediaUpload", "getMediaUploadStatus", "createMediaMetadata"],
      inbox: ["getUsersMentions"],
      messages: ["getDirectMessagesEvents", "getDirectMessagesEventsByConversationId", "createDirectMessagesByConversationId"],
      engage: ["repostPost", "unrepostPost", "muteUser", "unmuteUser", "createUsersBookmark", "deleteUsersBookmark", "getUsersByUsername"],
      accountReads: ["getUsersPosts", "getUsersFollowers", "getUsersFollowing"],
      comments: ["searchPostsRecent", "createPosts", "deletePosts", "hidePostsReply"],
    };
    const needed = new Set<string>();
    for (const feature of twitterConnectedFeatures) {
      const own = new Set<string>(twitterFeatureScopes[feature]);
      for (const operationId of calls[feature]) {
        const operation = Object.values(spec.paths ?? {})
          .flatMap((item) => Object.values(item as Record<string, { operationId?: string; security?: Record<string, string[]>[] }>))
          .find((op) => op.operationId === operationId);
        const scopes = operation?.security?.find((requirement) => requirement.OAuth2UserToken)?.OAuth2UserToken;
        expect(scopes, operationId).toBeDefined();
        for (const scope of scopes ?? []) {
          expect(own.has(scope), `${feature} calls ${operationId}, which needs ${scope}`).toBe(true);
          needed.add(scope);
        }
      }
    }
    // Nothing asked that no endpoint needs, except offline.access, which is what yields a refresh token.
    expect(twitterScopes.filter((scope) => !needed.has(scope))).toEqual(["offline.access"]);
  });

  it("the simulator refuses a token missing any scope an endpoint needs, with X's 403, so a missing scope cannot go unseen", async () => {
    const ctx = setup();
    for (const dropped of twitterScopes.filter((scope) => scope !== "offline.access")) {
      const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: `sandbox_no_${dropped.replace(/\W/g, "_")}`, scope: twitterScopes.filter((s) => s !== dropped).join(" ") });
      const identity = await twitterAdapter.identity(tokens, ctx.net).then(
        () => "ok",
        (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : "?"),
      );
      const answer = await ctx.sandboxFetch("https://api.x.com/2/users/me", { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      const posted = await required(twitterAdapter, "publish")(tokens, { text: `without ${dropped}`, media: [], options: {}, destination: null, targetId: "tgt_x" }, ctx.net).then(
        () => "ok",
        (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : "?"),
      );
      // Publishing needs neither media.write (text only), the DM scopes nor the engagement, read and moderation scopes.
      expect(posted, dropped).toBe(dropped.startsWith("dm.") || ["media.write", "mute.write", "bookmark.write", "follows.read", "tweet.moderate.write"].includes(dropped) ? "ok" : "missing_scope");
      if (dropped === "tweet.read" || dropped === "users.read") {
        expect(identity, dropped).toBe("missing_scope");
        expect(answer.status).toBe(403);
        expect(await answer.json()).toEqual({ title: "Forbidden", type: "about:blank", status: 403, detail: "Forbidden" });
      } else {
        expect(identity, dropped).toBe("ok");
      }
    }
  });

  it("connects, reads the identity, refreshes with rotation and revokes", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_ada");
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.expiresAt).toBe("2026-11-20T12:00:00.000Z");
    expect(tokens.scopes).toEqual([...twitterScopes]);

    const me = await twitterAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ handle: "sandbox_ada", displayName: "sandbox_ada" });
    expect(me.networkUserId).toMatch(/^\d{19}$/);
    expect(me.avatarUrl).toContain("sandbox.chorus.invalid");

    const refreshed = await twitterAdapter.refresh(tokens, ctx.net);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await failure(twitterAdapter.refresh(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await twitterAdapter.identity(refreshed, ctx.net)).handle).toBe("sandbox_ada");

    await revoke(refreshed, ctx.net);
    expect((await failure(twitterAdapter.identity(refreshed, ctx.net))).code).toBe("needs_reauth");
    expect((await failure(twitterAdapter.refresh(refreshed, ctx.net))).code).toBe("needs_reauth");
  });

  it("refuses a reused code, a wrong PKCE verifier and an expired access token", async () => {
    const ctx = setup();
    const { code, verifier, tokens } = await connect(ctx, "sandbox_bea");
    expect((await failure(exchangeCode({ code, codeVerifier: verifier, variant: null }, ctx.net))).code).toBe("needs_reauth");
    const { code: fresh } = await consentCode(twitterAdapter, ctx.net, { handle: "sandbox_bea", verifier, browser: ctx.sandboxFetch });
    expect((await failure(exchangeCode({ code: fresh, codeVerifier: "not-the-verifier", variant: null }, ctx.net))).code).toBe("needs_reauth");
    ctx.clock.now = new Date("2026-11-20T12:00:01.000Z");
    expect((await failure(twitterAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
  });

  it("answers each sandbox fault with X's own failure", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_cy");
    const id = (await twitterAdapter.identity(tokens, ctx.net)).networkUserId;

    await ctx.setFault(id, "expired_token");
    expect((await failure(twitterAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    await ctx.setFault(id, "revoked_permission");
    expect((await failure(twitterAdapter.identity(tokens, ctx.net))).code).toBe("missing_scope");
    await ctx.setFault(id, "rate_limited");
    const limited = await failure(twitterAdapter.identity(tokens, ctx.net));
    expect(limited.code).toBe("rate_limited");
    expect(limited.headers["Retry-After"]).toBe("900");
    await ctx.setFault(id, "down");
    const down = await failure(twitterAdapter.identity(tokens, ctx.net));
    expect(down).toMatchObject({ code: "micro_unavailable", retryable: true });
    await ctx.setFault(id, "slow", 4000);
    expect((await twitterAdapter.identity(tokens, ctx.net)).handle).toBe("sandbox_cy");
    expect(ctx.slept).toContain(4000);
  });

  it("maps every row of the error table from a realistic X body", () => {
    const now = new Date("2026-11-20T10:00:00.000Z");
    const problemBody = (status: number, title: string, detail = title) => ({ title, detail, type: "about:blank", status });
    const fixtures: ErrorFixture[] = [
      { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" }, code: "platform_rejected" },
      { status: 401, body: { error: "unauthorized_client", error_description: "Missing valid authorization header" }, code: "platform_rejected" },
      { status: 400, body: { error: "invalid_request", error_description: "Value passed for the token was invalid." }, code: "needs_reauth" },
      { status: 400, body: { error: "invalid_grant", error_description: "Token was revoked" }, code: "needs_reauth" },
      { status: 401, body: problemBody(401, "Unauthorized"), code: "needs_reauth" },
      { status: 403, body: problemBody(403, "Forbidden", "You are not allowed to create a Tweet with duplicate content."), code: "duplicate_post" },
      { status: 403, body: { errors: [{ code: 187, message: "Status is a duplicate." }] }, code: "duplicate_post" },
      { status: 403, body: { errors: [{ code: 326, message: "To protect our users from spam and other malicious activity, this account is temporarily locked." }] }, code: "micro_account_locked" },
      {
        status: 403,
        body: problemBody(403, "Forbidden", "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to."),
        code: "platform_rejected",
      },
      {
        status: 403,
        body: {
          title: "Client Forbidden",
          detail: "This request must be made using an approved developer account that is enrolled in the requested endpoint.",
          reason: "client-not-enrolled",
          type: "https://api.twitter.com/2/problems/client-forbidden",
        },
        code: "platform_rejected",
      },
      { status: 403, body: problemBody(403, "Forbidden"), code: "missing_scope" },
      {
        status: 429,
        body: { title: "UsageCapExceeded", detail: "Usage cap exceeded: Monthly product cap", type: "https://api.x.com/2/problems/usage-capped", period: "Monthly", scope: "Product" },
        code: "quota_exceeded",
      },
      { status: 429, body: { errors: [{ code: 88, message: "Rate limit exceeded" }] }, code: "rate_limited" },
      { status: 503, body: problemBody(503, "Service Unavailable"), code: "micro_unavailable" },
    ];
    expectFixturesCoverTable(twitterErrorTable, fixtures, { now, resetHeader: "x-rate-limit-reset" });
  });

  it("has a spec check that flags what the X document forbids", () => {
    const bearer = { authorization: "Bearer t", "content-type": "application/json" };
    const check = (method: string, url: string, body: unknown = null, headers: Record<string, string> = bearer) =>
      checkRequestAgainstSpec(spec, { method, url, headers, body: body === null ? null : JSON.stringify(body) }, { scopes: ["tweet.read", "users.read", "tweet.write"] });
    expect(check("GET", "https://api.x.com/2/users/me?user.fields=profile_image_url,username")).toEqual([]);
    expect(check("GET", "https://api.x.com/2/users/me?user.fields=avatar").join()).toContain('"avatar" is not one of');
    expect(check("GET", "https://api.x.com/2/users/me?fields=id").join()).toContain("query fields: not a parameter");
    expect(check("GET", "https://api.x.com/2/users/me", null, {}).join()).toContain("security: no requirement satisfied");
    expect(check("POST", "https://api.x.com/2/tweets", { text: "hi", reply: { in_reply_to_tweet_id: "123" } })).toEqual([]);
    expect(check("POST", "https://api.x.com/2/tweets", { text: "hi", reply_settings: "everyone" }).join()).toContain("reply_settings");
    expect(check("POST", "https://api.x.com/2/tweets", { text: "hi", tweet_mode: "extended" }).join()).toContain("body.tweet_mode: property not in the operation's schema");
    expect(check("POST", "https://api.x.com/2/tweets", { text: "hi", poll: { options: ["a"], duration_minutes: 5 } }).join()).toContain("fewer than 2 items");
    expect(check("DELETE", "https://api.x.com/2/users/me").join()).toContain("no operation in the spec");
  });

  it("sends only requests the official X OpenAPI document describes", async () => {
    const ctx = setup();
    const { tokens } = await connect(ctx, "sandbox_dee");
    const refreshed = await twitterAdapter.refresh(tokens, ctx.net);
    await twitterAdapter.identity(refreshed, ctx.net);
    await revoke(refreshed, ctx.net);

    const described = ctx.requests.filter((r) => findOperation(spec, r.method, r.url));
    expect(described.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["GET /2/users/me"]);
    for (const request of described) expect(checkRequestAgainstSpec(spec, request, { scopes: refreshed.scopes })).toEqual([]);

    // The spec models OAuth only as a security scheme: its tokenUrl is the endpoint the adapter
    // posts to, and no path describes the token or revoke bodies (they follow X's OAuth guide).
    const oauth = oauthEndpoints(spec).find((e) => e.scheme === "OAuth2UserToken");
    expect(oauth?.tokenUrl).toBe(twitterTokenUrl);
    const undescribed = ctx.requests.filter((r) => !findOperation(spec, r.method, r.url));
    expect(new Set(undescribed.map((r) => new URL(r.url).pathname))).toEqual(new Set(["/2/oauth2/token", "/2/oauth2/revoke"]));
    for (const request of undescribed) {
      expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(request.headers.authorization).toMatch(/^Basic /);
    }
    for (const scope of twitterScopes) expect(oauth?.scopes).toContain(scope);
  });
});
