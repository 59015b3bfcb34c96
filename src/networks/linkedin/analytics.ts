import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { type AnalyticsFacet, addMetrics, addNetworkMetrics, type DailyMetrics, type MetricValues, noMetrics, sumOrNull } from "../facets/analytics.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { linkedinScopes, linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";
import { linkedinVideoNumbers } from "./video-analytics.js";

/**
 * LinkedIn analytics. A post to a company page: `organizationalEntityShareStatistics` with the
 * post in `shares=List(…)` or `ugcPosts=List(…)` (lifetime `totalShareStatistics`). A member's own
 * post: `memberCreatorPostAnalytics?q=entity` (scope r_member_postAnalytics, Community Management
 * API since July 2025), one call per metric. An account: each company page the member may post
 * for (share statistics per day over `timeIntervals`, followers from `networkSizes`, their change
 * from the daily `followerGains`), plus the member's own posts per day (`q=me`, `dateRange`) when
 * the connection has the scope. A post's video plays and watch time come from the video finders
 * (video-analytics.ts); accounts get none (LinkedIn has no per-account video totals), and company
 * pages publish no saves.
 * Rest.li 2.0 sends lists and records in their own syntax, URNs inside them encoded.
 */

const MEMBER_TYPES = ["IMPRESSION", "MEMBERS_REACHED", "RESHARE", "REACTION", "COMMENT"] as const;
const DAY_MS = 86_400_000;

const ShareStatistics = v.object({
  impressionCount: v.optional(v.number()),
  uniqueImpressionsCount: v.optional(v.number()),
  clickCount: v.optional(v.number()),
  likeCount: v.optional(v.number()),
  commentCount: v.optional(v.number()),
  shareCount: v.optional(v.number()),
  engagement: v.optional(v.number()),
});
const ShareElements = v.object({
  elements: v.array(v.object({ timeRange: v.optional(v.object({ start: v.number(), end: v.number() })), totalShareStatistics: ShareStatistics })),
});
const FollowerElements = v.object({
  elements: v.array(
    v.object({
      timeRange: v.optional(v.object({ start: v.number() })),
      followerGains: v.optional(v.object({ organicFollowerGain: v.optional(v.number()), paidFollowerGain: v.optional(v.number()) })),
    }),
  ),
});
const NetworkSize = v.object({ firstDegreeSize: v.number() });
const GoogleishDate = v.object({ year: v.number(), month: v.number(), day: v.number() });
const MemberElements = v.object({ elements: v.array(v.object({ count: v.number(), dateRange: v.optional(v.object({ start: GoogleishDate })) })) });

const enc = encodeURIComponent;
const isOrganization = (urn: string | null): urn is string => urn !== null && urn.startsWith("urn:li:organization:");
const pad = (n: number) => String(n).padStart(2, "0");

async function get<S extends v.GenericSchema>(tokens: TokenSet, net: NetworkContext, pathAndQuery: string, schema: S, what: string): Promise<v.InferOutput<S>> {
  const response = await callNetwork(net, linkedinErrorTable, `${linkedinUrls.rest}/${pathAndQuery}`, { headers: linkedinRestHeaders(tokens, net) });
  return parseNetworkBody("linkedin", schema, response.body, what);
}

/** Company-page statistics as network metrics (their own names) and normalised ones. */
function fromShareStatistics(s: v.InferOutput<typeof ShareStatistics>): { networkMetrics: Record<string, number>; metrics: MetricValues } {
  const networkMetrics = Object.fromEntries(Object.entries(s).filter((e): e is [string, number] => typeof e[1] === "number" && e[0] !== "engagement"));
  return {
    networkMetrics,
    metrics: {
      ...noMetrics(),
      views: s.impressionCount ?? null,
      reach: s.uniqueImpressionsCount ?? null,
      likes: s.likeCount ?? null,
      comments: s.commentCount ?? null,
      shares: s.shareCount ?? null,
      clicks: s.clickCount ?? null,
    },
  };
}

function fromMember(values: Record<string, number>): MetricValues {
  const pick = (name: string) => values[name] ?? null;
  return { ...noMetrics(), views: pick("IMPRESSION"), reach: pick("MEMBERS_REACHED"), likes: pick("REACTION"), comments: pick("COMMENT"), shares: pick("RESHARE") };
}

/** A post's numbers with its video plays and watch time (null on a post without a video). */
function withVideo(read: { networkMetrics: Record<string, number>; metrics: MetricValues }, video: Awaited<ReturnType<typeof linkedinVideoNumbers>>) {
  return { networkMetrics: { ...read.networkMetrics, ...video.networkMetrics }, metrics: { ...read.metrics, videoViews: video.videoViews, watchTimeSeconds: video.watchTimeSeconds } };
}

const requireAnalyticsScope = (tokens: TokenSet) => {
  if (tokens.scopes.includes(linkedinScopes.memberPostAnalytics)) return;
  throw new ApiError("missing_scope", {
    platform: "linkedin",
    message: "LinkedIn shows a member's own post analytics only with the r_member_postAnalytics permission, which this connection lacks.",
    fix: "Reconnect LinkedIn with the organization variant (Community Management API), which asks for r_member_postAnalytics; posts to company pages have analytics with either.",
  });
};

const dayInterval = (since: string, until: string) => `(timeRange:(start:${Date.parse(`${since}T00:00:00Z`)},end:${Date.parse(`${until}T00:00:00Z`) + DAY_MS}),timeGranularityType:DAY)`;
const dateRange = (since: string, until: string) => {
  const part = (day: string) => {
    const [year, month, date] = day.split("-").map(Number);
    return `(year:${year},month:${month},day:${date})`;
  };
  return `(start:${part(since)},end:${part(until)})`;
};

