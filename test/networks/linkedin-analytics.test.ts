import { describe, expect, it } from "vitest";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { NetworkConfig } from "../../src/networks/types.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

/** LinkedIn analytics: company-page share and follower statistics, member post analytics, in Rest.li 2.0 syntax. */

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
const connect = async (ctx: Sandbox, handle: string, variant: "member" | "organization") => (await connectThroughConsent(linkedinAdapter, ctx.net, { handle, variant })).tokens;
const post = (destination: string | null): PublishRequest => ({ text: `Numbers for ${destination ?? "me"}`, media: [], options: {}, destination, targetId: "tgt_li" });
const urnOf = (result: PublishResult) => {
  if (result.state === "failed" || !result.networkPostId) throw new Error("not published");
  return result.networkPostId;
};

/** Every analytics call: the version headers, and lists and records in Rest.li 2.0 syntax with URNs encoded inside. */
function expectRestli(ctx: Sandbox, from: number): URL[] {
  const calls = ctx.requests.slice(from).filter((r) => /Statistics|networkSizes|memberCreatorPostAnalytics/.test(r.url));
  for (const call of calls) {
    expect(call.headers["linkedin-version"]).toBe(linkedinDefaultApiVersion);
    expect(call.headers["x-restli-protocol-version"]).toBe("2.0.0");
    expect(call.url).not.toMatch(/List%28|%28start|timeRange%3A/);
  }
  return calls.map((r) => new URL(r.url));
}

describe("linkedin analytics against the simulator", () => {
  it("reads a company-page post's share statistics and a member post's analytics, one queryType per call", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "stats.li", "organization");
    const [page] = await required(linkedinAdapter, "targets")(tokens, ctx.net);
    const orgPost = urnOf(await required(linkedinAdapter, "publish")(tokens, post(page?.id ?? null), ctx.net));
    const memberPost = urnOf(await required(linkedinAdapter, "publish")(tokens, post(null), ctx.net));
    ctx.advance(3_600_000);
    const from = ctx.requests.length;
    const org = await li.postAnalytics(tokens, { networkPostId: orgPost, networkUserId: "", destination: page?.id ?? null, publishedAt: "2026-11-21T12:00:00Z" }, ctx.net);
    expect(org.metrics).toMatchObject({
      views: org.networkMetrics.impressionCount,
      reach: org.networkMetrics.uniqueImpressionsCount,
      clicks: org.networkMetrics.clickCount,
      likes: org.networkMetrics.likeCount,
      saves: null,
      videoViews: null,
    });
    expect(org.metrics.views).toBeGreaterThan(0);
    const member = await li.postAnalytics(tokens, { networkPostId: memberPost, networkUserId: "", destination: null, publishedAt: "2026-11-21T12:00:00Z" }, ctx.net);
    expect(Object.keys(member.networkMetrics).sort()).toEqual(["COMMENT", "IMPRESSION", "MEMBERS_REACHED", "REACTION", "RESHARE"]);
    expect(member.metrics).toMatchObject({ views: member.networkMetrics.IMPRESSION, reach: member.networkMetrics.MEMBERS_REACHED, shares: member.networkMetrics.RESHARE, clicks: null });
    const calls = expectRestli(ctx, from);
    expect(calls[0]?.search).toContain(`shares=List(${encodeURIComponent(orgPost)})`);
    const memberCalls = calls.filter((u) => u.pathname === "/rest/memberCreatorPostAnalytics");
    expect(memberCalls.map((u) => u.searchParams.get("queryType")).sort()).toEqual(["COMMENT", "IMPRESSION", "MEMBERS_REACHED", "REACTION", "RESHARE"]);
    for (const u of memberCalls) expect(u.search).toContain(`entity=(share:${encodeURIComponent(memberPost)})`);
  });

  it("totals the company pages per day with followers and their gains, and the member's own posts", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "stats.pages", "organization");
    await required(linkedinAdapter, "publish")(tokens, post(null), ctx.net);
    const pages = await required(linkedinAdapter, "targets")(tokens, ctx.net);
    const from = ctx.requests.length;
    const week = await li.accountAnalytics(tokens, { networkUserId: "", since: "2026-11-15", until: "2026-11-21", posts: [], destinations: [] }, ctx.net);
    expect(week.daily?.map((d) => d.date)).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]);
    expect(week.metrics.views).toBe(week.daily?.reduce((sum, d) => sum + (d.metrics.views ?? 0), 0));
    expect(week.followers).toBeGreaterThan(0);
    expect(week.followersChange).toEqual(expect.any(Number));
    expect(week.networkMetrics.IMPRESSION).toEqual(expect.any(Number));
    const calls = expectRestli(ctx, from);
    expect(calls.filter((u) => u.pathname.startsWith("/rest/networkSizes/"))).toHaveLength(pages.length);
    const interval = `timeIntervals=(timeRange:(start:${Date.parse("2026-11-15T00:00:00Z")},end:${Date.parse("2026-11-22T00:00:00Z")}),timeGranularityType:DAY)`;
    for (const u of calls.filter((x) => x.pathname.endsWith("Statistics"))) expect(u.search).toContain(interval);
    for (const u of calls.filter((x) => x.pathname === "/rest/memberCreatorPostAnalytics")) expect(u.search).toContain("dateRange=(start:(year:2026,month:11,day:15),end:(year:2026,month:11,day:21))");
  });

  it("refuses member analytics without r_member_postAnalytics with a code and fix, and others' pages and posts", async () => {
    const ctx = await setup();
    const self = await connect(ctx, "stats.self", "member");
    const urn = urnOf(await required(linkedinAdapter, "publish")(self, post(null), ctx.net));
    const refused = await apiError(li.postAnalytics(self, { networkPostId: urn, networkUserId: "", destination: null, publishedAt: "2026-11-21T12:00:00Z" }, ctx.net));
    expect(refused).toMatchObject({ code: "missing_scope", platform: "linkedin" });
    expect(refused.fix).toContain("r_member_postAnalytics");
    expect((await apiError(li.accountAnalytics(self, { networkUserId: "", since: "2026-11-15", until: "2026-11-21", posts: [], destinations: [] }, ctx.net))).code).toBe("missing_scope");
    const other = await connect(ctx, "stats.other", "organization");
    expect((await apiError(li.postAnalytics(other, { networkPostId: urn, networkUserId: "", destination: null, publishedAt: "2026-11-21T12:00:00Z" }, ctx.net))).platform).toBe("linkedin");
    const [page] = await required(linkedinAdapter, "targets")(other, ctx.net);
    const owner = await connect(ctx, "stats.owner", "organization");
    const theirs = urnOf(await required(linkedinAdapter, "publish")(other, post(page?.id ?? null), ctx.net));
    expect((await apiError(li.postAnalytics(owner, { networkPostId: theirs, networkUserId: "", destination: page?.id ?? null, publishedAt: "2026-11-21T12:00:00Z" }, ctx.net))).platform).toBe(
      "linkedin",
    );
  });
});
