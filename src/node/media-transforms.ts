import { spawnSync } from "node:child_process";
import type { MediaTransforms } from "../infra/media-transforms/types.js";
import { ffmpegVideo } from "./ffmpeg-video.js";
import { sharpImages } from "./sharp-images.js";

/**
 * The transforms this Node process can run: sharp when its prebuilt binary loads, FFmpeg when
 * `ffmpeg` answers on the PATH (CHORUS_FFMPEG names another binary). Either may be missing; the
 * server starts all the same and autoFix refuses that kind with `transform_unavailable`.
 */
export async function nodeMediaTransforms(ffmpegPath = process.env.CHORUS_FFMPEG ?? "ffmpeg"): Promise<MediaTransforms> {
  const off: MediaTransforms["off"] = {};
  let images: MediaTransforms["images"] = null;
  try {
    images = sharpImages((await import("sharp")).default);
  } catch (error) {
    off.images = `sharp did not load on this server (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
  const probe = spawnSync(ffmpegPath, ["-hide_banner", "-version"], { stdio: ["ignore", "pipe", "ignore"], timeout: 5000 });
  const video = probe.status === 0 ? ffmpegVideo(ffmpegPath) : null;
  if (!video) off.video = `FFmpeg is not installed on this server (\`${ffmpegPath} -version\` did not run)`;
  return { images, video, off };
}

/** The start-up line that says which transforms are on. */
export function describeTransforms(transforms: MediaTransforms): string {
  const images = transforms.images ? "images on (sharp)" : `images off: ${transforms.off.images}`;
  const video = transforms.video ? "video on (FFmpeg)" : `video transforms are off: ${transforms.off.video}`;
  return `Media transforms: ${images}; ${video}.`;
}
