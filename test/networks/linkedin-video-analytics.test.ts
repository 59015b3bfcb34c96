import { describe, expect, it } from "vitest";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { NetworkConfig } from "../../src/networks/types.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import { connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

/** LinkedIn video plays and watch time on a post: videoAnalytics for company pages, memberCreatorVideoAnalytics for members. */

const li = linkedinAdapter.analytics as Required<AnalyticsFacet>;
const config: NetworkConfig = {
  clientId: "sandbox-li-client",
  clientSecret: "sandbox-li-secret",
  redirectUri: "https://chorus.test/v1/connect/callback/linkedin",
  products: ["member", "organization"],
};
const setup = async () => {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, ["member", "organization"]);
  return ctx;
};
const post = (text: string, destination: string | null): PublishRequest => ({ text, media: [], options: {}, destination, targetId: "tgt_li" });
const urnOf = (result: PublishResult) => {
  if (result.state === "failed" || !result.networkPostId) throw new Error("not published");
  return result.networkPostId;
};

/** Gives a published post a video, as a post published with one has (the upload flow is tested in linkedin-publish). */
async function makeVideo(ctx: Sandbox, urn: string): Promise<void> {
  const record = await ctx.store.get<SandboxLinkedinPost>("linkedin", "post", urn);
  if (!record) throw new Error("no such post");
  await ctx.store.put("linkedin", "post", urn, { ...record.data, content: { media: { id: "urn:li:video:C5505AQH-sandbox", title: "Launch" } } }, record.owner);
}

describe("linkedin video analytics", () => {
  it("fills videoViews and watchTimeSeconds for video posts and leaves them null on text posts", async () => {
    const ctx = await setup();
    const { tokens } = await connectThroughConsent(linkedinAdapter, ctx.net, { handle: "video.li", variant: "organization" });
    const [page] = await required(linkedinAdapter, "targets")(tokens, ctx.net);
    const publish = required(linkedinAdapter, "publish");
    const orgVideo = urnOf(await publish(tokens, post("Page video", page?.id ?? null), ctx.net));
    const orgText = urnOf(await publish(tokens, post("Page text", page?.id ?? null), ctx.net));
    const memberVideo = urnOf(await publish(tokens, post("My video", null), ctx.net));
    await makeVideo(ctx, orgVideo);
    await makeVideo(ctx, memberVideo);
    ctx.advance(3_600_000);
    const request = (urn: string, destination: string | null) => ({ networkPostId: urn, networkUserId: "", destination, publishedAt: "2026-11-21T12:00:00Z" });

    const from = ctx.requests.length;
    const org = await li.postAnalytics(tokens, request(orgVideo, page?.id ?? null), ctx.net);
    expect(org.networkMetrics.VIDEO_VIEW).toBeGreaterThan(0);
    expect(org.metrics.videoViews).toBe(org.networkMetrics.VIDEO_VIEW);
    expect(org.metrics.watchTimeSeconds).toBe(Math.round((org.networkMetrics.TIME_WATCHED ?? 0) / 1000));
    const orgCalls = ctx.requests
      .slice(from)
      .filter((r) => r.url.includes("/rest/videoAnalytics"))
      .map((r) => new URL(r.url));
    expect(orgCalls.map((u) => [u.searchParams.get("q"), u.searchParams.get("entity"), u.searchParams.get("type"), u.searchParams.get("aggregation")])).toEqual([
      ["entity", orgVideo, "VIDEO_VIEW", "ALL"],
      ["entity", orgVideo, "TIME_WATCHED", "ALL"],
    ]);

    const text = await li.postAnalytics(tokens, request(orgText, page?.id ?? null), ctx.net);
    expect(text.metrics).toMatchObject({ videoViews: null, watchTimeSeconds: null });
    expect(text.networkMetrics.VIDEO_VIEW).toBeUndefined();

    const before = ctx.requests.length;
    const member = await li.postAnalytics(tokens, request(memberVideo, null), ctx.net);
    expect(member.metrics.videoViews).toBe(member.networkMetrics.VIDEO_PLAY);
    expect(member.metrics.watchTimeSeconds).toBe(Math.round((member.networkMetrics.VIDEO_WATCH_TIME ?? 0) / 1000));
    expect(member.metrics.videoViews).toBeGreaterThan(0);
    const memberCalls = ctx.requests
      .slice(before)
      .filter((r) => r.url.includes("/rest/memberCreatorVideoAnalytics"))
      .map((r) => new URL(r.url));
    expect(memberCalls.map((u) => u.searchParams.get("queryType"))).toEqual(["VIDEO_PLAY", "VIDEO_WATCH_TIME"]);
    for (const call of ctx.requests.slice(from).filter((r) => /videoAnalytics|VideoAnalytics/.test(r.url))) expect(call.headers["x-restli-protocol-version"]).toBe("2.0.0");
  });

  it("publishes the mapping in the analytics facet", () => {
    expect(li.metricNames.videoViews).toContain("VIDEO_VIEW");
    expect(li.metricNames.watchTimeSeconds).toContain("TIME_WATCHED");
  });
});
