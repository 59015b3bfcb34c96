import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import { facebookBroadcastStatuses, splitStreamUrl } from "../../src/networks/facebook/live.js";
import type { LiveFacet } from "../../src/networks/facets/live.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { liveVideoRules } from "../../src/sandbox/facebook/live-videos.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { type Bench, bench, connect, facebookInstagramOrders, rejectsWith } from "./facebook-helpers.js";

const live = facebookAdapter.live as Required<LiveFacet>;
const metaEnums = JSON.parse(readFileSync(new URL("../fixtures/specs/meta-graph/specs/enum_types.json", import.meta.url), "utf8")) as { name: string; values: string[] }[];

/** Which Graph node each request of the live flow is a call on. */
function nodeOf(url: URL): string {
  const segments = url.pathname.split("/").filter(Boolean).slice(1);
  if (segments[0] === "me") return "User";
  if (segments[1] === "live_videos") return "Page";
  return "LiveVideo";
}

/** Every Graph request since `from` (the live calls, after connecting) against Meta's node descriptions. */
function expectConformingGraphRequests(b: Bench, from: number): void {
  const graph = b.sent.slice(from).filter((r) => r.url.host === "graph.facebook.com");
  expect(graph.length).toBeGreaterThan(0);
  for (const request of graph) expect(graphRequestProblems(request, nodeOf(request.url)), `${request.method} ${request.url.pathname}`).toEqual([]);
}

async function setUp(factories: Parameters<typeof bench>[0]): Promise<{ b: Bench; net: NetworkContext; tokens: TokenSet; eligible: string; small: string; from: number }> {
  const b = bench(factories);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, `live.owner`);
  const pages = (await facebookAdapter.targets?.(tokens, net)) ?? [];
  const eligible = pages.find((p) => Number(p.details.followers) >= liveVideoRules.minFollowers)?.id ?? "";
  const small = pages.find((p) => Number(p.details.followers) < liveVideoRules.minFollowers)?.id ?? "";
  return { b, net, tokens, eligible, small, from: b.sent.length };
}

describe("Facebook live status mapping", () => {
  it("maps every LiveVideo status Meta's spec lists", () => {
    const statuses = metaEnums.find((e) => e.name === "pagelive_videos_broadcast_status_enum_param")?.values ?? [];
    expect(statuses.length).toBeGreaterThan(5);
    expect(Object.keys(facebookBroadcastStatuses).sort()).toEqual([...statuses].sort());
  });

  it("splits a stream URL into the encoder's server and key", () => {
    expect(splitStreamUrl("rtmps://live-api-s.facebook.com:443/rtmp/FB-1-0-abc")).toEqual({ url: "rtmps://live-api-s.facebook.com:443/rtmp/", streamKey: "FB-1-0-abc" });
    expect(() => splitStreamUrl("rtmps://")).toThrow();
  });
});

