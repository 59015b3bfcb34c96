import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FrameRecipe, TransformedFile, VideoRecipe, VideoTransformer } from "../infra/media-transforms/types.js";
import { TransformInputError } from "../infra/media-transforms/types.js";

/** Only the end of FFmpeg's log is kept for the error: a long transcode writes megabytes of it. */
const STDERR_TAIL = 4096;

/** Runs FFmpeg file to file; the bytes stream through the child process, never through this one's memory. */
function run(ffmpeg: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let tail = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      tail = (tail + chunk).slice(-STDERR_TAIL);
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(tail) : reject(new TransformInputError(`FFmpeg could not read the video: ${lastLine(tail)}`))));
  });
}

const lastLine = (log: string) =>
  log
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-1)[0] ?? "no output";

/**
 * H.264 (yuv420p, 8-bit, so 10-bit HEVC from phones plays everywhere) and AAC in MP4 with the
 * index at the front, scaled to the planned size, all metadata (location) dropped. A clip
 * without sound stays without it. The upload is copied to a scratch folder first: an MP4's
 * index may sit at its end, which FFmpeg cannot reach on a pipe.
 */
export function ffmpegVideo(ffmpeg: string, scratch = tmpdir()): VideoTransformer {
  return {
    frame: (input, recipe) => coverFrame(ffmpeg, scratch, input, recipe),
    async transcode(input, recipe: VideoRecipe) {
      const dir = await mkdtemp(join(scratch, "chorus-video-"));
      const dispose = () => rm(dir, { recursive: true, force: true });
      try {
        const source = join(dir, "source");
        const output = join(dir, "variant.mp4");
        await pipeline(Readable.fromWeb(input as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(source));
        const trim = recipe.trimSeconds === null ? [] : ["-t", String(recipe.trimSeconds)];
        const log = await run(ffmpeg, [
          "-i",
          source,
          "-map",
          "0:v:0",
          "-map",
          "0:a:0?",
          "-map_metadata",
          "-1",
          ...trim,
          "-vf",
          `scale=${recipe.maxWidth}:${recipe.maxHeight},setsar=1`,
          "-c:v",
          "libx264",
          "-preset",
          "veryfast",
          "-pix_fmt",
          "yuv420p",
          "-b:v",
          `${recipe.videoKbps}k`,
          "-maxrate",
          `${recipe.videoKbps}k`,
          "-bufsize",
          `${recipe.videoKbps * 2}k`,
          "-c:a",
          "aac",
          "-b:a",
          "128k",
          "-movflags",
          "+faststart",
          output,
        ]);
        const size = /Stream #0:0.*Video: h264.*?, (\d+)x(\d+)/.exec(log.slice(log.lastIndexOf("Output #0")));
        const { size: bytes } = await stat(output);
        return {
          width: Number(size?.[1] ?? recipe.maxWidth),
          height: Number(size?.[2] ?? recipe.maxHeight),
          bytes,
          body: () => Readable.toWeb(createReadStream(output)) as unknown as ReadableStream<Uint8Array>,
          dispose,
        };
      } catch (error) {
        await dispose();
        throw error;
      }
    },
  };
}

/** JPEG qualities (FFmpeg's `-q:v`, 2 best) tried in turn until the frame is under the cap. */
const FRAME_QUALITIES = [2, 4, 7, 12];

/**
 * The frame at `atMs` as a JPEG: an accurate seek (`-ss` after `-i` decodes up to the time, so
 * the frame is the one asked for, not the key frame before it), turned as the video is shown,
 * scaled within the box without growing, metadata dropped. A time past the end makes no frame
 * and is refused.
 */
async function coverFrame(ffmpeg: string, scratch: string, input: ReadableStream<Uint8Array>, recipe: FrameRecipe): Promise<TransformedFile> {
  const dir = await mkdtemp(join(scratch, "chorus-frame-"));
  try {
    const source = join(dir, "source");
    await pipeline(Readable.fromWeb(input as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(source));
    const fit = `scale='min(${recipe.maxWidth},iw)':'min(${recipe.maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1`;
    for (const quality of FRAME_QUALITIES) {
      const output = join(dir, `cover-${quality}.jpg`);
      const log = await run(ffmpeg, [
        "-i",
        source,
        "-ss",
        (recipe.atMs / 1000).toFixed(3),
        "-map",
        "0:v:0",
        "-map_metadata",
        "-1",
        "-frames:v",
        "1",
        "-vf",
        fit,
        "-q:v",
        String(quality),
        "-f",
        "image2",
        output,
      ]);
      const written = await stat(output).catch(() => null);
      if (!written || written.size === 0) throw new TransformInputError(`the video has no frame at ${recipe.atMs} ms (it is shorter)`);
      if (written.size > recipe.maxBytes) continue;
      const size = /Stream #0:0.*Video: mjpeg.*?, (\d+)x(\d+)/.exec(log.slice(log.lastIndexOf("Output #0")));
      return { bytes: new Uint8Array(await readFile(output)), mimeType: "image/jpeg", width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
    }
    throw new TransformInputError(`the frame at ${recipe.atMs} ms cannot be compressed below ${recipe.maxBytes} bytes`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
