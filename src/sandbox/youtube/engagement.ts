import type { Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { decodePageToken, paginate, randomEtag, youtubeErrorBody } from "../google/wire.js";
import { readScopes, type VideoRouteTools, writeScopes } from "./videos.js";
import { type SandboxChannel, type SandboxVideo, channelOf, youtubeId } from "./youtube-data.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * Ratings and subscriptions on the YouTube simulator: videos.rate (204, no body), and
 * subscriptions.list (`mine`, `forChannelId`), insert and delete, with the Data API's error
 * reasons (videoNotFound, subscriptionDuplicate, subscriptionForbidden for one's own channel,
 * publisherNotFound, subscriptionNotFound).
 */

interface SandboxSubscription {
  id: string;
  subscriberAccountId: string;
  channelId: string;
  publishedAt: string;
}

async function channelById(deps: SimulatorDeps, id: string): Promise<SandboxChannel | null> {
  return (await deps.store.list<SandboxChannel>("youtube", "channel")).map((r) => r.data).find((ch) => ch.id === id) ?? null;
}

function subscriptionResource(sub: SandboxSubscription, channel: SandboxChannel | null, subscriberChannelId: string) {
  return {
    kind: "youtube#subscription",
    etag: randomEtag(),
    id: sub.id,
    snippet: {
      publishedAt: sub.publishedAt,
      title: channel?.title ?? "",
      description: channel?.description ?? "",
      resourceId: { kind: "youtube#channel", channelId: sub.channelId },
      channelId: subscriberChannelId,
      thumbnails: { default: { url: channel?.avatarUrl ?? "" } },
    },
  };
}

export function mountEngagementRoutes(app: Hono, deps: SimulatorDeps, tools: Pick<VideoRouteTools, "authorize">): void {
  app.post("/youtube/v3/videos/rate", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const id = c.req.query("id") ?? "";
    const rating = c.req.query("rating") ?? "";
    if (!["like", "dislike", "none"].includes(rating)) {
      return c.json(youtubeErrorBody(400, "invalidRating", "The request contained an unexpected value for the rating parameter.", { domain: "youtube.video", location: "rating" }), 400);
    }
    const video = (await deps.store.get<SandboxVideo>("youtube", "video", id))?.data;
    if (!video) return c.json(youtubeErrorBody(404, "videoNotFound", "The video that you are trying to rate cannot be found.", { domain: "youtube.video", location: "id" }), 404);
    const key = `${auth.account.id} ${id}`;
    if (rating === "none") await deps.store.delete("youtube", "rating", key);
    else await deps.store.put("youtube", "rating", key, { rating }, auth.account.id);
    return c.body(null, 204);
  });

  app.get("/youtube/v3/subscriptions", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    if (c.req.query("mine") !== "true") {
      return c.json(youtubeErrorBody(400, "incompatibleParameters", "The sandbox lists only the caller's own subscriptions (mine=true).", { location: "mine" }), 400);
    }
    const size = Number(c.req.query("maxResults") ?? "5");
    if (!Number.isInteger(size) || size < 0 || size > 50)
      return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${c.req.query("maxResults") ?? ""}'. Values must be within the range: [0, 50]`, { location: "maxResults" }), 400);
    const offset = decodePageToken(c.req.query("pageToken"));
    if (offset === null) return c.json(youtubeErrorBody(400, "invalidPageToken", "The request specifies an invalid page token.", { domain: "youtube.parameter", location: "pageToken" }), 400);
    const only = (c.req.query("forChannelId") ?? "").split(",").filter(Boolean);
    const subs = (await deps.store.list<SandboxSubscription>("youtube", "subscription", { owner: auth.account.id }))
      .map((r) => r.data)
      .filter((s) => only.length === 0 || only.includes(s.channelId))
      .sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
    const { page, nextPageToken } = paginate(subs, offset, size);
    const own = (await channelOf(deps, auth.account.id))?.id ?? "";
    const items = [];
    for (const sub of page) items.push(subscriptionResource(sub, await channelById(deps, sub.channelId), own));
    return c.json({ kind: "youtube#subscriptionListResponse", etag: randomEtag(), ...(nextPageToken ? { nextPageToken } : {}), pageInfo: { totalResults: subs.length, resultsPerPage: size }, items });
  });

  app.post("/youtube/v3/subscriptions", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const body = await jsonBody(c);
    const resourceId = isRecord(body?.snippet) && isRecord(body.snippet.resourceId) ? body.snippet.resourceId : null;
    const channelId = typeof resourceId?.channelId === "string" ? resourceId.channelId : "";
    if (!channelId) return c.json(youtubeErrorBody(400, "subscriptionWithoutChannel", "A subscription must specify a channel to subscribe to.", { domain: "youtube.subscription" }), 400);
    const channel = await channelById(deps, channelId);
    if (!channel)
      return c.json(youtubeErrorBody(404, "publisherNotFound", "The resource specified by the request's resourceId.channelId property cannot be found.", { domain: "youtube.subscription" }), 404);
    const own = await channelOf(deps, auth.account.id);
    if (own?.id === channelId) return c.json(youtubeErrorBody(400, "subscriptionForbidden", "You cannot subscribe to your own channel.", { domain: "youtube.subscription" }), 400);
    const existing = (await deps.store.list<SandboxSubscription>("youtube", "subscription", { owner: auth.account.id })).find((r) => r.data.channelId === channelId);
    if (existing) return c.json(youtubeErrorBody(400, "subscriptionDuplicate", "The subscription that you are trying to create already exists.", { domain: "youtube.subscription" }), 400);
    const sub: SandboxSubscription = { id: youtubeId(43), subscriberAccountId: auth.account.id, channelId, publishedAt: deps.now().toISOString() };
    await deps.store.put("youtube", "subscription", sub.id, sub, auth.account.id);
    return c.json(subscriptionResource(sub, channel, own?.id ?? ""));
  });

  app.delete("/youtube/v3/subscriptions", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const id = c.req.query("id") ?? "";
    const sub = await deps.store.get<SandboxSubscription>("youtube", "subscription", id);
    if (!sub || sub.data.subscriberAccountId !== auth.account.id) {
      return c.json(youtubeErrorBody(404, "subscriptionNotFound", "The subscription that you are trying to delete cannot be found.", { domain: "youtube.subscription", location: "id" }), 404);
    }
    await deps.store.delete("youtube", "subscription", id);
    return c.body(null, 204);
  });
}
