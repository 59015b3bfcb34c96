import type { Context, Hono } from "hono";
import { simulatedAudience, simulatedDay, simulatedFollowers, simulatedFollowsOn } from "../sandbox-metrics.js";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";

/**
 * LinkedIn's analytics on the simulator, in Rest.li 2.0 syntax:
 * - `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity={urn}`
 *   with `shares=List(…)`/`ugcPosts=List(…)` (each post's lifetime `totalShareStatistics`) or
 *   `timeIntervals=(timeRange:(start:ms,end:ms),timeGranularityType:DAY)` (one element per day,
 *   within the last 12 months); an ANALYST role or better on the page, r_organization_social or
 *   rw_organization_admin.
 * - `GET /rest/networkSizes/{org urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` → `firstDegreeSize`.
 * - `GET /rest/organizationalEntityFollowerStatistics?q=organizationalEntity&…&timeIntervals=…` →
 *   daily `followerGains`.
 * - `GET /rest/memberCreatorPostAnalytics` (r_member_postAnalytics): `q=entity&entity=(share:{urn})`
 *   for one own post or `q=me&dateRange=(start:(year:,month:,day:),end:(…))` for all of them, one
 *   `queryType` per call, `aggregation=TOTAL|DAILY`; POST_SAVE and POST_SEND exist from 202606.
 * The numbers follow each post's (or page's) id and age (sandbox-metrics.ts).
 */

const DAY_MS = 86_400_000;
const MEMBER_TYPES = ["IMPRESSION", "MEMBERS_REACHED", "RESHARE", "REACTION", "COMMENT"];
const MEMBER_TYPES_202606 = ["POST_SAVE", "POST_SEND"];
const METRIC_TYPE_KEY = "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1";

const badRequest = (c: Context, message = "Invalid query parameters passed to request") => restError(c, 400, "ILLEGAL_ARGUMENT", message);
const rawQuery = (c: Context) => new URL(c.req.url).search;
/** A Rest.li 2.0 parameter as sent (lists and records are not URL-encoded as a whole). */
const rawParam = (c: Context, name: string) => new RegExp(`[?&]${name}=([^&]*)`).exec(rawQuery(c))?.[1] ?? null;
const listParam = (c: Context, name: string) => {
  const raw = rawParam(c, name);
  const inner = raw === null ? null : /^List\(([^)]*)\)$/.exec(raw)?.[1];
  return inner === undefined || inner === null ? null : inner.split(",").filter(Boolean).map(decodeURIComponent);
};

