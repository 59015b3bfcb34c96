import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { classifyFailure, pkceChallenge } from "../../src/networks/http.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { youtubeConnectScopes, youtubeUrls } from "../../src/networks/youtube/capabilities.js";
import { youtubeErrorTable } from "../../src/networks/youtube/errors.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import {
  apiError as failure,
  commonFaultCodes,
  connectThroughConsent,
  consentCode,
  createSandbox,
  type ErrorSample,
  expectSamplePerRow,
  expectValidCapabilities,
  required,
  type Sandbox,
  wireAnswer,
} from "./harness.js";

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const analyticsDiscovery = loadDiscoveryDocument(`${specs}youtubeAnalytics-v2-discovery.json`);

const authorizeUrl = required(youtubeAdapter, "authorizeUrl");
const exchangeCode = required(youtubeAdapter, "exchangeCode");
const revoke = required(youtubeAdapter, "revoke");
const events = required(youtubeAdapter, "events");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const verifier = "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";

// Both Google simulators share accounts.google.com and oauth2.googleapis.com, as in the server.
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "youtube" });

/** Consents as `handle` and returns the code, without exchanging it. */
const approve = async (ctx: Sandbox, handle: string) => (await consentCode(youtubeAdapter, ctx.net, { handle, verifier, pageText: "Sandbox youtube" })).code;

const connect = async (ctx: Sandbox, handle: string) => (await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier, pageText: "Sandbox youtube" })).tokens;

