import { spawn } from "node:child_process";
import type { VideoRecipe, VideoTransformer } from "../infra/media-transforms/types.js";
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
 * index at the front; scaled down within the network's box keeping the ratio (even sides, as
 * H.264 needs). A clip without sound stays without it.
 */
export function ffmpegVideo(ffmpeg: string): VideoTransformer {
  return {
    async transcode(inputPath, outputPath, recipe: VideoRecipe) {
      const scale = `scale='min(${recipe.maxWidth},iw)':'min(${recipe.maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;
      const trim = recipe.trimSeconds === null ? [] : ["-t", String(recipe.trimSeconds)];
      const log = await run(ffmpeg, [
        "-i",
        inputPath,
        "-map",
        "0:v:0",
        "-map",
        "0:a:0?",
        ...trim,
        "-vf",
        scale,
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
        outputPath,
      ]);
      const size = /Stream #0:0.*Video: h264.*?, (\d+)x(\d+)/.exec(log.slice(log.lastIndexOf("Output #0")));
      return { width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0), durationSeconds: null };
    },
    async frameAt(inputPath, outputPath, seconds) {
      await run(ffmpeg, ["-ss", String(seconds), "-i", inputPath, "-frames:v", "1", "-q:v", "3", outputPath]);
    },
  };
}
