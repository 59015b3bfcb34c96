import { describe, expect, it } from "vitest";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { NetworkAdapter, TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { checkRequestAgainstDiscovery, loadDiscoveryDocument } from "../support/discovery-request-check.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, sampleMedia, type Sandbox, wireAnswer } from "./harness.js";

/** Every analytics request checked against the network's own published description of its API. */

const specs = new URL("../fixtures/specs/", import.meta.url).pathname;

function facet(adapter: NetworkAdapter): Required<AnalyticsFacet> {
  const analytics = adapter.analytics;
  if (!analytics?.postAnalytics || !analytics.accountAnalytics) throw new Error(`${adapter.platform} has no analytics reads`);
  return analytics as Required<AnalyticsFacet>;
}

const request = (input: Partial<PublishRequest>): PublishRequest => ({ text: "Numbers, please", media: [], options: {}, destination: null, targetId: "tgt_stats_1", ...input });

function networkPostId(result: PublishResult): string {
  if (result.state === "failed") throw result.error;
  if (!result.networkPostId) throw new Error("no network post id");
  return result.networkPostId;
}

const DAY = "2026-11-21";

/** X's GET /2/media/analytics answer: the items asked for, or a problem document (`type`). */
interface MediaAnalytics {
  data?: { media_key: string; watch_time_ms: number; timestamped_metrics: { timestamp: string; metrics: { watch_time_ms: number } }[] }[];
  type?: string;
}

describe("X analytics against X's OpenAPI", () => {
  const spec = loadOpenApiSpec("x-api-v2-openapi.json");
  const setup = () =>
    createSandbox([createTwitterSimulator], {
      start: `${DAY}T10:00:00.000Z`,
      config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
    });

  it("reads public and non-public metrics of own recent posts with getPostsByIds, and followers with getUsersMe", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_owner", browser: ctx.sandboxFetch });
    const me = await twitterAdapter.identity(tokens, ctx.net);
    const id = networkPostId(await required(twitterAdapter, "publish")(tokens, request({}), ctx.net));
    ctx.advance(3_600_000);
    const x = facet(twitterAdapter);
    const post = await x.postAnalytics(tokens, { networkPostId: id, networkUserId: me.networkUserId, destination: null, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    expect(post.metrics.views).toBe(post.networkMetrics["non_public_metrics.impression_count"]);
    expect(post.metrics.clicks).toBe(post.networkMetrics["non_public_metrics.url_link_clicks"]);
    expect(post.metrics).toMatchObject({ reach: null, videoViews: null, watchTimeSeconds: null, comments: 0 });

    const account = await x.accountAnalytics(
      tokens,
      { networkUserId: me.networkUserId, since: "2026-11-15", until: DAY, posts: [{ networkPostId: id, destination: null, publishedAt: `${DAY}T10:00:00.000Z` }], destinations: [] },
      ctx.net,
    );
    expect(account).toMatchObject({ source: "posts", daily: null, followersChange: null, followers: expect.any(Number), metrics: post.metrics });

    const reads = ctx.requests.filter((r) => r.method === "GET" && /\/2\/(tweets|users\/me)/.test(new URL(r.url).pathname));
    expect(reads.map((r) => findOperation(spec, r.method, r.url)?.operation.operationId)).toEqual(["getUsersMe", "getPostsByIds", "getPostsByIds", "getUsersMe"]);
    for (const read of reads) expect(checkRequestAgainstSpec(spec, read, { scopes: tokens.scopes })).toEqual([]);
  });

  it("reads a video post's views from its media's public_metrics.view_count, in the same getPostsByIds call", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_video", browser: ctx.sandboxFetch });
    const me = await twitterAdapter.identity(tokens, ctx.net);
    const publish = required(twitterAdapter, "publish");
    const checkPublish = required(twitterAdapter, "checkPublish");
    const started = await publish(tokens, request({ text: "A clip", media: [sampleMedia({ kind: "video", mimeType: "video/mp4", size: 2 * 1024 * 1024 })] }), ctx.net);
    if (started.state !== "processing") throw new Error(`expected processing, got ${started.state}`);
    ctx.advance(5000);
    const id = networkPostId(await checkPublish(tokens, started.pollToken, ctx.net));
    ctx.advance(3_600_000);
    const x = facet(twitterAdapter);
    const post = await x.postAnalytics(tokens, { networkPostId: id, networkUserId: me.networkUserId, destination: null, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    expect(post.metrics.videoViews).toEqual(expect.any(Number));
    expect(post.metrics.videoViews).toBeGreaterThan(0);
    expect(post.networkMetrics["media.public_metrics.view_count"]).toBe(post.metrics.videoViews);
    const read = ctx.requests.filter((r) => r.method === "GET" && new URL(r.url).pathname === "/2/tweets").at(-1);
    expect(read && checkRequestAgainstSpec(spec, read, { scopes: tokens.scopes })).toEqual([]);
    const account = await x.accountAnalytics(
      tokens,
      { networkUserId: me.networkUserId, since: "2026-11-15", until: DAY, posts: [{ networkPostId: id, destination: null, publishedAt: `${DAY}T10:00:00.000Z` }], destinations: [] },
      ctx.net,
    );
    expect(account.metrics.videoViews).toBe(post.metrics.videoViews);
  });

  it("reads a video post's watch time from getMediaAnalytics, one call for the post's videos with granularity=total", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_watch", browser: ctx.sandboxFetch });
    const me = await twitterAdapter.identity(tokens, ctx.net);
    const started = await required(twitterAdapter, "publish")(
      tokens,
      request({
        text: "Two clips",
        media: [sampleMedia({ kind: "video", mimeType: "video/mp4", size: 2 * 1024 * 1024 }), sampleMedia({ kind: "video", mimeType: "video/mp4", size: 3 * 1024 * 1024 })],
      }),
      ctx.net,
    );
    if (started.state !== "processing") throw new Error(`expected processing, got ${started.state}`);
    ctx.advance(5000);
    const id = networkPostId(await required(twitterAdapter, "checkPublish")(tokens, started.pollToken, ctx.net));
    ctx.advance(3_600_000);
    const x = facet(twitterAdapter);
    const from = ctx.requests.length;
    const post = await x.postAnalytics(tokens, { networkPostId: id, networkUserId: me.networkUserId, destination: null, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    const watchMs = post.networkMetrics["media_analytics.watch_time_ms"] ?? 0;
    expect(watchMs).toBeGreaterThan(0);
    expect(post.metrics.watchTimeSeconds).toBe(Math.round(watchMs / 1000));
    const reports = ctx.requests.slice(from).filter((r) => new URL(r.url).pathname === "/2/media/analytics");
    expect(reports.map((r) => findOperation(spec, r.method, r.url)?.operation.operationId)).toEqual(["getMediaAnalytics"]);
    for (const r of reports) expect(checkRequestAgainstSpec(spec, r, { scopes: tokens.scopes })).toEqual([]);
    const asked = new URL(reports[0]?.url ?? "").searchParams;
    expect(asked.get("media_keys")?.split(",")).toHaveLength(2);
    expect(asked.get("granularity")).toBe("total");
    expect(asked.get("start_time")).toBe(`${DAY}T10:00:00Z`);

    // A text post costs no report.
    const text = networkPostId(await required(twitterAdapter, "publish")(tokens, request({ text: "No clip here" }), ctx.net));
    const before = ctx.requests.length;
    const words = await x.postAnalytics(tokens, { networkPostId: text, networkUserId: me.networkUserId, destination: null, publishedAt: `${DAY}T11:00:00.000Z` }, ctx.net);
    expect(words.metrics.watchTimeSeconds).toBeNull();
    expect(ctx.requests.slice(before).some((r) => new URL(r.url).pathname === "/2/media/analytics")).toBe(false);
  });

  it("answers getMediaAnalytics as X documents it, and refuses what X refuses", async () => {
    const ctx = setup();
    const connected = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_report", browser: ctx.sandboxFetch });
    const started = await required(twitterAdapter, "publish")(
      connected.tokens,
      request({ text: "A clip", media: [sampleMedia({ kind: "video", mimeType: "video/mp4", size: 2 * 1024 * 1024 })] }),
      ctx.net,
    );
    if (started.state !== "processing") throw new Error(`expected processing, got ${started.state}`);
    ctx.advance(5000);
    await required(twitterAdapter, "checkPublish")(connected.tokens, started.pollToken, ctx.net);
    ctx.advance(2 * 86_400_000);
    const tokens = await twitterAdapter.refresh(connected.tokens, ctx.net);
    const publishedKey = ctx.requests.map((r) => /media_id=([0-9]+)/.exec(r.url)?.[1]).find(Boolean);
    const get = async (query: string) => {
      const response = await ctx.sandboxFetch(`https://api.x.com/2/media/analytics?${query}`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
      return { ...(await wireAnswer<MediaAnalytics>(response)), type: response.headers.get("content-type") };
    };
    const range = `start_time=${DAY}T00:00:00Z&end_time=${DAY.slice(0, 8)}23T10:00:00Z`;
    const daily = await get(`media_keys=7_${publishedKey}&${range}&media_analytics.fields=media_key,watch_time_ms,timestamped_metrics`);
    expect(daily.status).toBe(200);
    const [item] = daily.body.data ?? [];
    // granularity defaults to daily: one bucket per day, adding up to the total.
    expect(item?.timestamped_metrics.map((b) => b.timestamp)).toEqual([`${DAY}T00:00:00.000Z`, "2026-11-22T00:00:00.000Z", "2026-11-23T00:00:00.000Z"]);
    expect(item?.timestamped_metrics.reduce((sum, b) => sum + b.metrics.watch_time_ms, 0)).toBe(item?.watch_time_ms);
    expect(item?.watch_time_ms).toBeGreaterThan(0);
    expect(Object.keys(item ?? {}).sort()).toEqual(["media_key", "timestamped_metrics", "watch_time_ms"]);

    for (const query of [
      range,
      `media_keys=7_${publishedKey}&start_time=${DAY}T00:00:00Z`,
      `media_keys=7_${publishedKey}&${range}&granularity=weekly`,
      `media_keys=7_${publishedKey}&${range}&media_analytics.fields=views`,
      `media_keys=7_${publishedKey}&${range}&tweet.fields=id`,
      `media_keys=abc&${range}`,
    ]) {
      const refused = await get(query);
      expect(refused.status, query).toBe(400);
      expect(refused.type).toContain("application/problem+json");
      expect(refused.body.type).toBe("https://api.x.com/2/problems/invalid-request");
    }
  });

  it("asks only public metrics of posts older than 30 days, which X refuses to show privately", async () => {
    const ctx = setup();
    const connected = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_old", browser: ctx.sandboxFetch });
    const id = networkPostId(await required(twitterAdapter, "publish")(connected.tokens, request({}), ctx.net));
    ctx.advance(31 * 86_400_000);
    // Access tokens live 2 hours: the domain refreshes before reading, as here.
    const tokens = await twitterAdapter.refresh(connected.tokens, ctx.net);
    const post = await facet(twitterAdapter).postAnalytics(tokens, { networkPostId: id, networkUserId: "0", destination: null, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    expect(new URL(ctx.requests.at(-1)?.url ?? "").searchParams.get("post.fields")).toBe("attachments,public_metrics");
    expect(post.metrics.views).toBe(post.networkMetrics["public_metrics.impression_count"]);
    expect(post.metrics.clicks).toBeNull();
  });

  it("turns X's faults into the microblog's errors", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "stats_faulty", browser: ctx.sandboxFetch });
    await ctx.setFault({ handle: "stats_faulty" }, "rate_limited");
    const read = facet(twitterAdapter).postAnalytics(tokens, { networkPostId: "1", networkUserId: "0", destination: null, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    expect((await apiError(read)).code).toBe("rate_limited");
  });
});

describe("YouTube analytics against the YouTube Analytics and Data API discovery documents", () => {
  const analyticsDoc = loadDiscoveryDocument(`${specs}youtubeAnalytics-v2-discovery.json`);
  const dataDoc = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
  const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
  const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: `${DAY}T11:00:00.000Z`, config, platform: "youtube" });
  const connect = async (ctx: Sandbox, handle: string): Promise<TokenSet> =>
    (await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz" })).tokens;

  it("reads a video's report with filters=video==ID and the channel's daily report with subscribers", async () => {
    const ctx = setup();
    const connected = await connect(ctx, "stats.creator");
    const id = networkPostId(await required(youtubeAdapter, "publish")(connected, request({ media: [sampleMedia({ kind: "video" })], options: { title: "Numbers" } }), ctx.net));
    ctx.advance(2 * 86_400_000);
    const tokens = await youtubeAdapter.refresh(connected, ctx.net);
    const yt = facet(youtubeAdapter);
    const post = await yt.postAnalytics(tokens, { networkPostId: id, networkUserId: "", destination: null, publishedAt: `${DAY}T11:00:00.000Z` }, ctx.net);
    expect(post.metrics.views).toBeGreaterThan(0);
    expect(post.metrics.videoViews).toBe(post.metrics.views);
    expect(post.metrics.watchTimeSeconds).toBe((post.networkMetrics.estimatedMinutesWatched ?? 0) * 60);
    expect(post.metrics).toMatchObject({ reach: null, saves: null, clicks: null });

    const account = await yt.accountAnalytics(tokens, { networkUserId: "", since: "2026-11-17", until: "2026-11-23", posts: [], destinations: [] }, ctx.net);
    expect(account.daily?.map((d) => d.date)).toEqual(["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]);
    expect(account.metrics.views).toBe(account.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    expect(account.followersChange).toBe((account.networkMetrics.subscribersGained ?? 0) - (account.networkMetrics.subscribersLost ?? 0));
    expect(account.followers).toBeGreaterThan(0);

    const reports = ctx.requests.filter((r) => new URL(r.url).host === "youtubeanalytics.googleapis.com");
    const reportChecks = reports.map((r) => checkRequestAgainstDiscovery(analyticsDoc, r));
    expect(reportChecks.flatMap((c) => c.problems)).toEqual([]);
    expect(reportChecks.map((c) => c.methodId)).toEqual(["youtubeAnalytics.reports.query", "youtubeAnalytics.reports.query"]);
    const channels = ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/channels") && new URL(r.url).searchParams.get("part") === "statistics");
    expect(channels.map((r) => checkRequestAgainstDiscovery(dataDoc, r).problems)).toEqual([[]]);
  });

  it("is refused another channel's video, as YouTube refuses it", async () => {
    const ctx = setup();
    const owner = await connect(ctx, "stats.owner");
    const other = await connect(ctx, "stats.other");
    const id = networkPostId(await required(youtubeAdapter, "publish")(owner, request({ media: [sampleMedia({ kind: "video" })], options: { title: "Mine" } }), ctx.net));
    const read = facet(youtubeAdapter).postAnalytics(other, { networkPostId: id, networkUserId: "", destination: null, publishedAt: `${DAY}T11:00:00.000Z` }, ctx.net);
    expect((await apiError(read)).platform).toBe("youtube");
  });
});

describe("Pinterest analytics against Pinterest's OpenAPI", () => {
  const spec = loadOpenApiSpec("pinterest-v5-openapi.json");
  const config = { clientId: "1500000", clientSecret: "sandbox-pin-secret", redirectUri: "https://chorus.test/v1/connect/callback/pinterest" };
  const setup = () => createSandbox([createPinterestSimulator], { start: `${DAY}T10:00:00.000Z`, config });

  it("reads pins/analytics and user_account/analytics with the spec's parameters and metric names", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle: "stats_pinner", browser: ctx.sandboxFetch });
    const board = (await required(pinterestAdapter, "targets")(tokens, ctx.net))[0]?.id ?? null;
    const id = networkPostId(await required(pinterestAdapter, "publish")(tokens, request({ media: [sampleMedia({ kind: "image" })], destination: board }), ctx.net));
    ctx.advance(3 * 86_400_000);
    const pin = facet(pinterestAdapter);
    const post = await pin.postAnalytics(tokens, { networkPostId: id, networkUserId: "", destination: board, publishedAt: `${DAY}T10:00:00.000Z` }, ctx.net);
    expect(post.metrics).toMatchObject({
      views: post.networkMetrics.IMPRESSION,
      saves: post.networkMetrics.SAVE,
      clicks: post.networkMetrics.OUTBOUND_CLICK,
      likes: post.networkMetrics.TOTAL_REACTIONS,
      comments: post.networkMetrics.TOTAL_COMMENTS,
    });
    // An image Pin has no video metrics: null, never 0.
    expect(post.metrics).toMatchObject({ videoViews: null, watchTimeSeconds: null, shares: null, reach: null });

    const account = await pin.accountAnalytics(tokens, { networkUserId: "", since: "2026-10-26", until: "2026-11-24", posts: [], destinations: [] }, ctx.net);
    expect(account.daily).toHaveLength(30);
    expect(account.followers).toBeGreaterThan(0);

    const calls = ctx.requests.filter((r) => /analytics|user_account$/.test(new URL(r.url).pathname));
    expect(calls.map((r) => findOperation(spec, r.method, r.url)?.operation.operationId).sort()).toEqual(["pins/analytics", "user_account/analytics", "user_account/get"].sort());
    for (const call of calls) expect(checkRequestAgainstSpec(spec, call, { scopes: tokens.scopes })).toEqual([]);
  });

  it("is refused a start date more than 90 days back, as Pinterest refuses it", async () => {
    const ctx = setup();
    const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle: "stats_far", browser: ctx.sandboxFetch });
    const read = facet(pinterestAdapter).accountAnalytics(tokens, { networkUserId: "", since: "2026-01-01", until: DAY, posts: [], destinations: [] }, ctx.net);
    expect((await apiError(read)).platform).toBe("pinterest");
  });
});