describe("youtube adapter against the YouTube simulator", () => {
  it("publishes capabilities that fit the shared schema", () => {
    expectValidCapabilities(youtubeAdapter.capabilities);
    expect(youtubeAdapter.capabilities.media.videoOnly).toBe(true);
    expect(youtubeAdapter.capabilities.text.counting).toBe("bytes");
    expect(youtubeAdapter.capabilities.options.title?.required).toBe(true);
  });

  it("builds Google's authorize URL with PKCE, offline access and forced consent", async () => {
    const ctx = setup();
    const url = new URL(authorizeUrl({ state: "s1", codeChallenge: await pkceChallenge(verifier), variant: null }, ctx.net));
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      response_type: "code",
      state: "s1",
      access_type: "offline",
      prompt: "consent",
      code_challenge: await pkceChallenge(verifier),
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(youtubeConnectScopes);
  });

  it("connects, reads the channel identity and keeps the refresh token across refreshes", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.creator");
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBe("2026-11-21T12:59:59.000Z");
    expect(tokens.scopes).toEqual(youtubeConnectScopes);

    const me = await youtubeAdapter.identity(tokens, ctx.net);
    expect(me.networkUserId).toMatch(/^UC[\w-]{22}$/);
    expect(me.handle).toBe("sandbox.creator");
    expect(me.displayName).toBe("sandbox (sandbox)");
    expect(me.avatarUrl).toContain("sandbox.chorus.invalid");

    // Google does not rotate: the answer has no refresh_token, the old one is kept and still works.
    ctx.clock.now = new Date("2026-11-21T13:30:00.000Z");
    expect((await failure(youtubeAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    const refreshed = await youtubeAdapter.refresh(tokens, ctx.net);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.expiresAt).toBe("2026-11-21T14:29:59.000Z");
    const again = await youtubeAdapter.refresh(tokens, ctx.net);
    expect(again.refreshToken).toBe(tokens.refreshToken);
    expect((await youtubeAdapter.identity(refreshed, ctx.net)).networkUserId).toBe(me.networkUserId);
  });

  it("refuses a reused code, a wrong PKCE verifier and an unknown code with needs_reauth", async () => {
    const ctx = setup();
    const code = await approve(ctx, "twice");
    await exchangeCode({ code, codeVerifier: verifier, variant: null }, ctx.net);
    expect((await failure(exchangeCode({ code, codeVerifier: verifier, variant: null }, ctx.net))).code).toBe("needs_reauth");
    const other = await approve(ctx, "twice");
    expect((await failure(exchangeCode({ code: other, codeVerifier: `${verifier}-wrong`, variant: null }, ctx.net))).code).toBe("needs_reauth");
    // A code neither Google simulator issued reaches the last one's answer: Google's invalid_grant.
    expect((await failure(exchangeCode({ code: "4/not-a-code", codeVerifier: verifier, variant: null }, ctx.net))).code).toBe("needs_reauth");
  });

  it("revokes the grant: access and refresh tokens stop working", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "leaver");
    await revoke(tokens, ctx.net);
    expect((await failure(youtubeAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await failure(youtubeAdapter.refresh(tokens, ctx.net))).code).toBe("needs_reauth");
    expect((await failure(youtubeAdapter.refresh({ ...tokens, refreshToken: null }, ctx.net))).code).toBe("needs_reauth");
  });

  it("lists upcoming broadcasts as events, persistent ones included, past ones left out", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "streamer");
    const found = await events(tokens, ctx.net);
    expect(found.map((e) => e.name)).toEqual(["Sandbox live Q&A", "Sandbox always-on stream", "Sandbox premiere"]);
    expect(found[0]).toMatchObject({ startTime: "2026-11-22T12:00:00.000Z", endTime: "2026-11-22T13:00:00.000Z" });
    expect(found[0]?.url).toBe(`${youtubeUrls.watch}${found[0]?.id}`);
    expect(found[2]?.endTime).toBeNull();
  });

  it("pages liveBroadcasts.list with page tokens", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "pager");
    const url = `${youtubeUrls.api}/liveBroadcasts?part=snippet&broadcastStatus=upcoming&broadcastType=all&maxResults=2`;
    const page = async (address: string) =>
      (await wireAnswer<{ items: unknown[]; nextPageToken?: string }>(await ctx.net.fetch(address, { headers: { authorization: `Bearer ${tokens.accessToken}` } }))).body;
    const first = await page(url);
    expect(first.items).toHaveLength(2);
    const second = await page(`${url}&pageToken=${first.nextPageToken ?? ""}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextPageToken).toBeUndefined();
  });

  it("answers video_no_channel for a Google account without a channel", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "nochannel-person");
    const error = await failure(youtubeAdapter.identity(tokens, ctx.net));
    expect(error.code).toBe("video_no_channel");
    expect(error.platform).toBe("youtube");
    expect((await failure(events(tokens, ctx.net))).code).toBe("video_no_channel");
  });

  it("turns each account fault into YouTube's own error and the right code", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "faulty");
    for (const [fault, code] of commonFaultCodes) {
      await ctx.setFault({ handle: "faulty" }, fault);
      const error = await failure(youtubeAdapter.identity(tokens, ctx.net));
      expect(error.code, fault).toBe(code);
      expect((await failure(events(tokens, ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault({ handle: "faulty" }, "slow", 2500);
    expect((await youtubeAdapter.identity(tokens, ctx.net)).handle).toBe("faulty");
    expect(ctx.slept).toContain(2500);
  });

  it("sends only requests the YouTube Data API discovery document describes", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "checked");
    await youtubeAdapter.identity(tokens, ctx.net);
    await events(tokens, ctx.net);
    const apiCalls = ctx.requests.filter((r) => new URL(r.url).host === "youtube.googleapis.com");
    const checks = apiCalls.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    expect(checks.map((c) => c.methodId)).toEqual(["youtube.channels.list", "youtube.liveBroadcasts.list"]);
    for (const id of ["youtube.channels.list", "youtube.liveBroadcasts.list"]) {
      const method = findMethod(discovery, id);
      expect(method && scopesAllow(method, tokens.scopes), id).toBe(true);
    }
    const known = new Set([...Object.keys(discovery.auth?.oauth2?.scopes ?? {}), ...Object.keys(analyticsDiscovery.auth?.oauth2?.scopes ?? {})]);
    expect(youtubeConnectScopes.filter((s) => !known.has(s))).toEqual([]);
  });
});

describe("youtube error table, row by row", () => {
  const google = (status: number, reason: string, domain = "global") => ({
    error: { code: status, message: `sample ${reason}`, errors: [{ message: `sample ${reason}`, domain, reason }], status: "SAMPLE" },
  });
  const samples: ErrorSample[] = [
    { status: 401, body: google(401, "youtubeSignupRequired", "youtube.header") },
    { status: 401, body: google(401, "authError") },
    { status: 401, body: google(401, "required") },
    { status: 400, body: { error: "invalid_grant", error_description: "Token has been expired or revoked." } },
    { status: 403, body: google(403, "insufficientPermissions") },
    { status: 403, body: google(403, "quotaExceeded", "youtube.quota") },
    { status: 400, body: google(400, "uploadLimitExceeded", "youtube.video") },
    { status: 403, body: google(403, "rateLimitExceeded", "usageLimits") },
    { status: 403, body: google(403, "userRateLimitExceeded", "usageLimits") },
    { status: 429, body: { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } } },
    { status: 400, body: google(400, "invalidTitle", "youtube.video") },
    { status: 400, body: google(400, "invalidDescription", "youtube.video") },
    { status: 400, body: google(400, "invalidCategoryId", "youtube.video") },
    { status: 400, body: google(400, "invalidTags", "youtube.video") },
    { status: 400, body: google(400, "mediaBodyRequired", "youtube.video") },
    { status: 403, body: google(403, "forbiddenPrivacySetting", "youtube.video") },
    { status: 403, body: google(403, "forbiddenLicenseSetting", "youtube.video") },
    { status: 500, body: google(500, "backendError") },
  ];

  it("has one realistic sample per row, and each sample lands on its row", () => {
    expectSamplePerRow(youtubeErrorTable, samples);
  });

  it("passes an unknown refusal through with YouTube's message and no fix", () => {
    const error = classifyFailure(youtubeErrorTable, { status: 400, headers: new Headers(), body: google(400, "invalidVideoMetadata", "youtube.video") }, new Date());
    expect(error.code).toBe("platform_rejected");
    expect(error.message).toBe("sample invalidVideoMetadata");
    expect(error.fix).toBeNull();
    const outage = classifyFailure(youtubeErrorTable, { status: 502, headers: new Headers(), body: "<html><body>Bad Gateway</body></html>" }, new Date());
    expect(outage.code).toBe("platform_unavailable");
  });
});

describe("discovery-request-check", () => {
  const check = (method: string, url: string, body?: string) => checkRequestAgainstDiscovery(discovery, { method, url, body: body ?? null });

  it("accepts a conforming request and names its method", () => {
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?part=snippet,contentDetails&mine=true")).toEqual({ methodId: "youtube.channels.list", problems: [] });
    const update = check("PUT", "https://youtube.googleapis.com/youtube/v3/videos?part=snippet", JSON.stringify({ id: "x", snippet: { title: "t", categoryId: "22" } }));
    expect(update).toEqual({ methodId: "youtube.videos.update", problems: [] });
    expect(
      check(
        "POST",
        "https://youtube.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status",
        JSON.stringify({ snippet: { title: "t" }, status: { privacyStatus: "private" } }),
      ).problems,
    ).toEqual([]);
  });

  it("flags unknown parameters, bad enums, missing required parameters, wrong verbs, bad parts and unknown body fields", () => {
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?part=snippet&mine=true&bogus=1").problems).toEqual([expect.stringContaining("unknown query parameter bogus")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/liveBroadcasts?part=snippet&broadcastStatus=soon").problems).toEqual([expect.stringContaining("broadcastStatus=soon: not one of")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?mine=true").problems).toEqual([expect.stringContaining("required parameter part missing")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?part=snippet&mine=yes").problems).toEqual([expect.stringContaining("not a boolean")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?part=snippet&mine=true&maxResults=51").problems).toEqual([expect.stringContaining("above maximum 50")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/channels?part=snipet&mine=true").problems).toEqual([expect.stringContaining('part "snipet" is not a property of Channel')]);
    expect(check("PATCH", "https://youtube.googleapis.com/youtube/v3/channels?part=snippet").problems).toEqual([expect.stringContaining("no such method")]);
    expect(check("GET", "https://youtube.googleapis.com/youtube/v3/nothing").problems).toEqual([expect.stringContaining("no method has this path")]);
    expect(check("GET", "https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true").problems).toEqual([expect.stringContaining("not the API's root")]);
    const badBody = check("PUT", "https://youtube.googleapis.com/youtube/v3/videos?part=status", JSON.stringify({ id: "x", status: { privacyStatus: "friends", colour: "red" } }));
    expect(badBody.problems).toEqual([expect.stringContaining("privacyStatus=friends is not one of"), expect.stringContaining("body.status.colour is not a property of VideoStatus")]);
  });
});
