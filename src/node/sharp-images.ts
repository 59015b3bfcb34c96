import type sharpDefault from "sharp";
import type { ImageInspection, ImageRecipe, ImageTransformer, TransformedFile } from "../infra/media-transforms/types.js";
import { TransformInputError } from "../infra/media-transforms/types.js";
import { decodeHeic, heicFacts, isHeic } from "./heic-pixels.js";
import { encodeForCaps, type RawPicture } from "./jpeg-fit.js";
import { stripJpegMetadata } from "./jpeg-strip.js";

type Sharp = typeof sharpDefault;

/** The same ceiling uploads use (media-formats.ts MEDIA_PIXEL_LIMITS.total): sharp refuses to decode more, so a pixel bomb never reaches memory. */
const PIXEL_CEILING = 36_152_320;
/** Pictures encoded at once: libjpeg encodes on one thread, so two keep both cores of a small server busy without doubling memory again. */
const PARALLEL_ENCODES = 2;

/**
 * Images through sharp (libvips). A JPEG that already fits a recipe (same size, upright, under
 * the cap) keeps its compressed pixels and only loses its metadata segments. Everything else is
 * decoded once, turned by the EXIF orientation; each distinct geometry (size, crop, focal point)
 * is cut and resized once from that, then encoded for all the byte caps that share it
 * (jpeg-fit.ts). sharp writes no metadata unless asked, so EXIF (GPS location, camera serial),
 * XMP and IPTC never reach a network. HEIC, which libvips cannot decode here, is decoded to
 * pixels by heic-pixels.ts and goes the same way from there.
 */
export function sharpImages(sharp: Sharp): ImageTransformer {
  const open = (input: Uint8Array) => sharp(input, { limitInputPixels: PIXEL_CEILING, failOn: "error" });
  return {
    name: "sharp (libvips) on this Node server",
    // Every image type an upload can have: libvips reads the first four, heic-pixels.ts decodes HEIC.
    reads: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/heic"],
    unreadableFix: "Convert the file to JPEG or PNG before uploading it.",
    inspect: (input) =>
      guarded(async (): Promise<ImageInspection> => {
        if (isHeic(input)) {
          const facts = await heicFacts(input);
          // The decode turns the picture by `irot`; the size above is already the one shown.
          return { width: facts.width, height: facts.height, rotated: false, hasMetadata: facts.hasExif, hasAlpha: false };
        }
        const meta = await open(input).metadata();
        if (!meta.width || !meta.height) throw new Error("the image has no dimensions");
        const turned = (meta.orientation ?? 1) >= 5;
        return {
          width: turned ? meta.height : meta.width,
          height: turned ? meta.width : meta.height,
          rotated: (meta.orientation ?? 1) > 1,
          hasMetadata: Boolean(meta.exif || meta.xmp || meta.iptc),
          hasAlpha: meta.hasAlpha === true,
        };
      }),
    transform: (input, recipes) =>
      guarded(async () => {
        if (isHeic(input)) {
          const decoded = await decodeHeic(input, PIXEL_CEILING);
          return shapeAndEncode(sharp, decoded, recipes, [...groupByGeometry(recipes).values()]);
        }
        const meta = await open(input).metadata();
        if (!meta.width || !meta.height) throw new Error("the image has no dimensions");
        const out: (TransformedFile | undefined)[] = recipes.map(() => undefined);
        const upright = (meta.orientation ?? 1) === 1;
        let stripped: Uint8Array | null | undefined;
        const geometries = new Map<string, number[]>();
        for (const [i, recipe] of recipes.entries()) {
          if (meta.format === "jpeg" && meta.space !== "cmyk" && recipe.format === "jpeg" && upright && recipe.width === meta.width && recipe.height === meta.height) {
            stripped ??= stripJpegMetadata(input);
            if (stripped && (recipe.maxBytes === null || stripped.byteLength <= recipe.maxBytes)) {
              out[i] = { bytes: stripped, mimeType: "image/jpeg", width: recipe.width, height: recipe.height };
              continue;
            }
          }
          geometries.set(geometryKey(recipe), [...(geometries.get(geometryKey(recipe)) ?? []), i]);
        }
        if (geometries.size === 0 && stripped) {
          // Nothing else decodes the file: a scaled-down read (JPEG shrink-on-load, every block's
          // entropy data parsed, little else) catches a corrupt scan before a network does.
          await open(stripped)
            .resize({ width: Math.max(1, Math.min(64, meta.width)) })
            .toBuffer();
        }
        if (geometries.size > 0) {
          const { data, info } = await open(input).rotate().raw().toBuffer({ resolveWithObject: true });
          const decoded: RawPicture = { data, width: info.width, height: info.height, channels: info.channels };
          const made = await shapeAndEncode(sharp, decoded, recipes, [...geometries.values()]);
          for (const indexes of geometries.values()) for (const i of indexes) out[i] = made[i];
        }
        return out.map((file) => {
          if (!file) throw new Error("a recipe was left without a file");
          return file;
        });
      }),
  };
}

