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
  }),
]);

export const autoFixFields = {
  autoFix: v.pipe(
    v.optional(AutoFixSetting),
    v.description(
      "Derive from each upload the variant each network needs instead of refusing the target: images converted (WebP to JPEG or PNG where the network takes neither), cropped (`fill`) or padded (`fit`) to its aspect ratio, resized within its pixel bounds and compressed under its byte limit, with the EXIF orientation applied and all metadata (GPS location included) stripped. Videos are transcoded to H.264/AAC MP4 (8-bit 4:2:0, within 1080p, at a bitrate under the network's byte limit, metadata stripped; cut to the network's length only with `trim: true`). `true`, or an object that also chooses `crop`, `focalPoint` and `trim`. A target's own `platformOptions.<network>.autoFix` (same shape, or `false`) wins. Without it, `POST /v1/posts/validate` names the transform that would cure each refusal in `fix`. Variants are made once per upload and recipe, stored, and reused by later posts. Images on Node with sharp, video on Node with FFmpeg; on Workers, or where sharp or FFmpeg is missing, a target that needs a variant of that kind is refused with `transform_unavailable` (docs/media-transforms.md).",
    ),
  ),
};