async function organizationPeriod(tokens: TokenSet, net: NetworkContext, org: string, since: string, until: string) {
  const entity = `q=organizationalEntity&organizationalEntity=${enc(org)}&timeIntervals=${dayInterval(since, until)}`;
  const [shares, followers, size] = await Promise.all([
    get(tokens, net, `organizationalEntityShareStatistics?${entity}`, ShareElements, "organizationalEntityShareStatistics"),
    get(tokens, net, `organizationalEntityFollowerStatistics?${entity}`, FollowerElements, "organizationalEntityFollowerStatistics"),
    get(tokens, net, `networkSizes/${enc(org)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`, NetworkSize, "networkSizes"),
  ]);
  const days = shares.elements.flatMap((e) => (e.timeRange ? [{ date: new Date(e.timeRange.start).toISOString().slice(0, 10), ...fromShareStatistics(e.totalShareStatistics) }] : []));
  const change = followers.elements.reduce((sum, e) => sum + (e.followerGains?.organicFollowerGain ?? 0) + (e.followerGains?.paidFollowerGain ?? 0), 0);
  return { days, followers: size.firstDegreeSize, change };
}

async function memberPeriod(tokens: TokenSet, net: NetworkContext, since: string, until: string) {
  const per = await Promise.all(
    MEMBER_TYPES.map(async (type) => ({
      type,
      body: await get(tokens, net, `memberCreatorPostAnalytics?q=me&queryType=${type}&aggregation=DAILY&dateRange=${dateRange(since, until)}`, MemberElements, "memberCreatorPostAnalytics"),
    })),
  );
  const byDay = new Map<string, Record<string, number>>();
  for (const { type, body } of per) {
    for (const e of body.elements) {
      if (!e.dateRange) continue;
      const date = `${e.dateRange.start.year}-${pad(e.dateRange.start.month)}-${pad(e.dateRange.start.day)}`;
      byDay.set(date, { ...byDay.get(date), [type]: e.count });
    }
  }
  return [...byDay.entries()].map(([date, values]) => ({ date, networkMetrics: values, metrics: fromMember(values) }));
}

/** The facet, over the adapter's own list of company pages the member may post for. */
export function createLinkedinAnalytics(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>): AnalyticsFacet {
  return {
    metricNames: {
      views: "impressionCount (member: IMPRESSION)",
      reach: "uniqueImpressionsCount (member: MEMBERS_REACHED)",
      likes: "likeCount (member: REACTION)",
      comments: "commentCount (member: COMMENT)",
      shares: "shareCount (member: RESHARE)",
      saves: null,
      clicks: "clickCount (company pages)",
      videoViews: "VIDEO_VIEW (company pages, watched 3 s or more; member: VIDEO_PLAY, 2 s or more), posts only",
      watchTimeSeconds: "TIME_WATCHED in ms / 1000 (member: VIDEO_WATCH_TIME), posts only",
      followers: "networkSizes.firstDegreeSize (company pages)",
    },
    // LinkedIn counts calls per member and app per day, resetting at midnight UTC.
    minRefreshSeconds: 1800,

    async postAnalytics(tokens, request, net) {
      const urn = request.networkPostId;
      if (isOrganization(request.destination)) {
        const list = urn.startsWith("urn:li:ugcPost:") ? "ugcPosts" : "shares";
        const body = await get(
          tokens,
          net,
          `organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${enc(request.destination)}&${list}=List(${enc(urn)})`,
          ShareElements,
          "organizationalEntityShareStatistics",
        );
        const element = body.elements[0];
        if (!element) throw new ApiError("platform_unavailable", { platform: "linkedin", message: "linkedin: no statistics came back for this post." });
        return withVideo(fromShareStatistics(element.totalShareStatistics), await linkedinVideoNumbers(tokens, net, urn, true));
      }
      requireAnalyticsScope(tokens);
      const entity = `(${urn.startsWith("urn:li:ugcPost:") ? "ugc" : "share"}:${enc(urn)})`;
      const counts = await Promise.all(
        MEMBER_TYPES.map(async (type) => {
          const body = await get(tokens, net, `memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${type}&aggregation=TOTAL`, MemberElements, "memberCreatorPostAnalytics");
          return [type, body.elements.reduce((sum, e) => sum + e.count, 0)] as const;
        }),
      );
      const networkMetrics = Object.fromEntries(counts);
      return withVideo({ metrics: fromMember(networkMetrics), networkMetrics }, await linkedinVideoNumbers(tokens, net, urn, false));
    },

    async accountAnalytics(tokens, request, net) {
      const memberScope = tokens.scopes.includes(linkedinScopes.memberPostAnalytics);
      const organizations = (await targets(tokens, net)).map((t) => t.id).filter((id) => isOrganization(id));
      if (!memberScope && organizations.length === 0) requireAnalyticsScope(tokens);
      const [orgs, member] = await Promise.all([
        Promise.all(organizations.map((org) => organizationPeriod(tokens, net, org, request.since, request.until))),
        memberScope ? memberPeriod(tokens, net, request.since, request.until) : Promise.resolve([]),
      ]);
      const days = [...orgs.flatMap((o) => o.days), ...member];
      const byDay = new Map<string, MetricValues[]>();
      for (const d of days) byDay.set(d.date, [...(byDay.get(d.date) ?? []), d.metrics]);
      const daily: DailyMetrics[] = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, all]) => ({ date, metrics: addMetrics(all) }));
      return {
        metrics: addMetrics(days.map((d) => d.metrics)),
        networkMetrics: addNetworkMetrics(days.map((d) => d.networkMetrics)),
        followers: sumOrNull(orgs.map((o) => o.followers)),
        followersChange: sumOrNull(orgs.map((o) => o.change)),
        daily,
        source: "account",
      };
    },
  };
}
