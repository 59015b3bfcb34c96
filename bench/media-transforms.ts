import { availableParallelism, loadavg } from "node:os";
import sharp from "sharp";
import { planImage, imageRecipeKey, defaultTransformSettings } from "../src/domain/publishing/media/transforms/image-plan.js";
import { adapters, platformIds } from "../src/networks/registry.js";
import { rulesFor } from "../src/networks/registry.js";
import { sharpImages } from "../src/node/sharp-images.js";
import { noisyPhoto } from "../test/support/transform-fixtures.js";

/**
 * Issue 29's image target: one 12-megapixel JPEG (4000x3000, noise so it weighs what a busy
 * photo does, EXIF GPS so every network needs its metadata stripped) to each of the ten
 * networks' variants, on Node with sharp: one decode, one encode per distinct recipe. YouTube
 * takes no images in a post; its variant is the custom thumbnail (JPEG, 1280x720, 2 MB).
 * Target: under 1.5 s. Reuse on a second post (0 transforms) is asserted by
 * test/api/media-transforms.test.ts through the API; it is not timed here.
 */
export async function runMediaTransformsBench(runs = Number(process.env.BENCH_TRANSFORM_RUNS ?? 5)) {
  const source = await noisyPhoto(4000, 3000);
  const counts = { decodes: 0, encodes: 0 };
  const images = sharpImages(counting(sharp, counts));
  const inspection = await images.inspect(source);
  const facts = { mimeType: "image/jpeg", width: inspection.width, height: inspection.height, bytes: source.byteLength, hasAlpha: inspection.hasAlpha };
  const recipes = platformIds.map((platform) => {
    const caps = adapters[platform].capabilities.media;
    const media =
      platform === "youtube" ? { ...caps, imageFormats: ["image/jpeg", "image/png"], maxImageBytes: 2 * 1024 * 1024, aspectRatio: { min: 16 / 9, max: 16 / 9 }, maxWidth: 1280, maxHeight: 720 } : caps;
    const plan = planImage(facts, media, rulesFor(platform).validation, defaultTransformSettings, inspection.rotated || inspection.hasMetadata);
    if (!plan) throw new Error(`${platform}: no variant planned`);
    return { platform, plan };
  });
  const distinct = [...new Map(recipes.map((r) => [imageRecipeKey(r.plan.recipe), r.plan.recipe])).values()];
  const times: number[] = [];
  let outputs: Awaited<ReturnType<typeof images.transform>> = [];
  for (let i = 0; i < runs; i++) {
    counts.decodes = 0;
    counts.encodes = 0;
    const started = performance.now();
    outputs = await images.transform(source, distinct);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`\n  media transforms: a ${(source.byteLength / 1024 / 1024).toFixed(1)} MB 12-megapixel JPEG to ten networks' variants (${distinct.length} distinct recipes)`);
  for (const { platform, plan } of recipes) console.log(`    ${platform.padEnd(15)} ${plan.recipe.width}x${plan.recipe.height} ${plan.recipe.format}  ${plan.describe}`);
  console.log(`    per run: ${counts.decodes} full decode(s) of the source, ${counts.encodes} encodes (samples included); the rest kept the source's compressed pixels`);
  console.log(
    `    median of ${runs}: ${median.toFixed(0)} ms (target < 1500 ms; runs ${times.map((t) => t.toFixed(0)).join(", ")} ms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores); output ${outputs.map((o) => `${Math.round(o.bytes.byteLength / 1024)} KB`).join(", ")}`,
  );
  return { sourceBytes: source.byteLength, recipes: distinct.length, decodes: counts.decodes, encodes: counts.encodes, medianMs: Math.round(median), runsMs: times.map(Math.round), targetMs: 1500 };
}

/**
 * sharp with a count of what it is asked to do: a pipeline read from an encoded file and turned
 * into pixels is a decode (header reads are not), every JPEG or PNG output an encode.
 */
function counting(real: typeof sharp, counts: { decodes: number; encodes: number }): typeof sharp {
  return new Proxy(real, {
    apply(target, self, args: Parameters<typeof sharp>) {
      const image = Reflect.apply(target, self, args) as sharp.Sharp;
      const fromPixels = typeof args[1] === "object" && args[1] !== null && "raw" in args[1];
      const { jpeg, png, toBuffer } = image;
      image.jpeg = (options) => {
        counts.encodes++;
        return jpeg.call(image, options);
      };
      image.png = (options) => {
        counts.encodes++;
        return png.call(image, options);
      };
      if (!fromPixels) {
        image.toBuffer = ((...a: unknown[]) => {
          counts.decodes++;
          return Reflect.apply(toBuffer, image, a);
        }) as typeof image.toBuffer;
      }
      return image;
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runMediaTransformsBench();
