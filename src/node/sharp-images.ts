import type sharpDefault from "sharp";
import type { ImageInspection, ImageRecipe, ImageTransformer, TransformedFile } from "../infra/media-transforms/types.js";
import { TransformInputError } from "../infra/media-transforms/types.js";

type Sharp = typeof sharpDefault;
interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The same ceiling uploads use (media-formats.ts MEDIA_PIXEL_LIMITS.total): sharp refuses to decode more, so a pixel bomb never reaches memory. */
const PIXEL_CEILING = 36_152_320;
/** JPEG qualities tried in turn until the file fits the network's byte cap; past them the picture shrinks. */
const QUALITIES = [86, 78, 68, 58];
const SHRINK_STEPS = 6;

/**
 * Images through sharp (libvips): decode once under the pixel ceiling, turned by the EXIF
 * orientation, then per recipe crop around the focal point (or pad), resize and encode. sharp
 * writes no metadata unless asked, so EXIF (GPS location, camera serial), XMP and IPTC never
 * reach a network.
 */
export function sharpImages(sharp: Sharp): ImageTransformer {
  const open = (input: Uint8Array) => sharp(input, { limitInputPixels: PIXEL_CEILING, failOn: "error" });
  return {
    inspect: (input) =>
      guarded(async (): Promise<ImageInspection> => {
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
        const { data, info } = await open(input).rotate().raw().toBuffer({ resolveWithObject: true });
        const decoded: Decoded = { data, width: info.width, height: info.height, channels: info.channels };
        const out: TransformedFile[] = [];
        for (const recipe of recipes) out.push(await encode(sharp, decoded, recipe));
        return out;
      }),
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new TransformInputError(error instanceof Error ? error.message : String(error));
  }
}

async function encode(sharp: Sharp, source: Decoded, recipe: ImageRecipe): Promise<TransformedFile> {
  const raw = { raw: { width: source.width, height: source.height, channels: source.channels } };
  for (let attempt = 0; attempt < QUALITIES.length + SHRINK_STEPS; attempt++) {
    const quality = QUALITIES[Math.min(attempt, QUALITIES.length - 1)] ?? 58;
    const shrink = attempt < QUALITIES.length ? 1 : 0.85 ** (attempt - QUALITIES.length + 1);
    const width = Math.max(1, Math.round(recipe.width * shrink));
    const height = Math.max(1, Math.round(recipe.height * shrink));
    let image = sharp(source.data, raw);
    if (recipe.crop === "fill") {
      image = image.extract(cropBox(source.width, source.height, recipe.width / recipe.height, recipe.focal)).resize(width, height, { fit: "fill" });
    } else {
      const background = recipe.format === "png" ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
      image = image.resize(width, height, { fit: "contain", background });
    }
    const bytes = recipe.format === "png" ? await image.png({ compressionLevel: 6 }).toBuffer() : await image.flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();
    if (recipe.maxBytes === null || bytes.byteLength <= recipe.maxBytes) {
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType: `image/${recipe.format}`, width, height };
    }
  }
  throw new Error(`it cannot be compressed below ${recipe.maxBytes} bytes`);
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
