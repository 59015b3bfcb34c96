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
  }),
]);

export const autoFixFields = {
  autoFix: v.pipe(
    v.optional(AutoFixSetting),
    v.description(
      "Derive from each upload the variant each network needs instead of refusing the target: images converted (WebP to JPEG or PNG where the network takes neither), cropped (`fill`) or padded (`fit`) to its aspect ratio, resized within its pixel bounds and compressed under its byte limit, with the EXIF orientation applied and all metadata (GPS location included) stripped. `true`, or an object that also chooses `crop` and `focalPoint`. A target's own `platformOptions.<network>.autoFix` (same shape, or `false`) wins. Without it, `POST /v1/posts/validate` names the transform that would cure each refusal in `fix`. Variants are made once per upload and recipe, stored, and reused by later posts. Images only, on Node with sharp; on Workers, or where sharp did not load, a target that needs a variant is refused with `transform_unavailable` (docs/media-transforms.md).",
    ),
  ),
};
