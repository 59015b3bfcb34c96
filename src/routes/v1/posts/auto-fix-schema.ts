import * as v from "valibot";

const Fraction = v.pipe(v.number(), v.minValue(0), v.maxValue(1));

/** `autoFix` on POST /v1/posts and /v1/posts/validate (and, same shape, `platformOptions.<network>.autoFix`). */
export const AutoFixSetting = v.union([
  v.boolean(),
  v.strictObject({
    crop: v.pipe(
      v.optional(v.picklist(["fit", "fill"])),
      v.description("`fill` (default) crops the picture to the network's ratio around `focalPoint`; `fit` keeps all of it and pads (white for JPEG, transparent for PNG)."),
    ),
    focalPoint: v.pipe(
      v.optional(v.strictObject({ x: Fraction, y: Fraction })),
      v.description("Where a `fill` crop centres, as fractions of the picture as shown (0,0 top left, 1,1 bottom right); default the centre."),
    ),
    trim: v.pipe(
      v.optional(v.boolean()),
      v.description("Video: cut a clip longer than the network takes to its first N seconds (its `maxVideoSeconds`). Default false: a clip too long is refused, never cut unasked."),
    ),
    coverAt: v.pipe(
      v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      v.description(
        "Video: the cover is the frame this many milliseconds in. Sent natively where the network takes a time (Instagram reels `thumb_offset`, TikTok `video_cover_timestamp_ms`, Pinterest `cover_image_key_frame_time`, rounded to the second with the warning `video_cover_rounded`); on YouTube, which takes a cover image, Chorus extracts the frame with FFmpeg (a JPEG within 1280x720 and 2 MB) and sets it as the custom thumbnail (thumbnails.set). Facebook, X, Threads, LinkedIn, Bluesky and Google Business take no cover through their APIs: a video target there is refused with `video_cover_unsupported` (set that target's own `platformOptions.<network>.autoFix` without `coverAt`). A time past the video's end is `video_cover_out_of_range`. A cover the caller sets with the network's own option (`thumbOffset`, `coverUrl`, `videoCoverTimestampMs`, `coverImageUrl`, `coverImageKeyFrameTime`, `thumbnail`) wins.",
      ),
    ),
  }),
]);

export const autoFixFields = {
  autoFix: v.pipe(
    v.optional(AutoFixSetting),
    v.description(
      "Derive from each upload the variant each network needs instead of refusing the target: images converted (HEIC and WebP to JPEG or PNG where the network takes neither), cropped (`fill`) or padded (`fit`) to its aspect ratio, resized within its pixel bounds and compressed under its byte limit, with the EXIF orientation applied and all metadata (GPS location included) stripped. Videos are transcoded to H.264/AAC MP4 (8-bit 4:2:0, within 1080p, at a bitrate under the network's byte limit, metadata stripped; cut to the network's length only with `trim: true`). `true`, or an object that also chooses `crop`, `focalPoint` and `trim`. A target's own `platformOptions.<network>.autoFix` (same shape, or `false`) wins. Without it, `POST /v1/posts/validate` names the transform that would cure each refusal in `fix`. Variants are made once per upload and recipe, stored, and reused by later posts. Images on Node with sharp, video on Node with FFmpeg; on Workers, or where sharp or FFmpeg is missing, a target that needs a variant of that kind is refused with `transform_unavailable` (docs/media-transforms.md).",
    ),
  ),
};