/** `(timeRange:(start:…,end:…),timeGranularityType:DAY)` → whole UTC days, or null when malformed. */
function dailyInterval(raw: string | null): string[] | null {
  const match = raw === null ? null : /^\(timeRange:\(start:(\d+),end:(\d+)\),timeGranularityType:DAY\)$/.exec(decodeURIComponent(raw));
  if (!match) return null;
  const [start, end] = [Number(match[1]), Number(match[2])];
  if (start >= end) return null;
  const days: string[] = [];
  for (let t = start - (start % DAY_MS); t < end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function shareStatistics(a: { impressions: number; reach: number; clicks: number; likes: number; comments: number; shares: number }) {
  const engaged = a.clicks + a.likes + a.comments + a.shares;
  return {
    impressionCount: a.impressions,
    uniqueImpressionsCount: a.reach,
    clickCount: a.clicks,
    likeCount: a.likes,
    commentCount: a.comments,
    shareCount: a.shares,
    commentMentionsCount: 0,
    shareMentionsCount: 0,
    engagement: a.impressions === 0 ? 0 : Math.round((engaged / a.impressions) * 10_000) / 10_000,
  };
}

const memberValue = (a: ReturnType<typeof simulatedAudience>, type: string): number =>
  ({ IMPRESSION: a.impressions, MEMBERS_REACHED: a.reach, RESHARE: a.shares, REACTION: a.likes, COMMENT: a.comments, POST_SAVE: a.saves, POST_SEND: Math.round(a.shares / 2) })[type] ?? 0;

export function mountStatistics(app: Hono, deps: SimulatorDeps): void {
  const version = (c: Context) => c.req.header("linkedin-version") ?? "";
  const oldest = () => deps.now().getTime() - 366 * DAY_MS;

  /** The organisation of `organizationalEntity`, when the member may read its statistics. */
  async function readableOrganization(c: Context, resource: string): Promise<{ org: string } | Response> {
    const auth = await authorizeMember(c, deps, resource, ["r_organization_social", "rw_organization_admin"]);
    if (auth instanceof Response) return auth;
    if (c.req.query("q") !== "organizationalEntity") return badRequest(c);
    const org = c.req.query("organizationalEntity") ?? "";
    if (!/^urn:li:organization:\d+$/.test(org)) return badRequest(c, "organizationalEntity must be an organization URN");
    if (!(await mayActAs(deps, auth, org, "read"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    return { org };
  }

  app.get("/rest/organizationalEntityShareStatistics", async (c) => {
    const allowed = await readableOrganization(c, `organizationalEntityShareStatistics.FINDER-organizationalEntity.${version(c)}`);
    if (allowed instanceof Response) return allowed;
    const urns = [...(listParam(c, "shares") ?? []), ...(listParam(c, "ugcPosts") ?? [])];
    const intervals = rawParam(c, "timeIntervals");
    if (urns.length > 0) {
      const elements = [];
      for (const urn of urns) {
        const post = (await deps.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data;
        if (!post || post.deleted || post.author !== allowed.org) return restError(c, 404, "NOT_FOUND", `Share ${urn} not found for ${allowed.org}`);
        const key = urn.startsWith("urn:li:ugcPost:") ? "ugcPost" : "share";
        elements.push({
          organizationalEntity: allowed.org,
          [key]: urn,
          totalShareStatistics: shareStatistics(simulatedAudience(`linkedin:${urn}`, new Date(post.createdAt).toISOString(), deps.now())),
        });
      }
      return c.json({ paging: { start: 0, count: 10, links: [] }, elements });
    }
    const days = dailyInterval(intervals);
    if (intervals !== null && !days) return badRequest(c, "timeIntervals must be (timeRange:(start:…,end:…),timeGranularityType:DAY)");
    if (days && Date.parse(`${days[0]}T00:00:00Z`) < oldest()) return badRequest(c, "Statistics are only available for the last 12 months");
    if (!days) {
      // Lifetime totals of the page: its days of the last year added up.
      const year = Array.from({ length: 365 }, (_, k) => simulatedDay(`linkedin:${allowed.org}`, new Date(deps.now().getTime() - k * DAY_MS).toISOString().slice(0, 10)));
      const sum = (pick: (a: (typeof year)[number]) => number) => year.reduce((total, a) => total + pick(a), 0);
      return c.json({
        paging: { start: 0, count: 10, links: [] },
        elements: [
          {
            organizationalEntity: allowed.org,
            totalShareStatistics: shareStatistics({
              impressions: sum((a) => a.impressions),
              reach: sum((a) => a.reach),
              clicks: sum((a) => a.clicks),
              likes: sum((a) => a.likes),
              comments: sum((a) => a.comments),
              shares: sum((a) => a.shares),
            }),
          },
        ],
      });
    }
    const elements = days.map((day) => ({
      organizationalEntity: allowed.org,
      timeRange: { start: Date.parse(`${day}T00:00:00Z`), end: Date.parse(`${day}T00:00:00Z`) + DAY_MS },
      totalShareStatistics: shareStatistics(simulatedDay(`linkedin:${allowed.org}`, day)),
    }));
    return c.json({ paging: { start: 0, count: elements.length, links: [] }, elements });
  });

  app.get("/rest/organizationalEntityFollowerStatistics", async (c) => {
    const allowed = await readableOrganization(c, `organizationalEntityFollowerStatistics.FINDER-organizationalEntity.${version(c)}`);
    if (allowed instanceof Response) return allowed;
    const days = dailyInterval(rawParam(c, "timeIntervals"));
    if (!days) return badRequest(c, "timeIntervals must be (timeRange:(start:…,end:…),timeGranularityType:DAY)");
    if (Date.parse(`${days[0]}T00:00:00Z`) < oldest()) return badRequest(c, "Statistics are only available for the last 12 months");
    const elements = days.map((day) => {
      const f = simulatedFollowsOn(allowed.org, day);
      return {
        organizationalEntity: allowed.org,
        timeRange: { start: Date.parse(`${day}T00:00:00Z`), end: Date.parse(`${day}T00:00:00Z`) + DAY_MS },
        followerGains: { organicFollowerGain: f.gained - f.lost, paidFollowerGain: 0 },
      };
    });
    return c.json({ paging: { start: 0, count: elements.length, links: [] }, elements });
  });

  app.get("/rest/networkSizes/:urn", async (c) => {
    const resource = `networkSizes.GET.${version(c)}`;
    const auth = await authorizeMember(c, deps, resource, ["r_organization_social", "rw_organization_admin"]);
    if (auth instanceof Response) return auth;
    const org = decodeURIComponent(c.req.param("urn"));
    if (c.req.query("edgeType") !== "COMPANY_FOLLOWED_BY_MEMBER" || !/^urn:li:organization:\d+$/.test(org)) return badRequest(c);
    if (!(await mayActAs(deps, auth, org, "read"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    return c.json({ firstDegreeSize: simulatedFollowers(org) });
  });

  app.get("/rest/memberCreatorPostAnalytics", async (c) => {
    const resource = `memberCreatorPostAnalytics.FINDER-${c.req.query("q") ?? ""}.${version(c)}`;
    const auth = await authorizeMember(c, deps, resource, ["r_member_postAnalytics"]);
    if (auth instanceof Response) return auth;
    const types = version(c) >= "202606" ? [...MEMBER_TYPES, ...MEMBER_TYPES_202606] : MEMBER_TYPES;
    const type = c.req.query("queryType") ?? "";
    if (!types.includes(type)) return badRequest(c, `queryType must be one of ${types.join(", ")}`);
    const aggregation = c.req.query("aggregation") ?? "";
    if (aggregation !== "TOTAL" && aggregation !== "DAILY") return badRequest(c, "aggregation must be TOTAL or DAILY");
    const metricType = { [METRIC_TYPE_KEY]: type };
    const me = `urn:li:person:${auth.member.id}`;
    const own = async () => (await deps.store.list<SandboxLinkedinPost>("linkedin", "post", { owner: auth.member.id })).map((r) => r.data).filter((p) => p.author === me && !p.deleted);
    if (c.req.query("q") === "entity") {
      const entity = /^\((share|ugc):([^)]+)\)$/.exec(decodeURIComponent(rawParam(c, "entity") ?? ""));
      if (!entity?.[2]) return badRequest(c, "entity must be (share:{urn}) or (ugc:{urn})");
      const post = (await own()).find((p) => p.urn === entity[2]);
      if (!post) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
      const a = simulatedAudience(`linkedin:${post.urn}`, new Date(post.createdAt).toISOString(), deps.now());
      return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [{ count: memberValue(a, type), metricType, targetEntity: { [entity[1] === "ugc" ? "ugc" : "share"]: post.urn } }] });
    }
    if (c.req.query("q") !== "me") return badRequest(c);
    const range = /^\(start:\(year:(\d+),month:(\d+),day:(\d+)\),end:\(year:(\d+),month:(\d+),day:(\d+)\)\)$/.exec(decodeURIComponent(rawParam(c, "dateRange") ?? ""));
    const posts = await own();
    if (!range) {
      const total = posts.reduce((sum, p) => sum + memberValue(simulatedAudience(`linkedin:${p.urn}`, new Date(p.createdAt).toISOString(), deps.now()), type), 0);
      return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [{ count: total, metricType }] });
    }
    const [start, end] = [Date.UTC(Number(range[1]), Number(range[2]) - 1, Number(range[3])), Date.UTC(Number(range[4]), Number(range[5]) - 1, Number(range[6]))];
    if (start > end) return badRequest(c, "dateRange start must not be after its end");
    if (start < oldest()) return badRequest(c, "Analytics are only available for the last 12 months");
    // A member's day: the audience of their posts that day (each post counted on the days after it was published).
    const onDay = (t: number) =>
      posts.filter((p) => p.createdAt < t + DAY_MS).reduce((sum, p) => sum + memberValue(simulatedDay(`linkedin:${p.urn}`, new Date(t).toISOString().slice(0, 10)), type), 0);
    const days: number[] = [];
    for (let t = start; t <= end; t += DAY_MS) days.push(t);
    const date = (t: number) => ({ year: new Date(t).getUTCFullYear(), month: new Date(t).getUTCMonth() + 1, day: new Date(t).getUTCDate() });
    if (aggregation === "TOTAL")
      return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [{ count: days.reduce((sum, t) => sum + onDay(t), 0), metricType, dateRange: { start: date(start), end: date(end) } }] });
    return c.json({ paging: { start: 0, count: days.length, links: [] }, elements: days.map((t) => ({ count: onDay(t), metricType, dateRange: { start: date(t), end: date(t) } })) });
  });
}
