import type { Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { paginate, randomEtag, youtubeErrorBody } from "../google/wire.js";
import { type VideoRouteTools, ownVideos, readScopes, writeScopes } from "./videos.js";
import { processingState, videoThumbnails } from "./video-resource.js";
import { type SandboxChannel, type SandboxPlaylist, type SandboxVideo, channelOf } from "./youtube-data.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * The channel's playlists on the YouTube simulator: playlists.list, playlistItems.list (a
 * playlist the channel made, or its uploads playlist, newest first) and playlistItems.insert.
 */

const playlistItemParts = ["contentDetails", "id", "snippet", "status"];
const playlistParts = ["contentDetails", "id", "localizations", "player", "snippet", "status"];

export function mountPlaylistRoutes(app: Hono, deps: SimulatorDeps, tools: VideoRouteTools): void {
  app.get("/youtube/v3/playlists", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, playlistParts);
    if (parts instanceof Response) return parts;
    const paging = tools.pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    const ids = (c.req.queries("id") ?? []).flatMap((i) => i.split(","));
    const all =
      c.req.query("mine") === "true"
        ? await deps.store.list<SandboxPlaylist>("youtube", "playlist", { owner: auth.account.id })
        : (await deps.store.list<SandboxPlaylist>("youtube", "playlist")).filter((p) => ids.includes(p.id));
    const { page, nextPageToken } = paginate(
      all.map((r) => r.data),
      paging.offset,
      paging.size,
    );
    const items = page.map((p) => ({
      kind: "youtube#playlist",
      etag: randomEtag(),
      id: p.id,
      ...(parts.includes("snippet") ? { snippet: { publishedAt: p.publishedAt, channelId: p.channelId, title: p.title, description: "" } } : {}),
      ...(parts.includes("contentDetails") ? { contentDetails: { itemCount: p.videoIds.length } } : {}),
    }));
    return c.json({
      kind: "youtube#playlistListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: all.length, resultsPerPage: paging.size },
      items,
    });
  });

  app.get("/youtube/v3/playlistItems", async (c) => {
    const auth = await tools.authorize(c, readScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, playlistItemParts);
    if (parts instanceof Response) return parts;
    const paging = tools.pageArgs(c, 50, 5);
    if (paging instanceof Response) return paging;
    const playlistId = c.req.query("playlistId") ?? "";
    const channels = (await deps.store.list<SandboxChannel>("youtube", "channel")).map((r) => r.data);
    const uploadsOf = channels.find((ch) => ch.uploadsPlaylistId === playlistId);
    let videoIds: string[];
    let channelId: string;
    if (uploadsOf) {
      // The uploads playlist: newest first; others see only public, processed videos.
      const mine = uploadsOf.accountId === auth.account.id;
      videoIds = (await ownVideos(deps, uploadsOf.accountId))
        .filter((v) => mine || (v.status.privacyStatus === "public" && processingState(v, deps.now()).status.uploadStatus === "processed"))
        .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
        .map((v) => v.id);
      channelId = uploadsOf.id;
    } else {
      const playlist = await deps.store.get<SandboxPlaylist>("youtube", "playlist", playlistId);
      if (!playlist)
        return c.json(
          youtubeErrorBody(404, "playlistNotFound", "The playlist identified with the request's playlistId parameter cannot be found.", { domain: "youtube.playlistItem", location: "playlistId" }),
          404,
        );
      videoIds = playlist.data.videoIds;
      channelId = playlist.data.channelId;
    }
    const { page, nextPageToken } = paginate(videoIds, paging.offset, paging.size);
    const items: Record<string, unknown>[] = [];
    for (const [i, videoId] of page.entries()) {
      const video = (await deps.store.get<SandboxVideo>("youtube", "video", videoId))?.data;
      if (!video) continue;
      items.push({
        kind: "youtube#playlistItem",
        etag: randomEtag(),
        id: `sandbox-item-${playlistId}-${videoId}`,
        ...(parts.includes("snippet")
          ? {
              snippet: {
                publishedAt: video.uploadedAt,
                channelId,
                title: video.snippet.title,
                description: video.snippet.description,
                thumbnails: videoThumbnails(video.id),
                playlistId,
                position: paging.offset + i,
                resourceId: { kind: "youtube#video", videoId },
                videoOwnerChannelId: video.channelId,
              },
            }
          : {}),
        ...(parts.includes("contentDetails") ? { contentDetails: { videoId, videoPublishedAt: video.uploadedAt } } : {}),
        ...(parts.includes("status") ? { status: { privacyStatus: video.status.privacyStatus } } : {}),
      });
    }
    return c.json({
      kind: "youtube#playlistItemListResponse",
      etag: randomEtag(),
      ...(nextPageToken ? { nextPageToken } : {}),
      pageInfo: { totalResults: videoIds.length, resultsPerPage: paging.size },
      items,
    });
  });

  app.post("/youtube/v3/playlistItems", async (c) => {
    const auth = await tools.authorize(c, writeScopes);
    if (auth instanceof Response) return auth;
    const parts = tools.readParts(c, playlistItemParts);
    if (parts instanceof Response) return parts;
    const body = await jsonBody(c);
    const snippet = isRecord(body?.snippet) ? body.snippet : {};
    const resourceId = isRecord(snippet.resourceId) ? snippet.resourceId : {};
    const playlist = typeof snippet.playlistId === "string" ? await deps.store.get<SandboxPlaylist>("youtube", "playlist", snippet.playlistId) : null;
    if (!playlist) return c.json(youtubeErrorBody(404, "playlistNotFound", "Playlist not found.", { domain: "youtube.playlistItem", location: "playlistId" }), 404);
    if (playlist.data.channelId !== (await channelOf(deps, auth.account.id))?.id) {
      return c.json(youtubeErrorBody(403, "playlistItemsNotAccessible", "The request is not properly authorized to insert the specified playlist item.", { domain: "youtube.playlistItem" }), 403);
    }
    const video = typeof resourceId.videoId === "string" ? await deps.store.get<SandboxVideo>("youtube", "video", resourceId.videoId) : null;
    if (!video || resourceId.kind !== "youtube#video") return c.json(youtubeErrorBody(404, "videoNotFound", "Video not found.", { domain: "youtube.playlistItem", location: "resourceId" }), 404);
    await deps.store.put("youtube", "playlist", playlist.id, { ...playlist.data, videoIds: [...playlist.data.videoIds, video.id] }, playlist.owner);
    return c.json({
      kind: "youtube#playlistItem",
      etag: randomEtag(),
      id: `sandbox-item-${playlist.id}-${video.id}`,
      snippet: { playlistId: playlist.id, position: playlist.data.videoIds.length, resourceId: { kind: "youtube#video", videoId: video.id }, title: video.data.snippet.title },
    });
  });
}
