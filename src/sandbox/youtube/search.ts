import type { Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { paginate, randomEtag, youtubeErrorBody } from "../google/wire.js";
import type { VideoRouteTools } from "./videos.js";
import type { SandboxChannel, SandboxVideo } from "./youtube-data.js";

/**
 * `search.list` of the simulated Data API, for videos: the public, processed videos of every
 * channel in the simulated world whose title, description or tags hold every word of `q`,
 * filtered by `channelId` and `publishedAfter`/`publishedBefore`, ordered by `date` or by
 * `relevance` (how many of the words the title holds, then date). Only `part=snippet` exists on
 * search results, and `type=video` is the only type the simulator holds.
 */

const SCOPE = "https://www.googleapis.com/auth/";
const readScopes = ["youtube", "youtube.force-ssl", "youtube.readonly"].map((s) => SCOPE + s);
const ORDERS = ["date", "rating", "relevance", "title", "videoCount", "viewCount"];

export function mountSearchRoutes(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  app.get("/youtube/v3/search", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, ["snippet", "id"]);
    if (parts instanceof Response) return parts;
    const type = c.req.query("type") ?? "video,channel,playlist";
    if (type !== "video") return c.json(youtubeErrorBody(400, "invalidSearchFilter", "The Chorus sandbox holds only videos: use type=video.", { domain: "youtube.search", location: "type" }), 400);
    const order = c.req.query("order") ?? "relevance";
    if (!ORDERS.includes(order)) return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${order}'. Values must be one of: ${ORDERS.join(", ")}`, { location: "order" }), 400);
    const paging = tools.pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    const after = c.req.query("publishedAfter");
    const before = c.req.query("publishedBefore");
    for (const [name, value] of [
      ["publishedAfter", after],
      ["publishedBefore", before],
    ] as const) {
      if (value !== undefined && Number.isNaN(Date.parse(value)))
        return c.json(youtubeErrorBody(400, "invalidValue", `Invalid value '${value}'. Values must match the following regular expression: '[0-9]{4}-...T...Z'`, { location: name }), 400);
    }
    const words = (c.req.query("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const channelId = c.req.query("channelId");
    const channels = new Map((await deps.store.list<SandboxChannel>("youtube", "channel")).map((r) => [r.data.id, r.data]));
    const videos = (await deps.store.list<SandboxVideo>("youtube", "video"))
      .map((r) => r.data)
      .filter((video) => video.status.privacyStatus === "public" && video.file === "video" && video.duplicateOf === null)
      .filter((video) => !channelId || video.channelId === channelId)
      .filter((video) => (after === undefined || video.uploadedAt >= new Date(after).toISOString()) && (before === undefined || video.uploadedAt < new Date(before).toISOString()))
      .filter((video) => {
        const haystack = `${video.snippet.title} ${video.snippet.description} ${(video.snippet.tags ?? []).map((t) => `#${t}`).join(" ")}`.toLowerCase();
        return words.every((w) => haystack.includes(w));
      });
    const inTitle = (video: SandboxVideo) => words.filter((w) => video.snippet.title.toLowerCase().includes(w)).length;
    videos.sort((a, b) => (order === "relevance" && inTitle(a) !== inTitle(b) ? inTitle(b) - inTitle(a) : b.uploadedAt.localeCompare(a.uploadedAt)));
    const { page, nextPageToken } = paginate(videos, paging.offset, paging.size);
    return c.json({
      kind: "youtube#searchListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      regionCode: "US",
      pageInfo: { totalResults: videos.length, resultsPerPage: paging.size },
      items: page.map((video) => ({
        kind: "youtube#searchResult",
        etag: randomEtag(),
        id: { kind: "youtube#video", videoId: video.id },
        ...(parts.includes("snippet")
          ? {
              snippet: {
                publishedAt: video.uploadedAt,
                channelId: video.channelId,
                title: video.snippet.title,
                description: video.snippet.description,
                thumbnails: { default: { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120, height: 90 } },
                channelTitle: channels.get(video.channelId)?.title ?? "",
                liveBroadcastContent: "none",
                publishTime: video.uploadedAt,
              },
            }
          : {}),
      })),
    });
  });
}
