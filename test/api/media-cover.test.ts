import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { signedMediaUrl } from "../../src/domain/publishing/media/signed-url.js";
import { mediaVariants, sandboxRecords } from "../../src/db/schema/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import type { SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * `autoFix: { coverAt }` on a real clip FFmpeg makes here: one second of red, then one of blue,
 * so the frame a cover was taken from shows in its pixels.
 */
const dir = mkdtempSync(join(tmpdir(), "chorus-cover-test-"));
let clip: Uint8Array<ArrayBuffer>;
let t: TestApp;
let runtime: JobRuntime;
beforeAll(async () => {
  const out = join(dir, "red-blue.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=640x360:r=25:d=1", "-f", "lavfi", "-i", "color=c=blue:s=640x360:r=25:d=1"],
    ...["-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-c:v", "libx264", "-pix_fmt", "yuv420p", out],
  ]);
  clip = new Uint8Array(readFileSync(out)) as Uint8Array<ArrayBuffer>;
  t = await createTestApp({ deps: { mediaTransforms: await nodeMediaTransforms() } });
  runtime = t.jobRuntime();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function upload(ws: WorkspaceFixture): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: clip, headers: { "content-type": "video/mp4" } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function youtube(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** The cover variant made for `atMs`, read through its signed URL: its size and the colour of its middle pixel. */
async function coverOf(mediaId: string, atMs: number): Promise<{ r: number; b: number; width: number; height: number }> {
  const rows = await t.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.mediaId, mediaId), like(mediaVariants.recipe, `frame:jpeg:${atMs}ms:%`)));
  expect(rows).toHaveLength(1);
  const url = await signedMediaUrl("http://chorus.test", t.deps.signingSecret, rows[0]?.id ?? "", 600, t.clock.now());
  const bytes = Buffer.from(await (await t.app.request(url)).arrayBuffer());
  expect((await sharp(bytes).metadata()).format).toBe("jpeg");
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = ((info.height >> 1) * info.width + (info.width >> 1)) * info.channels;
  return { r: data[at] ?? 0, b: data[at + 2] ?? 0, width: info.width, height: info.height };
}

describe("autoFix.coverAt: a video's cover chosen by time", () => {
  it("YouTube takes a cover image: the frame at the time is extracted and set as the custom thumbnail", async () => {
    for (const [coverAt, colour] of [
      [1500, "blue"],
      [400, "red"],
    ] as const) {
      // One workspace each: the simulated YouTube refuses the same video twice on a channel.
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await youtube(ws, `cover-frame-${coverAt}`);
      const video = await upload(ws);
      const body = { text: `Red then blue, cover at ${coverAt} ms`, media: [video], accounts: [account], platformOptions: { youtube: { title: "Colours" } }, autoFix: { coverAt } };
      expect((await ws.post("/v1/posts/validate", body)).body).toMatchObject({ valid: true });
      const created = (await ws.post("/v1/posts", body)).body;
      t.clock.advance(60_000);
      await runDueJobs(runtime);
      const after = (await ws.get(`/v1/posts/${created.id}`)).body;
      expect(after.targets[0]?.error ?? null).toBeNull();
      expect(after).toMatchObject({ state: "published", targets: [{ state: "published", warnings: [] }] });
      const [stored] = await t.db
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.platform, "youtube"), eq(sandboxRecords.kind, "video"), eq(sandboxRecords.id, after.targets[0]?.networkPostId ?? "")));
      expect((stored?.data as SandboxVideo | undefined)?.customThumbnails?.maxres?.url).toMatch(/custom-/);
      const seen = await coverOf(video, coverAt);
      expect([seen.width, seen.height]).toEqual([640, 360]);
      if (colour === "blue") expect(seen.b).toBeGreaterThan(seen.r + 100);
      else expect(seen.r).toBeGreaterThan(seen.b + 100);
    }
  });

  it("a time past the end is `video_cover_out_of_range`; a network that takes no cover is `video_cover_unsupported`, with a fix", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await youtube(ws, "cover-late");
    const x = await ws.connect("twitter");
    const video = await upload(ws);
    const late = (await ws.post("/v1/posts/validate", { text: "Late", media: [video], accounts: [account], platformOptions: { youtube: { title: "Late" } }, autoFix: { coverAt: 5000 } })).body;
    expect(late.targets[0]?.errors[0]).toMatchObject({ code: "video_cover_out_of_range", param: "autoFix.coverAt", fix: "Choose a time from 0 to 2000 ms." });
    const own = (await ws.post("/v1/posts/validate", { text: "X", media: [video], accounts: [x.id], platformOptions: { twitter: { autoFix: { coverAt: 100 } } } })).body;
    expect(own.targets[0]?.errors).toContainEqual(
      expect.objectContaining({ code: "video_cover_unsupported", param: "platformOptions.twitter.autoFix.coverAt", fix: expect.stringContaining("without `coverAt`") }),
    );
    const post = await ws.publish({ text: "X", media: [video], accounts: [x.id], autoFix: { coverAt: 100 } });
    expect(post.targets[0]).toMatchObject({ state: "failed", error: { code: "video_cover_unsupported" } });
  });
});
