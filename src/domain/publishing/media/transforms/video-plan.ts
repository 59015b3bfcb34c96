import type { NetworkCapabilities } from "../../../../networks/capabilities-schema.js";
import type { VideoRecipe } from "../../../../infra/media-transforms/types.js";

/**
 * The video a network gets with autoFix: always H.264 (8-bit 4:2:0) and AAC in MP4, because the
 * upload's codec and metadata are not read (a phone's 10-bit HEVC clip with its GPS position
 * passes the upload's checks) and this one form plays on every network. Scaled within 1080p,
 * at a bitrate that keeps the clip under the network's byte limit, cut to its longest length
 * only when the caller asked (`autoFix: { trim: true }`).
 */

export interface VideoFacts {
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  durationSeconds: number | null;
}

export interface VideoPlan {
  kind: "video";
  recipe: VideoRecipe;
  /** The variant's facts as the checks see them before it exists. */
  facts: { width: number; height: number; bytes: number; durationSeconds: number | null };
  steps: string[];
  describe: string;
}

/** Every network takes 1080p; more only costs bytes and upload time. */
const LONG_SIDE = 1920;
const SHORT_SIDE = 1080;
/** YouTube's recommendation for 1080p at 30 frames a second, and within every other network's. */
const DEFAULT_VIDEO_KBPS = 8000;
const AUDIO_KBPS = 128;
const MIN_VIDEO_KBPS = 300;
/** Bitrate control is not exact: aim this far under a byte limit. */
const BYTE_HEADROOM = 0.9;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

export function planVideo(facts: VideoFacts, media: NetworkCapabilities["media"], settings: { trim: boolean }): VideoPlan {
  const steps = ["transcode"];
  const words = ["transcode to H.264/AAC MP4"];
  const landscape = facts.width >= facts.height;
  const scale = Math.min(1, (landscape ? LONG_SIDE : SHORT_SIDE) / facts.width, (landscape ? SHORT_SIDE : LONG_SIDE) / facts.height);
  const width = even(facts.width * scale);
  const height = even(facts.height * scale);
  if (scale < 1) {
    steps.push("resize");
    words.push(`resize to ${width}x${height}`);
  }
  const tooLong = media.maxVideoSeconds !== null && facts.durationSeconds !== null && facts.durationSeconds > media.maxVideoSeconds;
  const trimSeconds = tooLong && settings.trim ? media.maxVideoSeconds : null;
  if (trimSeconds !== null) {
    steps.push("trim");
    words.push(`trim to the first ${trimSeconds} s`);
  }
  const durationSeconds = trimSeconds ?? facts.durationSeconds;
  let videoKbps = DEFAULT_VIDEO_KBPS;
  if (media.maxVideoBytes !== null && durationSeconds) {
    const fits = Math.floor((media.maxVideoBytes * 8 * BYTE_HEADROOM) / durationSeconds / 1000) - AUDIO_KBPS;
    videoKbps = Math.max(MIN_VIDEO_KBPS, Math.min(videoKbps, fits));
  }
  words.push(`at most ${videoKbps} kbit/s`, "strip metadata (location)");
  // The bytes a constrained bitrate gives at most; without a duration the upload's size stands in.
  const bytes = durationSeconds ? Math.ceil(((videoKbps + AUDIO_KBPS) * 1000 * durationSeconds) / 8) : facts.bytes;
  return {
    kind: "video",
    recipe: { maxWidth: width, maxHeight: height, videoKbps, trimSeconds },
    facts: { width, height, bytes, durationSeconds },
    steps,
    describe: words.join(", "),
  };
}

export function videoRecipeKey(recipe: VideoRecipe): string {
  return `video:mp4:${recipe.maxWidth}x${recipe.maxHeight}:${recipe.videoKbps}k:trim${recipe.trimSeconds ?? "none"}`;
}
