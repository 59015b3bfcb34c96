import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { LiveFacet } from "../../src/networks/facets/live.js";
import type { TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { youtubeLiveErrorTable } from "../../src/networks/youtube/live.js";
import { youtubeErrorBody } from "../../src/sandbox/google/wire.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { NO_LIVE_PREFIX } from "../../src/sandbox/youtube/live-streaming.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { connectThroughConsent, createSandbox, expectRowSample, type Sandbox, setSandboxFault } from "./harness.js";

/**
 * YouTube live through the Live Streaming API against the YouTube simulator: every call checked
 * against the discovery document and the scopes Chorus asks at connect.
 */

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const live = youtubeAdapter.live as Required<LiveFacet>;

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T11:00:00.000Z", config, platform: "youtube" });
const connect = async (ctx: Sandbox, handle: string): Promise<TokenSet> => (await connectThroughConsent(youtubeAdapter, ctx.net, { handle })).tokens;

/** Every Data API call since `from` fits the discovery document and the granted scopes; returns the method ids. */
function conformingMethods(ctx: Sandbox, tokens: TokenSet, from: number): string[] {
  const checks = ctx.requests
    .slice(from)
    .filter((r) => new URL(r.url).host === "youtube.googleapis.com")
    .map((r) => checkRequestAgainstDiscovery(discovery, r));
  expect(checks.flatMap((c) => c.problems)).toEqual([]);
  for (const id of new Set(checks.map((c) => c.methodId ?? ""))) {
    const method = findMethod(discovery, id);
    expect(method && scopesAllow(method, tokens.scopes), `${id} is allowed by the granted scopes`).toBe(true);
  }
  return checks.map((c) => c.methodId ?? "");
}

const input = (more: Partial<Parameters<Required<LiveFacet>["createBroadcast"]>[1]> = {}) => ({ pageId: null, title: "Harbour live", description: "From the pier", scheduledStartTime: null, ...more });

describe("youtube live against the YouTube simulator", () => {
  it("inserts a broadcast and a stream, binds them, goes live and completes, as the discovery document describes", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "live.channel");
    const from = ctx.requests.length;
    const created = await live.createBroadcast(tokens, input(), ctx.net);
    expect(created).toMatchObject({ status: "ready", networkStatus: "ready", title: "Harbour live", description: "From the pier", scheduledStartTime: "2026-11-21T11:00:00.000Z", replayUrl: null });
    expect(created.ingest.url).toBe("rtmps://a.rtmps.youtube.com/live2");
    expect(created.ingest.streamKey).toMatch(/^[\w-]{4}(-[\w-]{4}){4}$/);
    expect(created.permalinkUrl).toBe(`https://www.youtube.com/watch?v=${created.networkId}`);
    const ref = { networkId: created.networkId, pageId: null };

    expect(await live.ingestCredentials(tokens, ref, ctx.net)).toEqual(created.ingest);
    ctx.advance(60_000);
    const started = await live.startBroadcast(tokens, ref, created, ctx.net);
    expect(started).toMatchObject({ status: "live", networkStatus: "live", startedAt: "2026-11-21T11:01:00.000Z" });
    const ended = await live.endBroadcast(tokens, ref, started, ctx.net);
    expect(ended).toMatchObject({ status: "replay_ready", networkStatus: "complete", replayUrl: `https://www.youtube.com/watch?v=${created.networkId}` });
    expect(await live.readBroadcast(tokens, ref, ctx.net)).toMatchObject({ status: "replay_ready" });

    expect(conformingMethods(ctx, tokens, from)).toEqual([
      "youtube.liveBroadcasts.insert",
      "youtube.liveStreams.insert",
      "youtube.liveBroadcasts.bind",
      "youtube.liveBroadcasts.list",
      "youtube.liveStreams.list",
      "youtube.liveBroadcasts.transition",
      "youtube.liveBroadcasts.transition",
      "youtube.liveBroadcasts.list",
    ]);
    const insert = ctx.requests[from];
    expect(JSON.parse(insert?.body ?? "{}")).toMatchObject({ contentDetails: { monitorStream: { enableMonitorStream: false }, enableAutoStart: false }, status: { privacyStatus: "public" } });
  });

  it("sends the scheduled start time when one is given", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "scheduled.channel");
    const created = await live.createBroadcast(tokens, input({ scheduledStartTime: "2026-11-23T18:00:00.000Z" }), ctx.net);
    expect(created.scheduledStartTime).toBe("2026-11-23T18:00:00.000Z");
  });

  it("refuses what YouTube refuses", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "strict.channel");
    const created = await live.createBroadcast(tokens, input(), ctx.net);
    const ref = { networkId: created.networkId, pageId: null };
    // complete before live: YouTube's invalidTransition, whatever the caller checked.
    await expect(live.endBroadcast(tokens, ref, { ...created, status: "live" }, ctx.net)).rejects.toMatchObject({
      code: "broadcast_state_invalid",
      message: expect.stringContaining("Invalid transition"),
    });
    await expect(live.createBroadcast(tokens, input({ title: "<b>bold</b>" }), ctx.net)).rejects.toMatchObject({ code: "title_invalid" });
    await expect(live.readBroadcast(tokens, { networkId: "doesnotexist", pageId: null }, ctx.net)).rejects.toMatchObject({ code: "resource_not_found" });

    const noLive = await connect(ctx, `${NO_LIVE_PREFIX}.channel`);
    await expect(live.createBroadcast(noLive, input(), ctx.net)).rejects.toMatchObject({
      code: "live_not_enabled",
      platform: "youtube",
      message: expect.stringContaining("not enabled to stream live video"),
    });
  });

  it("maps sandbox faults through YouTube's error table", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "faulty.channel");
    const created = await live.createBroadcast(tokens, input(), ctx.net);
    const ref = { networkId: created.networkId, pageId: null };
    await setSandboxFault(ctx.store, "youtube", { handle: "faulty.channel" }, "rate_limited");
    await expect(live.readBroadcast(tokens, ref, ctx.net)).rejects.toMatchObject({ code: "rate_limited" });
    await setSandboxFault(ctx.store, "youtube", { handle: "faulty.channel" }, "down");
    await expect(live.startBroadcast(tokens, ref, created, ctx.net)).rejects.toMatchObject({ code: "platform_unavailable" });
    await setSandboxFault(ctx.store, "youtube", { handle: "faulty.channel" }, "revoked_permission");
    await expect(live.startBroadcast(tokens, ref, created, ctx.net)).rejects.toMatchObject({ code: "missing_scope" });
  });
});

describe("youtube live error table", () => {
  const liveRows = youtubeLiveErrorTable.rows.filter((row) =>
    ["liveStreamingNotEnabled", "invalidTransition", "liveBroadcastBindingNotAllowed", "liveBroadcastNotFound"].includes(row.networkCode ?? ""),
  );
  it.each(liveRows.map((row) => [row.networkCode, row.code, row] as const))("%s -> %s, matched by its own row", (reason, code, row) => {
    const status = row.status ?? 400;
    expectRowSample(youtubeLiveErrorTable, row, { status, headers: new Headers({ "content-type": "application/json" }), body: youtubeErrorBody(status, reason ?? "", "sample") }, code);
  });
});
