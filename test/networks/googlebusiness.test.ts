import { describe, expect, it } from "vitest";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import { googleBusinessConnectScopes, googleBusinessLocationReadMask } from "../../src/networks/googlebusiness/capabilities.js";
import { googleBusinessErrorTable } from "../../src/networks/googlebusiness/errors.js";
import { classifyFailure } from "../../src/networks/http.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import {
  apiError as failure,
  commonFaultCodes,
  connectThroughConsent,
  createSandbox,
  type ErrorSample,
  expectSamplePerRow,
  expectValidCapabilities,
  required,
  type Sandbox,
  wireAnswer,
} from "./harness.js";

const authorizeUrl = required(googleBusinessAdapter, "authorizeUrl");
const revoke = required(googleBusinessAdapter, "revoke");
const targets = required(googleBusinessAdapter, "targets");

// One Google client serving both networks, as a self-hoster with one Cloud project would set it up.
const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };
const verifier = "sandbox-verifier-gbp-0123456789-abcdefghijklmnopqrstuvwxyz";

const setup = () => createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "googlebusiness" });

const connect = async (ctx: Sandbox, handle: string) => (await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle, verifier })).tokens;

describe("googlebusiness adapter against the Business Profile simulator", () => {
  it("publishes capabilities that fit the shared schema", () => {
    expectValidCapabilities(googleBusinessAdapter.capabilities);
    expect(googleBusinessAdapter.capabilities.targets).toEqual(["location"]);
    expect(googleBusinessAdapter.capabilities.options.topicType?.values).toEqual(["STANDARD", "EVENT", "OFFER", "ALERT"]);
  });

  it("asks Google for business.manage with PKCE and offline access", async () => {
    const ctx = setup();
    const url = new URL(authorizeUrl({ state: "s", codeChallenge: "challenge", variant: null }, ctx.net));
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(googleBusinessConnectScopes);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("connects, names the person from userinfo and refreshes without rotation", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "owner@sandbox-bakery.invalid");
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual(googleBusinessConnectScopes);
    const me = await googleBusinessAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ handle: "owner@sandbox-bakery.invalid", displayName: "owner" });
    expect(me.networkUserId).toMatch(/^\d{21}$/);

    ctx.clock.now = new Date("2026-11-21T14:00:00.000Z");
    expect((await failure(googleBusinessAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    const refreshed = await googleBusinessAdapter.refresh(tokens, ctx.net);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await googleBusinessAdapter.identity(refreshed, ctx.net)).networkUserId).toBe(me.networkUserId);
  });

  it("lists every location of every account as v4 resource names", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "baker");
    const found = await targets(tokens, ctx.net);
    expect(found.map((t) => t.name)).toEqual(["Sandbox Coffee Cart", "Sandbox Bakery North", "Sandbox Bakery South"]);
    for (const target of found) {
      expect(target.kind).toBe("location");
      expect(target.id).toMatch(/^accounts\/\d+\/locations\/\d+$/);
    }
    expect(found[0]?.details).toMatchObject({ address: "1 Sandbox Street, 00000 Sandboxville, ZZ", storeCode: "SBX-CART", accountName: "baker" });
    expect(found[1]?.details.accountName).toBe("Sandbox Bakery Group");

    // The requests are the documented ones: accounts.list, then locations.list with a readMask.
    const api = ctx.requests.map((r) => ({ method: r.method, url: new URL(r.url) })).filter((r) => r.url.host.startsWith("mybusiness"));
    expect(api.map((r) => `${r.method} ${r.url.host}${r.url.pathname}`)).toEqual([
      "GET mybusinessaccountmanagement.googleapis.com/v1/accounts",
      expect.stringMatching(/^GET mybusinessbusinessinformation\.googleapis\.com\/v1\/accounts\/\d+\/locations$/),
      expect.stringMatching(/^GET mybusinessbusinessinformation\.googleapis\.com\/v1\/accounts\/\d+\/locations$/),
    ]);
    expect(api[0]?.url.searchParams.get("pageSize")).toBe("20");
    expect(api[1]?.url.searchParams.get("readMask")).toBe(googleBusinessLocationReadMask);
    expect(api[1]?.url.searchParams.get("pageSize")).toBe("100");
  });

  it("answers locations.list like Google: readMask required, pages, other people's accounts refused", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "pages");
    const auth = { headers: { authorization: `Bearer ${tokens.accessToken}` } };
    const accounts = (await wireAnswer<{ accounts: Array<{ name: string; type: string }> }>(await ctx.net.fetch("https://mybusinessaccountmanagement.googleapis.com/v1/accounts", auth))).body;
    expect(accounts.accounts.map((a) => a.type)).toEqual(["PERSONAL", "LOCATION_GROUP"]);
    const group = accounts.accounts[1]?.name ?? "";
    const base = `https://mybusinessbusinessinformation.googleapis.com/v1/${group}/locations`;
    const noMask = await ctx.net.fetch(base, auth);
    expect(noMask.status).toBe(400);
    expect(await noMask.json()).toMatchObject({ error: { status: "INVALID_ARGUMENT", details: [{ fieldViolations: [{ field: "read_mask" }] }] } });
    const page = async (query: string) => (await wireAnswer<{ locations: object[]; nextPageToken?: string }>(await ctx.net.fetch(`${base}?${query}`, auth))).body;
    const first = await page("readMask=title&pageSize=1");
    expect(first.locations).toEqual([{ title: "Sandbox Bakery North" }]);
    const second = await page(`readMask=title&pageSize=1&pageToken=${first.nextPageToken ?? ""}`);
    expect(second).toEqual({ locations: [{ title: "Sandbox Bakery South" }] });

    const stranger = await connect(ctx, "stranger");
    const refused = await ctx.net.fetch(`${base}?readMask=title`, { headers: { authorization: `Bearer ${stranger.accessToken}` } });
    expect(refused.status).toBe(403);
  });

  it("shares Google's OAuth hosts with the youtube simulator without crossing tokens", async () => {
    const ctx = setup();
    const gbp = await connect(ctx, "both");
    // The same person connects YouTube through the same Google client and authorize page.
    const { tokens: yt } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle: "both", verifier });
    expect((await youtubeAdapter.identity(yt, ctx.net)).handle).toBe("both");
    expect((await googleBusinessAdapter.identity(gbp, ctx.net)).handle).toBe("both@sandbox.chorus.invalid");
    // Each token endpoint call reached the simulator that issued the grant.
    expect((await youtubeAdapter.refresh(yt, ctx.net)).refreshToken).toBe(yt.refreshToken);
    expect((await googleBusinessAdapter.refresh(gbp, ctx.net)).refreshToken).toBe(gbp.refreshToken);
    // A Business Profile token is not a YouTube token.
    expect((await failure(youtubeAdapter.identity(gbp, ctx.net))).code).toBe("needs_reauth");
    // Revoking the Business Profile grant leaves the YouTube one alone.
    await revoke(gbp, ctx.net);
    expect((await failure(targets(gbp, ctx.net))).code).toBe("needs_reauth");
    expect((await youtubeAdapter.identity(yt, ctx.net)).handle).toBe("both");
  });

  it("turns each account fault into Google's own error and the right code", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "faulty");
    for (const [fault, code] of commonFaultCodes) {
      await ctx.setFault({ handle: "faulty" }, fault);
      expect((await failure(targets(tokens, ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault({ handle: "faulty" }, "slow", 1200);
    expect(await targets(tokens, ctx.net)).toHaveLength(3);
    expect(ctx.slept).toContain(1200);
  });
});

describe("googlebusiness error table, row by row", () => {
  const rpc = (status: number, canonical: string, reason: string | null) => ({
    error: {
      code: status,
      message: `sample ${reason ?? canonical}`,
      status: canonical,
      ...(reason
        ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com", metadata: { service: "mybusinessbusinessinformation.googleapis.com" } }] }
        : {}),
    },
  });
  const samples: ErrorSample[] = [
    { status: 401, body: rpc(401, "UNAUTHENTICATED", "ACCESS_TOKEN_EXPIRED") },
    { status: 400, body: { error: "invalid_grant", error_description: "Token has been expired or revoked." } },
    { status: 403, body: rpc(403, "PERMISSION_DENIED", "ACCESS_TOKEN_SCOPE_INSUFFICIENT") },
    { status: 403, body: rpc(403, "PERMISSION_DENIED", "SERVICE_DISABLED") },
    { status: 403, body: rpc(403, "PERMISSION_DENIED", null) },
    { status: 429, body: rpc(429, "RESOURCE_EXHAUSTED", "RATE_LIMIT_EXCEEDED") },
    { status: 429, body: rpc(429, "RESOURCE_EXHAUSTED", null) },
    { status: 503, body: rpc(503, "UNAVAILABLE", null) },
  ];

  it("has one realistic sample per row, and each sample lands on its row", () => {
    expectSamplePerRow(googleBusinessErrorTable, samples);
  });

  it("keeps Google's message for a refusal it does not know, and honours Retry-After on 429", () => {
    const unknown = classifyFailure(googleBusinessErrorTable, { status: 400, headers: new Headers(), body: rpc(400, "INVALID_ARGUMENT", null) }, new Date());
    expect(unknown).toMatchObject({ code: "platform_rejected", message: "sample INVALID_ARGUMENT", fix: null });
    const throttled = classifyFailure(googleBusinessErrorTable, { status: 429, headers: new Headers({ "retry-after": "30" }), body: rpc(429, "RESOURCE_EXHAUSTED", null) }, new Date());
    expect(throttled.headers["Retry-After"]).toBe("30");
  });
});
