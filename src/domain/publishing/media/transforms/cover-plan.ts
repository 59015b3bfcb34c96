import type { FrameRecipe } from "../../../../infra/media-transforms/types.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import type { PendingTransform, PlannedMedia } from "./auto-fix.js";

/**
 * `autoFix: { coverAt }`: the caller picks a video's cover by time, once for every network.
 * Networks that take a time get it in their own option; YouTube, which takes a cover image
 * (thumbnails.set), gets the frame extracted by FFmpeg as the `thumbnail` attachment; the rest
 * take no cover through their APIs and refuse. A cover the caller set with the network's own
 * option wins: nothing is changed then.
 */

interface CoverIssue {
  code: string;
  param: string;
  message: string;
  fix: string;
}

/** Networks whose API takes the cover as a time, the option that carries it, and the options by which a caller sets a cover themselves. */
const BY_TIME: Partial<
  Record<PlatformId, { option: string; own: string[]; unitMs: number; only?: { when: (options: Readonly<Record<string, unknown>>, media: readonly PublishMedia[]) => boolean; why: string } }>
> = {
  // thumb_offset exists on reels only: a story or a carousel's video gets no cover.
  instagram: {
    option: "thumbOffset",
    own: ["thumbOffset", "coverUrl"],
    unitMs: 1,
    only: { when: (options, media) => options.postType !== "story" && media.length === 1, why: "Instagram takes a cover time for reels only, not for a story or a carousel's video" },
  },
  tiktok: { option: "videoCoverTimestampMs", own: ["videoCoverTimestampMs"], unitMs: 1 },
  // cover_image_key_frame_time is a whole number of seconds.
  pinterest: { option: "coverImageKeyFrameTime", own: ["coverImageUrl", "coverImageKeyFrameTime"], unitMs: 1000 },
};

/** Networks whose API takes a cover image: the attachment the adapter sends and that image's limits. */
const BY_IMAGE: Partial<Record<PlatformId, { attachment: string; maxWidth: number; maxHeight: number; maxBytes: number }>> = {
  // thumbnails.set: JPEG or PNG up to 2 MB; 1280x720 is YouTube's recommended size.
  youtube: { attachment: "thumbnail", maxWidth: 1280, maxHeight: 720, maxBytes: 2 * 1024 * 1024 },
};

export const frameRecipeKey = (r: FrameRecipe) => `frame:jpeg:${r.atMs}ms:${r.maxWidth}x${r.maxHeight}:max${r.maxBytes}`;

export interface CoverPlanInput {
  platform: PlatformId;
  atMs: number;
  /** Where the caller set it: `autoFix.coverAt` or `platformOptions.<network>.autoFix.coverAt`. */
  param: string;
  media: readonly PublishMedia[];
  options: Readonly<Record<string, unknown>>;
  attachments: Readonly<Record<string, PublishMedia>>;
  /** Why video transforms are off on this server, or null when FFmpeg runs. */
  videoOff: string | null;
}

export interface CoverPlan {
  options: Record<string, unknown>;
  attachments: Record<string, PublishMedia>;
  errors: CoverIssue[];
  warnings: CoverIssue[];
}

export function planCover({ platform, atMs, param, media, options, attachments, videoOff }: CoverPlanInput): CoverPlan {
  const plan: CoverPlan = { options: { ...options }, attachments: { ...attachments }, errors: [], warnings: [] };
  const video = media.find((m) => m.kind === "video");
  // A target without a video has no cover to choose: a post-wide coverAt does not concern it.
  if (!video) return plan;
  const source = (video as PlannedMedia).pendingTransform?.source ?? video;
  if (source.durationSeconds !== null && atMs > source.durationSeconds * 1000) {
    const last = Math.floor(source.durationSeconds * 1000);
    plan.errors.push({
      code: "video_cover_out_of_range",
      param,
      message: `The cover is asked for at ${atMs} ms, but ${source.id} lasts ${last} ms.`,
      fix: `Choose a time from 0 to ${last} ms.`,
    });
    return plan;
  }
  const byTime = BY_TIME[platform];
  if (byTime?.only && !byTime.only.when(options, media)) {
    plan.errors.push({
      code: "video_cover_unsupported",
      param,
      message: `${byTime.only.why}.`,
      fix: `Leave \`coverAt\` out for ${platform}: set \`platformOptions.${platform}.autoFix\` to \`true\` (or to an object without \`coverAt\`).`,
    });
    return plan;
  }
  if (byTime) {
    if (byTime.own.some((name) => options[name] !== undefined)) return plan;
    const value = Math.round(atMs / byTime.unitMs);
    plan.options[byTime.option] = value;
    if (value * byTime.unitMs !== atMs) {
      plan.warnings.push({
        code: "video_cover_rounded",
        param,
        message: `${platform} takes the cover time in whole seconds: the frame at ${value} s is sent as \`${byTime.option}\` instead of ${atMs} ms.`,
        fix: `Choose a whole second (a multiple of 1000 ms) to have exactly that frame.`,
      });
    }
    return plan;
  }
  const byImage = BY_IMAGE[platform];
  if (byImage) {
    if (options[byImage.attachment] !== undefined) return plan;
    if (videoOff) {
      plan.errors.push({
        code: "transform_unavailable",
        param,
        message: `${platform} takes a cover image, which Chorus would extract from ${source.id} at ${atMs} ms, but ${videoOff}.`,
        fix: `Upload the cover as an image and name it in \`platformOptions.${platform}.${byImage.attachment}\`, or run Chorus on Node with FFmpeg (docs/media-transforms.md).`,
      });
      return plan;
    }
    const recipe: FrameRecipe = { atMs, maxWidth: byImage.maxWidth, maxHeight: byImage.maxHeight, maxBytes: byImage.maxBytes };
    const scale = Math.min(1, byImage.maxWidth / (source.width ?? byImage.maxWidth), byImage.maxHeight / (source.height ?? byImage.maxHeight));
    const pending: PendingTransform = { source, plan: { kind: "frame", recipe, describe: `extract the frame at ${atMs} ms as a JPEG cover` }, key: frameRecipeKey(recipe) };
    const cover: PlannedMedia = {
      ...source,
      kind: "image",
      mimeType: "image/jpeg",
      width: source.width === null ? null : Math.max(2, Math.round(source.width * scale)),
      height: source.height === null ? null : Math.max(2, Math.round(source.height * scale)),
      bytes: byImage.maxBytes,
      durationSeconds: null,
      pendingTransform: pending,
    };
    plan.attachments[byImage.attachment] = cover;
    return plan;
  }
  plan.errors.push({
    code: "video_cover_unsupported",
    param,
    message: `${platform} takes no cover for a video through its API; it picks the cover itself.`,
    fix: `Leave \`coverAt\` out for ${platform}: set \`platformOptions.${platform}.autoFix\` to \`true\` (or to an object without \`coverAt\`), or post this video to ${platform} separately.`,
  });
  return plan;
}
