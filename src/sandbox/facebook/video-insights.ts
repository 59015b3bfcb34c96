import type { Hono } from "hono";
import { simulatedAudience } from "../sandbox-metrics.js";
import { authenticate, graphError, graphJson, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { insightEntry, insightsParameterError, requestedMetrics } from "../meta/insights-wire.js";
import type { SandboxPagePost, SandboxVideo } from "./page-posts.js";

/**
 * `GET /{post-id}/attachments` on the simulator: the post's media, each with its `target` (the
 * photo or video node) and `media_type`, in Graph's default StoryAttachment fields.
 *
 * `GET /{video-id}/video_insights?metric=` on the simulator (Graph "Video Insights" reference):
 * lifetime numbers of a page's video, with `read_insights`, the ANALYZE task and the page's own
 * token. Served: `total_video_views`, `total_video_view_total_time` and
 * `total_video_avg_time_watched` (both in milliseconds). The numbers are those of the video's
 * feed post, so they agree with its `post_video_views`.
 */

const platform = "facebook";
const METRICS = ["total_video_views", "total_video_view_total_time", "total_video_avg_time_watched"];

export function mountVideoInsights(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/:postId/attachments", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door });
    if (!auth.ok) return auth.response;
    const id = c.req.param("postId");
    const post = await deps.store.get<SandboxPagePost>(platform, "page_post", id);
    if (!post || post.owner !== auth.account.id) return unsupportedRequest("GET", id);
    const p = post.data;
    const web = "https://www.facebook.com";
    const data = p.videoId
      ? [{ media_type: "video", type: "video_inline", target: { id: p.videoId, url: `${web}/${p.pageId}/videos/${p.videoId}/` }, url: `${web}/${p.pageId}/videos/${p.videoId}/` }]
      : p.photoIds.map((photo) => ({ media_type: "photo", type: "photo", target: { id: photo, url: `${web}/photo.php?fbid=${photo}` }, url: `${web}/photo.php?fbid=${photo}` }));
    return graphJson({ data });
  });

  graph.get("/:version/:videoId/video_insights", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "read_insights" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("videoId");
    const video = await deps.store.get<SandboxVideo>(platform, "video", id);
    if (!video || video.owner !== auth.account.id) return unsupportedRequest("GET", id);
    if (auth.meta?.pageId !== video.data.pageId) return graphError(400, { message: "(#190) This method must be called with a Page Access Token", type: "OAuthException", code: 190 });
    const metrics = requestedMetrics(c.req.query("metric"), METRICS);
    if (metrics instanceof Response) return metrics;
    const period = c.req.query("period");
    if (period !== undefined && period !== "lifetime") return insightsParameterError(`Invalid period ${period}: these metrics have only a lifetime value`);
    const post = video.data.postId ? await deps.store.get<SandboxPagePost>(platform, "page_post", video.data.postId) : null;
    const a = simulatedAudience(`facebook:${video.data.postId ?? id}`, post?.data.createdAt ?? video.data.createdAt, deps.now(), true);
    const values: Record<string, number> = {
      total_video_views: a.videoViews,
      total_video_view_total_time: a.watchSeconds * 1000,
      total_video_avg_time_watched: a.videoViews === 0 ? 0 : Math.round((a.watchSeconds * 1000) / a.videoViews),
    };
    return graphJson({ data: metrics.map((name) => ({ ...insightEntry(id, name, "lifetime", { values: [] }), values: [{ value: values[name] ?? 0 }] })) });
  });
}
