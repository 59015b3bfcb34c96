import { describe, expect, it } from "vitest";
import { planCover } from "../../src/domain/publishing/media/transforms/cover-plan.js";
import type { PublishMedia } from "../../src/networks/publish-types.js";

const video: PublishMedia = {
  id: "med_clip",
  kind: "video",
  mimeType: "video/mp4",
  bytes: 1000,
  width: 1920,
  height: 1080,
  durationSeconds: 12.5,
  alt: null,
  url: "https://x.test/v",
  read: async () => new Uint8Array(),
};
const base = { param: "autoFix.coverAt", media: [video], options: {}, attachments: {}, videoOff: null };

describe("autoFix.coverAt per network (cover-plan.ts)", () => {
  it("sends the time natively where the network takes one: Instagram reels and TikTok in ms, Pinterest in whole seconds with a warning when rounded", () => {
    expect(planCover({ ...base, platform: "instagram", atMs: 2500 }).options).toEqual({ thumbOffset: 2500 });
    expect(planCover({ ...base, platform: "tiktok", atMs: 2500 }).options).toEqual({ videoCoverTimestampMs: 2500 });
    const exact = planCover({ ...base, platform: "pinterest", atMs: 3000 });
    expect([exact.options, exact.warnings]).toEqual([{ coverImageKeyFrameTime: 3 }, []]);
    const rounded = planCover({ ...base, platform: "pinterest", atMs: 2600 });
    expect(rounded.options).toEqual({ coverImageKeyFrameTime: 3 });
    expect(rounded.warnings[0]).toMatchObject({ code: "video_cover_rounded", param: "autoFix.coverAt" });
  });

  it("leaves a cover the caller set with the network's own option alone", () => {
    expect(planCover({ ...base, platform: "instagram", atMs: 2500, options: { coverUrl: "https://x.test/c.jpg" } }).options).toEqual({ coverUrl: "https://x.test/c.jpg" });
    expect(planCover({ ...base, platform: "youtube", atMs: 2500, options: { thumbnail: "med_own" } }).attachments).toEqual({});
  });

  it("plans a 1280x720 JPEG frame as YouTube's thumbnail, or refuses when FFmpeg is missing", () => {
    const plan = planCover({ ...base, platform: "youtube", atMs: 2500 });
    expect(plan.attachments.thumbnail).toMatchObject({ kind: "image", mimeType: "image/jpeg", width: 1280, height: 720, pendingTransform: { key: "frame:jpeg:2500ms:1280x720:max2097152" } });
    const off = planCover({ ...base, platform: "youtube", atMs: 2500, videoOff: "FFmpeg is not installed" });
    expect(off.errors[0]).toMatchObject({ code: "transform_unavailable", message: expect.stringContaining("FFmpeg is not installed") });
  });

  it("refuses where the network takes no cover (an Instagram story included) and a time past the end; ignores a target without video", () => {
    for (const platform of ["facebook", "twitter", "threads", "linkedin", "bluesky", "googlebusiness"] as const) {
      expect(planCover({ ...base, platform, atMs: 100 }).errors[0]?.code).toBe("video_cover_unsupported");
    }
    expect(planCover({ ...base, platform: "instagram", atMs: 100, options: { postType: "story" } }).errors[0]).toMatchObject({
      code: "video_cover_unsupported",
      message: expect.stringContaining("reels only"),
    });
    expect(planCover({ ...base, platform: "tiktok", atMs: 12_501 }).errors[0]).toMatchObject({ code: "video_cover_out_of_range", fix: "Choose a time from 0 to 12500 ms." });
    expect(planCover({ ...base, platform: "twitter", atMs: 100, media: [{ ...video, kind: "image" }] }).errors).toEqual([]);
  });
});
