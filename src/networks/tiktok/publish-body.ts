import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { tiktokPublishUrls } from "./capabilities.js";
import type { CreatorInfo } from "./creator-info.js";

/**
 * The bodies of TikTok's init calls, built from the post and `platformOptions.tiktok` after the
 * checks TikTok's content-sharing guidelines leave to the app: video/init (Direct Post video),
 * content/init (photos, DIRECT_POST or MEDIA_UPLOAD) and inbox/video/init (video drafts).
 */

/** `platformOptions.tiktok`, as capabilities.options documents it. */
export const TiktokOptions = v.object({
  privacyLevel: v.optional(v.string()),
  title: v.optional(v.string()),
  disableComment: v.optional(v.boolean()),
  disableDuet: v.optional(v.boolean()),
  disableStitch: v.optional(v.boolean()),
  videoCoverTimestampMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  photoCoverIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  autoAddMusic: v.optional(v.boolean()),
  brandContentToggle: v.optional(v.boolean()),
  brandOrganicToggle: v.optional(v.boolean()),
  isAigc: v.optional(v.boolean()),
  postMode: v.optional(v.picklist(["DIRECT_POST", "MEDIA_UPLOAD"])),
});
export type Options = v.InferOutput<typeof TiktokOptions>;
/** One video, or photos. */
export type PostMedia = { video: PublishMedia } | { photos: PublishMedia[] };

export function readOptions(raw: Record<string, unknown>): Options {
  const parsed = v.safeParse(TiktokOptions, raw);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.path?.[0]?.key;
  throw new ApiError("option_invalid", {
    platform: "tiktok",
    param: `platformOptions.tiktok${typeof key === "string" ? `.${key}` : ""}`,
    message: `tiktok: ${parsed.issues[0]?.message ?? "invalid option"}`,
  });
}

/** One video, or 1 to 35 photos; never both. */
export function splitMedia(media: PublishMedia[]): PostMedia {
  if (media.length === 0) throw new ApiError("media_required", { platform: "tiktok", param: "media" });
  const videos = media.filter((m) => m.kind === "video");
  const [video] = videos;
  if (video && media.length === 1) return { video };
  if (videos.length > 0) throw new ApiError("video_not_supported", { platform: "tiktok", param: "media", message: "tiktok: a post is one video, or photos only." });
  return { photos: media };
}

/** A caption of only whitespace (media-only posts send a space) is no caption. */
const caption = (text: string): string | undefined => (text.trim() === "" ? undefined : text);

/**
 * The choices TikTok's content-sharing guidelines leave to the person, checked against the live
 * creator info before TikTok sees them: the privacy level must be one offered to this account
 * (no default), a paid partnership cannot be private, and the video must fit the account's cap.
 */
export function directPostChoices(options: Options, creator: CreatorInfo, video: PublishMedia | null): string {
  const privacy = options.privacyLevel;
  if (!privacy || !creator.privacy_level_options.includes(privacy)) {
    throw new ApiError("clip_privacy_level", {
      platform: "tiktok",
      param: "platformOptions.tiktok.privacyLevel",
      message: `tiktok: ${privacy ? `privacy level ${privacy} is not offered to this account` : "choose a privacy level"}; this account offers ${creator.privacy_level_options.join(", ")}.`,
    });
  }
  if (options.brandContentToggle === true && privacy === "SELF_ONLY") {
    throw new ApiError("branded_content_private", { platform: "tiktok", param: "platformOptions.tiktok.privacyLevel" });
  }
  const limit = creator.max_video_post_duration_sec;
  if (video?.durationSeconds != null && video.durationSeconds > limit) {
    throw new ApiError("platform_rejected", {
      platform: "tiktok",
      param: "media",
      message: `tiktok: the video lasts ${Math.ceil(video.durationSeconds)} s; this account may post at most ${limit} s.`,
      fix: `Trim the video to ${limit} seconds or less (maxVideoPostDurationSec in GET /v1/social-accounts/{id}/publish-info).`,
    });
  }
  return privacy;
}

function photoCoverIndex(options: Options, photos: PublishMedia[]): number {
  const index = options.photoCoverIndex ?? 0;
  if (index >= photos.length) {
    throw new ApiError("option_invalid", {
      platform: "tiktok",
      param: "platformOptions.tiktok.photoCoverIndex",
      message: `tiktok: photoCoverIndex ${index} is past the last of ${photos.length} photos.`,
    });
  }
  return index;
}

export function directBody(request: PublishRequest, options: Options, creator: CreatorInfo, privacy: string, media: PostMedia) {
  // Interactions the creator switched off stay off whatever the post asks.
  const disableComment = creator.comment_disabled || options.disableComment === true;
  const brand = { brand_content_toggle: options.brandContentToggle ?? false, brand_organic_toggle: options.brandOrganicToggle ?? false };
  if ("video" in media) {
    return {
      url: tiktokPublishUrls.videoInit,
      body: {
        post_info: {
          privacy_level: privacy,
          title: caption(request.text),
          disable_comment: disableComment,
          disable_duet: creator.duet_disabled || options.disableDuet === true,
          disable_stitch: creator.stitch_disabled || options.disableStitch === true,
          video_cover_timestamp_ms: options.videoCoverTimestampMs,
          is_aigc: options.isAigc,
          ...brand,
        },
        source_info: { source: "PULL_FROM_URL", video_url: media.video.url },
      },
    };
  }
  return {
    url: tiktokPublishUrls.contentInit,
    body: {
      media_type: "PHOTO",
      post_mode: "DIRECT_POST",
      post_info: {
        title: options.title,
        description: caption(request.text),
        privacy_level: privacy,
        disable_comment: disableComment,
        auto_add_music: options.autoAddMusic,
        ...brand,
      },
      source_info: { source: "PULL_FROM_URL", photo_images: media.photos.map((p) => p.url), photo_cover_index: photoCoverIndex(options, media.photos) },
    },
  };
}

/** Drafts in the creator's inbox: a video takes only its source; photos also take title and description. */
export function inboxBody(request: PublishRequest, options: Options, media: PostMedia) {
  if ("video" in media) return { url: tiktokPublishUrls.inboxVideoInit, body: { source_info: { source: "PULL_FROM_URL", video_url: media.video.url } } };
  return {
    url: tiktokPublishUrls.contentInit,
    body: {
      media_type: "PHOTO",
      post_mode: "MEDIA_UPLOAD",
      post_info: { title: options.title, description: caption(request.text) },
      source_info: { source: "PULL_FROM_URL", photo_images: media.photos.map((p) => p.url), photo_cover_index: photoCoverIndex(options, media.photos) },
    },
  };
}
