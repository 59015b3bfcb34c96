import { imageHeaderFacts } from "./image-headers.js";
import { type ImageInspection, type ImageRecipe, type ImageTransformer, TransformInputError, type TransformedFile, TransformUnsupportedError } from "./types.js";

/*
 * The part of Cloudflare's Images binding (wrangler.toml `[images]`) this engine uses, typed
 * here so that src/ needs no @cloudflare/workers-types; the Worker's IMAGES binding satisfies it.
 */
interface ImagesTransform {
  width: number;
  height: number;
  fit: "cover" | "pad";
  gravity?: { x: number; y: number; mode: "box-center" };
  background?: string;
}
interface ImagesOutput {
  format: "image/jpeg" | "image/png";
  quality?: number;
  anim?: boolean;
}
interface ImagesPipeline {
  transform(transform: ImagesTransform): ImagesPipeline;
  output(options: ImagesOutput): Promise<{ response(): Response }>;
}
export interface ImagesBinding {
  info(stream: ReadableStream<Uint8Array>): Promise<{ format: string; width?: number; height?: number }>;
  input(stream: ReadableStream<Uint8Array>): ImagesPipeline;
}

/** The same JPEG qualities the sharp engine tries, best first, before the picture shrinks. */
const QUALITIES = [86, 78, 68, 58];
/** Each shrink after the lowest quality keeps this share of each side; a cap still missed after these is `transform_failed`. */
const SHRINK = 0.85;
const SHRINKS = 6;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TransformInputError) throw error;
    throw new TransformInputError(error instanceof Error ? error.message : String(error));
  }
}

/** What a caller can do with a format the binding does not read (HEIC, the one upload format outside its list). */
const UNREADABLE_FIX =
  "Convert the photo to JPEG before uploading it (on an iPhone: Settings > Camera > Formats > Most Compatible, or share it as JPEG), or run Chorus on Node, which decodes HEIC (docs/media-transforms.md).";

const NAME = "Cloudflare's Images binding, which transforms images on Workers";

/**
 * The upload formats the binding is given. Cloudflare lists JPEG, PNG, GIF, WebP and SVG as its
 * transformations' inputs; HEIC has been added to that list since (changelog of 2025-07-08), but
 * the same page still says HEIC is not supported, and miniflare's local binding (sharp without
 * an HEVC decoder) cannot read it, so nothing here could show that it works: HEIC stays out.
 */
export const IMAGES_BINDING_READS = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** The header-read formats as upload MIME types; "other" is left to the binding to refuse. */
const headerMime: Record<string, string | undefined> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", heic: "image/heic" };

/**
 * Images through Cloudflare's Images binding (the Worker). One binding call per recipe and
 * quality: the input is streamed from the bytes each time (the binding holds no decoded picture
 * between calls). `fill` is `fit: cover` centred on the focal point (`gravity` box-center), `fit`
 * is `fit: pad` on white (transparent for PNG). Chorus relies on the binding applying the EXIF
 * orientation and leaving location metadata out of its output; Cloudflare documents that its
 * transformations preserve JPEG metadata as their `metadata` option says, and nothing here has
 * run against Cloudflare, so this is a deployer's check (docs/media-transforms.md). The headers
 * are read here for what `inspect` must tell (its `info` gives the stored size only).
 * It reads the formats in IMAGES_BINDING_READS; HEIC is refused (see there).
 */
export function cloudflareImages(binding: ImagesBinding): ImageTransformer {
  const reads: readonly string[] = IMAGES_BINDING_READS;
  // The same list the domain plans with: a file that reached here anyway is refused the same way.
  const refuseUnread = (input: Uint8Array) => {
    const format = imageHeaderFacts(input).format;
    const mime = headerMime[format];
    if (mime && !reads.includes(mime)) throw new TransformUnsupportedError(`${NAME} does not read ${format.toUpperCase()}`, UNREADABLE_FIX);
  };
  const sizeOf = async (bytes: Uint8Array) => {
    const info = await binding.info(streamOf(bytes));
    if (!info.width || !info.height) throw new TransformInputError(`the image (${info.format}) has no pixel size`);
    return { width: info.width, height: info.height };
  };
  const render = async (input: Uint8Array, recipe: ImageRecipe, width: number, height: number, quality: number | undefined) => {
    const transform: ImagesTransform =
      recipe.crop === "fill"
        ? { width, height, fit: "cover", gravity: { x: recipe.focal.x, y: recipe.focal.y, mode: "box-center" } }
        : { width, height, fit: "pad", background: recipe.format === "png" ? "rgba(0,0,0,0)" : "#ffffff" };
    const output: ImagesOutput = recipe.format === "png" ? { format: "image/png", anim: false } : { format: "image/jpeg", quality: quality ?? QUALITIES[0], anim: false };
    const result = await binding.input(streamOf(input)).transform(transform).output(output);
    return new Uint8Array(await result.response().arrayBuffer());
  };
  const one = async (input: Uint8Array, recipe: ImageRecipe): Promise<TransformedFile> => {
    const attempts: { width: number; height: number; quality?: number }[] =
      recipe.format === "png" ? [{ width: recipe.width, height: recipe.height }] : QUALITIES.map((quality) => ({ width: recipe.width, height: recipe.height, quality }));
    for (let i = 1; i <= SHRINKS; i++) {
      const scale = SHRINK ** i;
      attempts.push({
        width: Math.max(1, Math.round(recipe.width * scale)),
        height: Math.max(1, Math.round(recipe.height * scale)),
        ...(recipe.format === "jpeg" ? { quality: QUALITIES.at(-1) } : {}),
      });
    }
    for (const attempt of attempts) {
      const bytes = await render(input, recipe, attempt.width, attempt.height, attempt.quality);
      if (recipe.maxBytes === null || bytes.byteLength <= recipe.maxBytes) {
        // The size as encoded, not as asked: what the network is told is what it gets.
        const size = await sizeOf(bytes);
        return { bytes, mimeType: `image/${recipe.format}`, ...size };
      }
    }
    throw new TransformInputError(`it cannot be compressed below ${recipe.maxBytes} bytes`);
  };
  return {
    name: NAME,
    reads,
    unreadableFix: UNREADABLE_FIX,
    inspect: (input) =>
      guarded(async (): Promise<ImageInspection> => {
        refuseUnread(input);
        const facts = imageHeaderFacts(input);
        const stored = await sizeOf(input);
        const turned = facts.orientation >= 5;
        return {
          width: turned ? stored.height : stored.width,
          height: turned ? stored.width : stored.height,
          rotated: facts.orientation > 1,
          hasMetadata: facts.hasMetadata,
          hasAlpha: facts.hasAlpha,
        };
      }),
    transform: (input, recipes) =>
      guarded(async () => {
        refuseUnread(input);
        const out: TransformedFile[] = [];
        // One at a time: each call streams the whole input to the binding again.
        for (const recipe of recipes) out.push(await one(input, recipe));
        return out;
      }),
  };
}
