import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaVariants } from "../../src/db/schema/index.js";
import { describeTransforms, nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Video autoFix on real clips FFmpeg makes here: a 10-bit HEVC phone-style clip with sound and a
 * GPS position, a silent H.264 QuickTime file, and a clip longer than X takes. Each variant is
 * read back through its signed URL and probed with ffprobe.
 */
const dir = mkdtempSync(join(tmpdir(), "chorus-video-test-"));
const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);

interface Probe {
  streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number }[];
  format: { duration: string; tags?: Record<string, string> };
}
function probe(bytes: Uint8Array): Probe {
  const path = join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, bytes);
  return JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", path], { encoding: "utf8" })) as Probe;
}

let hevc: Uint8Array<ArrayBuffer>;
let silentMov: Uint8Array<ArrayBuffer>;
let long: Uint8Array<ArrayBuffer>;
const read = (path: string) => new Uint8Array(readFileSync(path)) as Uint8Array<ArrayBuffer>;

let t: TestApp;
beforeAll(async () => {
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=2", "-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
    ...["-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", "-x265-params", "log-level=error", "-c:a", "aac", "-shortest"],
    ...["-metadata", "location=+48.8584+002.2945/", join(dir, "hevc.mp4")],
  ]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", join(dir, "silent.mov")]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=1:duration=150", "-c:v", "libx264", "-pix_fmt", "yuv420p", join(dir, "long.mp4")]);
  hevc = read(join(dir, "hevc.mp4"));
  silentMov = read(join(dir, "silent.mov"));
  long = read(join(dir, "long.mp4"));
  t = await createTestApp({ deps: { mediaTransforms: await nodeMediaTransforms() } });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** The one variant of an upload, read through its signed URL as a network fetches it. */
async function variantOf(mediaId: string): Promise<{ row: typeof mediaVariants.$inferSelect; bytes: Uint8Array }> {
  const rows = await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, mediaId));
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error("no variant");
  const { signedMediaUrl } = await import("../../src/domain/publishing/media/signed-url.js");
  const response = await t.app.request(await signedMediaUrl("http://chorus.test", t.deps.signingSecret, row.id, 600, t.clock.now()));
  expect(response.status).toBe(200);
  return { row, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("autoFix for video with FFmpeg", () => {
  it("a 10-bit HEVC clip becomes 8-bit H.264 with AAC, its location stripped, and is reused by the next post", { timeout: 120_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const clip = await upload(ws, hevc, "video/mp4");
    const fixed = (await ws.post("/v1/posts/validate", { text: "Clip", accounts: [account.id], media: [clip], autoFix: true })).body;
    expect(fixed.targets[0]?.warnings).toContainEqual(expect.objectContaining({ code: "media_transform_applied", message: expect.stringContaining("H.264/AAC") }));
    const post = await ws.publish({ text: "Clip", accounts: [account.id], media: [clip], autoFix: true });
    expect(post.targets[0]?.error ?? null).toBeNull();

    const { row, bytes } = await variantOf(clip);
    expect(row.mimeType).toBe("video/mp4");
    const probed = probe(bytes);
    const video = probed.streams.find((s) => s.codec_type === "video");
    expect([video?.codec_name, video?.pix_fmt, video?.width, video?.height]).toEqual(["h264", "yuv420p", 640, 360]);
    expect(probed.streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
    expect(probe(hevc).format.tags?.location).toBeDefined();
    expect(probed.format.tags?.location).toBeUndefined();
    expect(Number(probed.format.duration)).toBeCloseTo(2, 0);

    const again = await ws.publish({ text: "Clip again", accounts: [account.id], media: [clip], autoFix: true });
    expect(again.targets[0]?.error ?? null).toBeNull();
    expect(await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, clip))).toHaveLength(1);
  });

  it("a silent QuickTime file, refused by Bluesky as it is, becomes an MP4 without a sound track", { timeout: 120_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const clip = await upload(ws, silentMov, "video/quicktime");
    const refused = (await ws.post("/v1/posts/validate", { text: "Silent", accounts: [account.id], media: [clip] })).body;
    expect(refused.valid).toBe(false);
    expect(refused.targets[0]?.errors[0]?.fix).toContain("transcode to H.264/AAC MP4");
    const post = await ws.publish({ text: "Silent", accounts: [account.id], media: [clip], autoFix: true });
    expect(post.targets[0]?.error ?? null).toBeNull();
    const probed = probe((await variantOf(clip)).bytes);
    expect(probed.streams.map((s) => s.codec_type)).toEqual(["video"]);
    expect(probed.streams[0]).toMatchObject({ codec_name: "h264", width: 1280, height: 720 });
  });

  it("a clip longer than X takes is trimmed only with `trim: true`", { timeout: 120_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("twitter");
    const clip = await upload(ws, long, "video/mp4");
    const body = { text: "Long", accounts: [account.id], media: [clip] };
    const off = (await ws.post("/v1/posts/validate", body)).body;
    expect(off.targets[0]?.errors.find((e) => e.message.includes("150 s"))?.fix).toContain("trim to the first 140 s");
    const untrimmed = (await ws.post("/v1/posts/validate", { ...body, autoFix: true })).body;
    expect(untrimmed.valid).toBe(false);
    expect(untrimmed.targets[0]?.errors.some((e) => e.message.includes("150 s"))).toBe(true);
    const post = await ws.publish({ ...body, autoFix: { trim: true } });
    expect(post.targets[0]?.error ?? null).toBeNull();
    const probed = probe((await variantOf(clip)).bytes);
    expect(Number(probed.format.duration)).toBeLessThanOrEqual(140.1);
    expect(Number(probed.format.duration)).toBeGreaterThan(139);
  });

  it("a file FFmpeg cannot read fails its target with `transform_failed` and stores no variant", { timeout: 60_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    // Every box intact (the upload's checks pass), the coded frames overwritten: FFmpeg cannot decode them.
    const broken = hevc.slice();
    const mdat = Buffer.from(broken).indexOf("mdat");
    const size = new DataView(broken.buffer).getUint32(mdat - 4);
    broken.fill(0x42, mdat + 20, mdat - 4 + size);
    const clip = await upload(ws, broken, "video/mp4");
    const post = await ws.publish({ text: "Broken", accounts: [account.id], media: [clip], autoFix: true });
    expect(post.targets[0]).toMatchObject({ state: "failed", error: { code: "transform_failed", param: "autoFix" } });
    expect(await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, clip))).toEqual([]);
  });
});

describe("video autoFix without FFmpeg", () => {
  it("the server says video transforms are off, and a target that needs one is refused with `transform_unavailable`", { timeout: 60_000 }, async () => {
    const transforms = await nodeMediaTransforms(join(dir, "no-such-ffmpeg"));
    expect(transforms.video).toBeNull();
    expect(describeTransforms(transforms)).toContain("video transforms are off");
    const bare = await createTestApp({ deps: { mediaTransforms: transforms } });
    try {
      const ws = await testWorkspace(bare, { plan: "subscription" });
      const account = await ws.connect("bluesky");
      const clip = await upload(ws, hevc, "video/mp4");
      const report = (await ws.post("/v1/posts/validate", { text: "Clip", accounts: [account.id], media: [clip], autoFix: true })).body;
      expect(report.targets[0]?.errors[0]).toMatchObject({ code: "transform_unavailable", param: "autoFix", message: expect.stringContaining("FFmpeg") });
      expect(report.targets[0]?.errors[0]?.fix).toContain("FFmpeg");
    } finally {
      await bare.close();
    }
  });
});
