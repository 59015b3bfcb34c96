import type { Context, Hono } from "hono";
import { simulatedAudience } from "../sandbox-metrics.js";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { type SandboxAcl, restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";

/**
 * LinkedIn's video numbers on the simulator (Video Analytics API and Member Video Statistics):
 * - `GET /rest/videoAnalytics?q=entity&entity={post urn}&type=VIDEO_VIEW|VIEWER|TIME_WATCHED|TIME_WATCHED_FOR_VIDEO_VIEWS&aggregation=ALL|DAY`
 *   (r_organization_social, page role ADMINISTRATOR or DIRECT_SPONSORED_CONTENT_POSTER):
 *   `elements[{ entity, statisticsType, value, timeRange }]`, times in milliseconds.
 * - `GET /rest/memberCreatorVideoAnalytics?q=entity&entity={post urn}&queryType=VIDEO_PLAY|VIDEO_VIEWER|VIDEO_WATCH_TIME&aggregation=TOTAL`
 *   (r_member_postAnalytics, own posts): `elements[{ count, metricType }]` [the element shape is
 *   assumed from memberCreatorPostAnalytics; the reference shows no answer].
 * A post without a video returns no elements, as the member reference says ("metrics won't be
 * returned"); the organisation reference names only ugcPost entities, and the simulator's posts
 * are shares, so both URN kinds are accepted here.
 */

const ORG_TYPES = ["VIDEO_VIEW", "VIEWER", "TIME_WATCHED", "TIME_WATCHED_FOR_VIDEO_VIEWS"];
const MEMBER_TYPES = ["VIDEO_PLAY", "VIDEO_VIEWER", "VIDEO_WATCH_TIME"];
const VIDEO_ROLES: readonly SandboxAcl["role"][] = ["ADMINISTRATOR", "DIRECT_SPONSORED_CONTENT_POSTER"];

const badRequest = (c: Context, message = "Invalid query parameters passed to request") => restError(c, 400, "ILLEGAL_ARGUMENT", message);
const hasVideo = (post: SandboxLinkedinPost) => {
  const media = post.content?.media;
  return typeof media === "object" && media !== null && typeof (media as { id?: unknown }).id === "string" && (media as { id: string }).id.startsWith("urn:li:video:");
};

function values(post: SandboxLinkedinPost, now: Date) {
  const a = simulatedAudience(`linkedin:${post.urn}`, new Date(post.createdAt).toISOString(), now, true);
  return { views: a.videoViews, viewers: Math.round(a.videoViews * 0.8), watchedMs: a.watchSeconds * 1000 };
}

export function mountVideoAnalytics(app: Hono, deps: SimulatorDeps): void {
  const version = (c: Context) => c.req.header("linkedin-version") ?? "";
  const postOf = async (urn: string) => (/^urn:li:(share|ugcPost):\d+$/.test(urn) ? (await deps.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data : undefined);

  app.get("/rest/videoAnalytics", async (c) => {
    const resource = `videoAnalytics.FINDER-entity.${version(c)}`;
    const auth = await authorizeMember(c, deps, resource, ["r_organization_social"]);
    if (auth instanceof Response) return auth;
    if (c.req.query("q") !== "entity") return badRequest(c);
    const type = c.req.query("type") ?? "";
    if (!ORG_TYPES.includes(type)) return badRequest(c, `type must be one of ${ORG_TYPES.join(", ")}`);
    const aggregation = c.req.query("aggregation") ?? "ALL";
    if (aggregation !== "ALL" && aggregation !== "DAY") return badRequest(c, "aggregation must be ALL or DAY");
    const urn = c.req.query("entity") ?? "";
    const post = await postOf(urn);
    if (!post || post.deleted) return restError(c, 404, "NOT_FOUND", `Entity ${urn} not found`);
    const org = /^urn:li:organization:(\d+)$/.exec(post.author)?.[1];
    const acl = org ? (await deps.store.get<SandboxAcl>("linkedin", "acl", `${auth.member.id}:${org}`))?.data : undefined;
    if (!acl || acl.state !== "APPROVED" || !VIDEO_ROLES.includes(acl.role)) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    if (!hasVideo(post)) return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [] });
    const v = values(post, deps.now());
    const value = { VIDEO_VIEW: v.views, VIEWER: v.viewers, TIME_WATCHED: v.watchedMs, TIME_WATCHED_FOR_VIDEO_VIEWS: Math.round(v.watchedMs * 0.9) }[type] ?? 0;
    return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [{ entity: urn, statisticsType: type, value, timeRange: { start: post.createdAt, end: deps.now().getTime() } }] });
  });

  app.get("/rest/memberCreatorVideoAnalytics", async (c) => {
    const resource = `memberCreatorVideoAnalytics.FINDER-entity.${version(c)}`;
    const auth = await authorizeMember(c, deps, resource, ["r_member_postAnalytics"]);
    if (auth instanceof Response) return auth;
    if (c.req.query("q") !== "entity") return badRequest(c);
    const type = c.req.query("queryType") ?? "";
    if (!MEMBER_TYPES.includes(type)) return badRequest(c, `queryType must be one of ${MEMBER_TYPES.join(", ")}`);
    const aggregation = c.req.query("aggregation") ?? "TOTAL";
    if (aggregation !== "TOTAL" && aggregation !== "DAILY") return badRequest(c, "aggregation must be TOTAL or DAILY");
    // The reference: VIDEO_VIEWER and VIDEO_WATCH_TIME have no daily aggregation.
    if (aggregation === "DAILY" && type !== "VIDEO_PLAY") return badRequest(c, `${type} does not support DAILY aggregation`);
    const urn = c.req.query("entity") ?? "";
    const post = await postOf(urn);
    if (!post || post.deleted || post.author !== `urn:li:person:${auth.member.id}`) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    if (!hasVideo(post)) return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [] });
    const v = values(post, deps.now());
    const count = { VIDEO_PLAY: v.views, VIDEO_VIEWER: v.viewers, VIDEO_WATCH_TIME: v.watchedMs }[type] ?? 0;
    return c.json({ paging: { start: 0, count: 10, links: [] }, elements: [{ count, metricType: { "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorVideoAnalyticsMetricTypeV1": type } }] });
  });
}
