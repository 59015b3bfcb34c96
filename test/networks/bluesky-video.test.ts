import { jsonToLex, lexicons } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import { videoServiceRules } from "../../src/sandbox/bluesky/video-service.js";
import { mp4 } from "../unit/media-fixtures.js";
import { apiError, connected, harnessPerTest, lastCall } from "./bluesky-harness.js";
import { required, sampleMedia } from "./harness.js";

/**
 * Bluesky video through the video service, against the simulated PDS and video.bsky.app. The
 * harness checks every XRPC exchange (getServiceAuth, getUploadLimits, uploadVideo, getJobStatus,
 * createRecord) against the official lexicons in @atproto/api; the written post is validated as an
 * app.bsky.feed.post record with its app.bsky.embed.video embed. The local PDS fixture runs no video
 * service, so this is the simulator's test only.
 */

const publish = required(blueskyAdapter, "publish");
const checkPublish = required(blueskyAdapter, "checkPublish");
const harness = harnessPerTest();

const request = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_1", ...extra });
const clip = (seconds: number, alt: string | null = null) =>
  sampleMedia({ kind: "video", mimeType: "video/mp4", bytes: mp4(1080, 1920, { duration: seconds * 1000 }), width: 1080, height: 1920, durationSeconds: seconds, alt });

describe("bluesky video", () => {
  it("uploads to the video service with a PDS-addressed service token, polls the job, then posts the video embed", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const first = await publish(tokens, request("Harbour at dawn", { media: [clip(20, "Boats leaving the harbour")] }), h.net);
    if (first.state !== "processing") throw new Error(`expected processing, got ${first.state}`);
    const auths = h.calls.filter((c) => c.url.pathname === "/xrpc/com.atproto.server.getServiceAuth").map((c) => Object.fromEntries(c.url.searchParams));
    expect(auths.map((a) => [a.aud, a.lxm])).toEqual([
      ["did:web:video.bsky.app", "app.bsky.video.getUploadLimits"],
      ["did:web:bsky.social", "com.atproto.repo.uploadBlob"],
    ]);
    const upload = lastCall(h, "app.bsky.video.uploadVideo");
    expect(upload?.url.host).toBe("video.bsky.app");
    expect(upload?.url.searchParams.get("did")).toBe(tokens.extra.did);
    expect(upload?.headers.get("content-type")).toBe("video/mp4");
    expect(lastCall(h, "com.atproto.repo.createRecord")).toBeUndefined();

    // Still encoding: polled again later, nothing written.
    const again = await checkPublish(tokens, first.pollToken, h.net);
    expect(again).toMatchObject({ state: "processing", pollToken: first.pollToken });
    h.advance(videoServiceRules.processingSeconds * 1000);
    const done = await checkPublish(tokens, first.pollToken, h.net);
    if (done.state !== "published") throw new Error(`expected published, got ${JSON.stringify(done)}`);
    const written = lastCall(h, "com.atproto.repo.createRecord")?.body as { record: Record<string, unknown> };
    expect(written.record.text).toBe("Harbour at dawn");
    expect(written.record.embed).toMatchObject({
      $type: "app.bsky.embed.video",
      video: { $type: "blob", mimeType: "video/mp4" },
      alt: "Boats leaving the harbour",
      aspectRatio: { width: 1080, height: 1920 },
    });
    expect(() => lexicons.assertValidRecord("app.bsky.feed.post", jsonToLex(written.record))).not.toThrow();
    expect(done.networkPostId).toMatch(/^at:\/\/did:plc:[a-z0-9]+\/app\.bsky\.feed\.post\/[a-z0-9]+$/);
  });

  it("fails the target when the service refuses the video (over 3 minutes) and writes no post", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const first = await publish(tokens, request("Too long", { media: [clip(200)] }), h.net);
    if (first.state !== "processing") throw new Error("expected processing");
    h.advance(videoServiceRules.processingSeconds * 1000);
    const result = await checkPublish(tokens, first.pollToken, h.net);
    expect(result).toMatchObject({ state: "failed", error: { code: "media_unreadable", platform: "bluesky" } });
    if (result.state === "failed") expect(result.error.message).toContain("too long");
    expect(lastCall(h, "com.atproto.repo.createRecord")).toBeUndefined();
  });

  it("stops before uploading once the day's video allowance is spent (getUploadLimits)", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    for (let i = 0; i < videoServiceRules.dailyVideos; i++) await publish(tokens, request(`clip ${i}`, { media: [clip(10)] }), h.net);
    const uploads = h.calls.filter((c) => c.url.pathname === "/xrpc/app.bsky.video.uploadVideo").length;
    const error = await apiError(publish(tokens, request("one more", { media: [clip(10)] }), h.net));
    expect(error).toMatchObject({ code: "quota_exceeded", platform: "bluesky" });
    expect(h.calls.filter((c) => c.url.pathname === "/xrpc/app.bsky.video.uploadVideo").length).toBe(uploads);
    expect(lastCall(h, "app.bsky.video.getUploadLimits")?.response).toMatchObject({ canUpload: false, remainingDailyVideos: 0 });
  });
});
