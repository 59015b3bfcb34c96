import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { AnalyticsFacet } from "../../src/networks/facets/analytics.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { bench, connect, facebookInstagramOrders } from "./facebook-helpers.js";
import { required } from "./harness.js";

/** A Facebook video post's watch time: the post's attachment names the video, whose video_insights give total_video_view_total_time. */

const fb = facebookAdapter.analytics as Required<AnalyticsFacet>;
const publish = required(facebookAdapter, "publish");
const checkPublish = required(facebookAdapter, "checkPublish");

const clip: PublishMedia = {
  id: "med_clip",
  kind: "video",
  mimeType: "video/mp4",
  bytes: 12_000_000,
  width: 1080,
  height: 1920,
  durationSeconds: 30,
  alt: null,
  url: "https://media.chorus.test/clip.mp4",
  read: async () => new Uint8Array([1, 2, 3]),
};

/** The node type each request reads, for the check against Meta's node descriptions. */
const nodeOf = (url: URL, videoId: string) => {
  const id = url.pathname.split("/").filter(Boolean)[1] ?? "";
  if (id === "me") return "User";
  if (id === videoId) return "AdVideo";
  return id.includes("_") ? "PagePost" : "Page";
};

describe.each(facebookInstagramOrders)("Facebook video watch time (%s)", (_order, factories) => {
  it("fills watchTimeSeconds for a video post from its video's insights, and leaves it null on a status", async () => {
    const b = bench(factories);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "video.page");
    const pageId = ((await facebookAdapter.targets?.(tokens, net)) ?? []).find((t) => t.name.endsWith("(sandbox page)"))?.id ?? "";
    const request = (overrides: Partial<PublishRequest>): PublishRequest => ({ text: "Our video", media: [], options: {}, destination: pageId, targetId: "tgt_1", ...overrides });
    const started: PublishResult = await publish(tokens, request({ media: [clip] }), net);
    if (started.state !== "processing") throw new Error("a video is processed first");
    b.advance(30);
    const done = await checkPublish(tokens, started.pollToken, net);
    if (done.state !== "published" || !done.networkPostId) throw new Error("not published");
    b.advance(3600);

    const from = b.sent.length;
    const post = await fb.postAnalytics(tokens, { networkPostId: done.networkPostId, networkUserId: "", destination: pageId, publishedAt: "2026-10-01T12:00:00Z" }, net);
    expect(post.networkMetrics.total_video_view_total_time).toBeGreaterThan(0);
    expect(post.metrics.watchTimeSeconds).toBe(Math.round((post.networkMetrics.total_video_view_total_time ?? 0) / 1000));
    expect(post.metrics.videoViews).toBe(post.networkMetrics.post_video_views);
    const sent = b.sent.slice(from);
    const insights = sent.find((r) => r.url.pathname.endsWith("/video_insights"));
    expect(insights?.url.searchParams.get("metric")).toBe("total_video_view_total_time");
    expect(insights?.url.searchParams.get("period")).toBe("lifetime");
    const videoId = insights?.url.pathname.split("/").filter(Boolean)[1] ?? "";
    expect(sent.some((r) => r.url.pathname.endsWith(`/${done.networkPostId}/attachments`))).toBe(true);
    // Every call is one Meta describes (the comments edge's `summary` modifier aside, as in facebook-analytics).
    for (const r of sent) {
      const problems = graphRequestProblems(r, nodeOf(r.url, videoId)).filter((p) => !(r.url.pathname.endsWith("/comments") && p === "summary is not a parameter of GET PagePost/comments"));
      expect(problems, r.url.toString()).toEqual([]);
    }

    const status = await publish(tokens, request({ text: "Just words" }), net);
    if (status.state !== "published" || !status.networkPostId) throw new Error("not published");
    const before = b.sent.length;
    const words = await fb.postAnalytics(tokens, { networkPostId: status.networkPostId, networkUserId: "", destination: pageId, publishedAt: "2026-10-01T12:00:00Z" }, net);
    expect(words.metrics.watchTimeSeconds).toBeNull();
    expect(b.sent.slice(before).some((r) => /attachments|video_insights/.test(r.url.pathname))).toBe(false);
    expect(fb.metricNames.watchTimeSeconds).toContain("total_video_view_total_time");
  });
});