const geometryKey = (recipe: ImageRecipe) => `${recipe.format} ${recipe.width}x${recipe.height} ${recipe.crop} ${recipe.crop === "fill" ? `${recipe.focal.x},${recipe.focal.y}` : ""}`;

function groupByGeometry(recipes: readonly ImageRecipe[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const [i, recipe] of recipes.entries()) groups.set(geometryKey(recipe), [...(groups.get(geometryKey(recipe)) ?? []), i]);
  return groups;
}

/** Each group of recipes (one geometry, several byte caps) cut once from the decoded picture and encoded for its caps; two groups at a time. */
async function shapeAndEncode(sharp: Sharp, decoded: RawPicture, recipes: readonly ImageRecipe[], groups: readonly number[][]): Promise<TransformedFile[]> {
  const out: TransformedFile[] = [];
  await inTurns(groups, PARALLEL_ENCODES, async (indexes) => {
    const first = recipes[indexes[0] ?? 0];
    if (!first) return;
    const picture = await shape(sharp, decoded, first);
    const files = await encodeForCaps(
      sharp,
      picture,
      first.format,
      indexes.map((i) => recipes[i]?.maxBytes ?? null),
    );
    for (const [n, i] of indexes.entries()) {
      const file = files[n];
      if (!file) throw new Error(`it cannot be compressed below ${recipes[i]?.maxBytes} bytes`);
      out[i] = { bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), mimeType: `image/${first.format}`, width: file.width, height: file.height };
    }
  });
  return out;
}

/** The recipe's geometry cut from the decoded picture: cropped around the focal point (`fill`) or padded (`fit`), at its exact size. */
async function shape(sharp: Sharp, source: RawPicture, recipe: ImageRecipe): Promise<RawPicture> {
  const raw = { raw: { width: source.width, height: source.height, channels: source.channels } };
  let image = sharp(source.data, raw);
  if (recipe.crop === "fill") {
    const box = cropBox(source.width, source.height, recipe.width / recipe.height, recipe.focal);
    const whole = box.width === source.width && box.height === source.height;
    if (whole && recipe.width === source.width && recipe.height === source.height) return source;
    if (!whole) image = image.extract(box);
    image = image.resize(recipe.width, recipe.height, { fit: "fill" });
  } else {
    if (recipe.width === source.width && recipe.height === source.height) return source;
    const background = recipe.format === "png" ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
    image = image.resize(recipe.width, recipe.height, { fit: "contain", background });
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Runs `work` over `items`, at most `parallel` at a time; the first failure is thrown once all have settled. */
async function inTurns<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  const settled = await Promise.allSettled(lanes);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new TransformInputError(error instanceof Error ? error.message : String(error));
  }
}

/** The largest box of `ratio` inside width x height, centred on the focal point as far as the edges allow. */
export function cropBox(width: number, height: number, ratio: number, focal: { x: number; y: number }) {
  let w = width;
  let h = Math.round(width / ratio);
  if (h > height) {
    h = height;
    w = Math.min(width, Math.round(height * ratio));
  }
  const left = Math.round(Math.min(Math.max(focal.x * width - w / 2, 0), width - w));
  const top = Math.round(Math.min(Math.max(focal.y * height - h / 2, 0), height - h));
  return { left, top, width: w, height: h };
}