describe.each(facebookInstagramOrders)("Facebook live adapter against the simulator (%s)", (_name, factories) => {
  it("creates, reads, starts and ends a broadcast with requests Meta's node descriptions allow", async () => {
    const { b, net, tokens, eligible, from } = await setUp([...factories]);
    const created = await live.createBroadcast(tokens, { pageId: eligible, title: "Wire check", description: "d", scheduledStartTime: null }, net);
    expect(created).toMatchObject({ status: "ready", networkStatus: "UNPUBLISHED", title: "Wire check", description: "d" });
    const ref = { networkId: created.networkId, pageId: eligible };
    const started = await live.startBroadcast(tokens, ref, created, net);
    expect(started.status).toBe("live");
    expect(await live.ingestCredentials(tokens, ref, net)).toEqual(created.ingest);
    const ended = await live.endBroadcast(tokens, ref, started, net);
    expect(ended).toMatchObject({ status: "ended", networkStatus: "LIVE_STOPPED" });
    b.advance(liveVideoRules.replayProcessingSeconds);
    expect(await live.readBroadcast(tokens, ref, net)).toMatchObject({ status: "replay_ready", replayUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\//) });
    // Over: the network hands out no stream URL any more.
    await rejectsWith(live.ingestCredentials(tokens, ref, net), "broadcast_state_invalid");

    const create = b.sent.find((r) => r.method === "POST" && r.url.pathname.endsWith("/live_videos"));
    const form = new URLSearchParams(create?.body);
    expect(form.get("status")).toBe("UNPUBLISHED");
    expect(create?.url.search).toBe("");
    // Page token, never the person's token, in the body rather than the URL.
    expect(form.get("access_token")).toMatch(/^EAA_SANDBOX_PAGE_/);
    expectConformingGraphRequests(b, from);
  });

  it("schedules with event_params.start_time and cancels with SCHEDULED_CANCELED", async () => {
    const { b, net, tokens, eligible, from } = await setUp([...factories]);
    const at = new Date(b.deps.now().getTime() + 3 * 86400_000);
    at.setUTCMilliseconds(0);
    const created = await live.createBroadcast(tokens, { pageId: eligible, title: "Later", description: null, scheduledStartTime: at.toISOString() }, net);
    expect(created).toMatchObject({ status: "scheduled", networkStatus: "SCHEDULED_UNPUBLISHED", scheduledStartTime: at.toISOString() });
    const form = new URLSearchParams(b.sent.find((r) => r.url.pathname.endsWith("/live_videos"))?.body);
    expect(JSON.parse(form.get("event_params") ?? "")).toEqual({ start_time: at.getTime() / 1000 });
    const cancelled = await live.endBroadcast(tokens, { networkId: created.networkId, pageId: eligible }, created, net);
    expect(cancelled).toMatchObject({ status: "ended", networkStatus: "SCHEDULED_CANCELED" });
    expect(new URLSearchParams(b.sent.at(-2)?.body).get("status")).toBe("SCHEDULED_CANCELED");
    expectConformingGraphRequests(b, from);
  });

  it("refuses what Meta refuses", async () => {
    const { b, net, tokens, eligible, small } = await setUp([...factories]);
    await rejectsWith(live.createBroadcast(tokens, { pageId: small, title: "x", description: null, scheduledStartTime: null }, net), "platform_rejected");
    await rejectsWith(live.createBroadcast(tokens, { pageId: "123", title: "x", description: null, scheduledStartTime: null }, net), "field_invalid");
    await rejectsWith(live.createBroadcast(tokens, { pageId: null, title: "x", description: null, scheduledStartTime: null }, net), "field_required");
    const far = new Date(b.deps.now().getTime() + 8 * 86400_000).toISOString();
    await rejectsWith(live.createBroadcast(tokens, { pageId: eligible, title: "x", description: null, scheduledStartTime: far }, net), "broadcast_schedule_too_far");
    // The simulator refuses an out-of-order change itself, whatever the caller checked.
    const created = await live.createBroadcast(tokens, { pageId: eligible, title: "x", description: null, scheduledStartTime: null }, net);
    await rejectsWith(live.endBroadcast(tokens, { networkId: created.networkId, pageId: eligible }, { ...created, status: "live" }, net), "platform_rejected");
  });

  it("maps the sandbox faults through Graph's error table", async () => {
    const { b, net, tokens, eligible } = await setUp([...factories]);
    const created = await live.createBroadcast(tokens, { pageId: eligible, title: "x", description: null, scheduledStartTime: null }, net);
    const ref = { networkId: created.networkId, pageId: eligible };
    const sim = b.sims.find((s) => s.platform === "facebook");
    if (!sim) throw new Error("no facebook simulator");
    await b.setFault(sim, "live.owner", "rate_limited");
    await rejectsWith(live.readBroadcast(tokens, ref, net), "rate_limited");
    await b.setFault(sim, "live.owner", "down");
    await rejectsWith(live.startBroadcast(tokens, ref, created, net), "platform_unavailable");
    await b.setFault(sim, "live.owner", "revoked_permission");
    await rejectsWith(live.startBroadcast(tokens, ref, created, net), "missing_permission");
  });
});

describe("the Graph request check itself", () => {
  const url = (path: string) => new URL(`https://graph.facebook.com/v26.0/${path}`);
  it("refuses undeclared parameters, bad enum values, unknown fields and missing edges", () => {
    expect(graphRequestProblems({ method: "POST", url: url("1/live_videos"), body: "status=GO_LIVE&streamKey=x" }, "Page")).toEqual([
      expect.stringContaining("status=GO_LIVE"),
      expect.stringContaining("streamKey is not a parameter"),
    ]);
    expect(graphRequestProblems({ method: "GET", url: url("1?fields=id,stream_key,video{nope}"), body: "" }, "LiveVideo")).toEqual([
      expect.stringContaining("stream_key"),
      expect.stringContaining("nope is not a field of AdVideo"),
    ]);
    expect(graphRequestProblems({ method: "POST", url: url("1/go_live"), body: "" }, "Page")).toEqual([expect.stringContaining("no POST go_live")]);
    expect(graphRequestProblems({ method: "POST", url: url("1"), body: "end_live_video=yes&event_params=3" }, "LiveVideo")).toEqual([
      expect.stringContaining("not a bool"),
      expect.stringContaining("event_params"),
    ]);
  });
});
