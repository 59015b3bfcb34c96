import type sharpDefault from "sharp";

type Sharp = typeof sharpDefault;

/** Pixels of one picture, decoded once and shared by every encode made from it. */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface Encoded {
  bytes: Buffer;
  width: number;
  height: number;
}

/** JPEG qualities in the order tried; under the last one the picture shrinks instead. */
export const QUALITIES = [86, 78, 68, 58] as const;
const LOWEST = 58;
/** Encodes tried per byte cap before giving up; the estimate usually lands in the first. */
const MAX_ATTEMPTS = 8;
/** The side of the square sampled to learn how this picture compresses at each quality. */
const SAMPLE_SIDE = 384;
/** Aim this far under a cap: JPEG size is not exactly proportional to area. */
const HEADROOM = 0.97;

const raw = (p: RawPicture) => ({ raw: { width: p.width, height: p.height, channels: p.channels } });

function encode(sharp: Sharp, picture: RawPicture, format: "jpeg" | "png", quality: number, size?: { width: number; height: number }): Promise<Buffer> {
  let image = sharp(picture.data, raw(picture));
  if (size && (size.width !== picture.width || size.height !== picture.height)) image = image.resize(size.width, size.height, { fit: "fill" });
  // libjpeg-turbo's defaults (4:2:0, Huffman tables optimised off): mozjpeg's trellis search costs several times the time for a few percent of bytes.
  return format === "png" ? image.png({ compressionLevel: 6 }).toBuffer() : image.flatten({ background: "#ffffff" }).jpeg({ quality, optimiseCoding: false }).toBuffer();
}

/**
 * A JPEG at quality 86 (4:2:0) stays under this many bytes per pixel whatever the picture:
 * uniform random noise, the worst case, measured 0.74.
 */
const SURE_BYTES_PER_PIXEL = 1.2;
/** Full-size encodes run at once: JPEG encoding is one thread each, and this server has two cores to spare at most. */
const PARALLEL = 2;

interface Choice {
  quality: number;
  scale: number;
  /** The bytes the sample foresees for this encode. */
  predicted: number;
}

/**
 * Encodes one picture for several byte caps, each at the best quality of QUALITIES that fits,
 * shrinking the picture only below the lowest. Instead of walking the ladder with full-size
 * encodes, a small central sample is encoded at every quality and the full-size bytes are
 * predicted from it: each cap's choice is encoded at once (equal choices once, two at a time),
 * and only a cap the prediction missed goes on, each encode correcting the next estimate. Every
 * cap then takes the largest file made that fits it. Returns one result per cap, or null where
 * the cap cannot be met even at an eighth of the area.
 */
export async function encodeForCaps(sharp: Sharp, picture: RawPicture, format: "jpeg" | "png", caps: readonly (number | null)[]): Promise<(Encoded | null)[]> {
  const limits = caps.map((cap) => cap ?? Number.POSITIVE_INFINITY);
  const made: Encoded[] = [];
  const best = (cap: number) => made.filter((m) => m.bytes.byteLength <= cap).sort((a, b) => b.bytes.byteLength - a.bytes.byteLength)[0] ?? null;
  const area = picture.width * picture.height;
  const distinct = [...new Set(limits)].sort((a, b) => b - a);

  if (format === "png") {
    for (const cap of distinct) if (!best(cap)) await shrinkPng(sharp, picture, cap, made);
    return limits.map(best);
  }
  const predictedOf = new Map<Encoded, number>();
  const encodeAt = async ({ quality, scale, predicted }: Choice): Promise<Encoded> => {
    const size = { width: Math.max(1, Math.round(picture.width * scale)), height: Math.max(1, Math.round(picture.height * scale)) };
    const got = { bytes: await encode(sharp, picture, "jpeg", quality, size), ...size };
    made.push(got);
    predictedOf.set(got, predicted);
    return got;
  };
  // A cap no JPEG of this area can reach needs no estimate: the best quality fits it.
  const sure = distinct.filter((cap) => area * SURE_BYTES_PER_PIXEL <= cap);
  const unsure = distinct.filter((cap) => area * SURE_BYTES_PER_PIXEL > cap);
  const sample = unsure.length > 0 ? await sampleQualities(sharp, picture) : new Map<number, number>();
  let correction = 1;
  const choose = (cap: number): Choice => {
    const perPixel = (q: number) => (sample.get(q) ?? 0) * correction;
    const target = cap * HEADROOM;
    const quality = QUALITIES.find((q) => perPixel(q) * area <= target) ?? LOWEST;
    const full = perPixel(quality) * area;
    // Past the lowest quality the area shrinks in proportion to the bytes still to lose.
    const scale = full <= target ? 1 : Math.max(Math.sqrt(target / full), MIN_SCALE);
    return { quality, scale, predicted: full * scale * scale };
  };
  const keyOf = (c: Choice) => `${c.quality}@${c.scale}`;

  const first = new Map<string, Choice>();
  if (sure.length > 0) first.set(keyOf({ quality: QUALITIES[0], scale: 1, predicted: 0 }), { quality: QUALITIES[0], scale: 1, predicted: 0 });
  const firstOf = new Map<number, string>();
  for (const cap of unsure) {
    const choice = choose(cap);
    first.set(keyOf(choice), choice);
    firstOf.set(cap, keyOf(choice));
  }
  const firstMade = new Map<string, Encoded>();
  await inParallel([...first.entries()], PARALLEL, async ([key, choice]) => {
    firstMade.set(key, await encodeAt(choice));
  });

  for (const cap of unsure) {
    let last = firstMade.get(firstOf.get(cap) ?? "");
    for (let attempt = 1; attempt < MAX_ATTEMPTS && last && !best(cap); attempt++) {
      if (last.width <= Math.round(picture.width * MIN_SCALE) + 1 && last.bytes.byteLength > cap) break;
      // What the sample missed about this picture (edges busier than its centre, say) corrects the estimate.
      const predicted = predictedOf.get(last) ?? 0;
      if (predicted > 0) correction *= last.bytes.byteLength / predicted;
      last = await encodeAt(choose(cap));
    }
  }
  return limits.map(best);
}

const MIN_SCALE = 1 / Math.sqrt(8);

async function inParallel<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** Bytes per pixel at each quality, from a central square encoded at each in turn. */
async function sampleQualities(sharp: Sharp, picture: RawPicture): Promise<Map<number, number>> {
  const side = { width: Math.min(SAMPLE_SIDE, picture.width), height: Math.min(SAMPLE_SIDE, picture.height) };
  const left = Math.floor((picture.width - side.width) / 2);
  const top = Math.floor((picture.height - side.height) / 2);
  const crop = await sharp(picture.data, raw(picture))
    .extract({ left, top, ...side })
    .raw()
    .toBuffer();
  const tile: RawPicture = { data: crop, ...side, channels: picture.channels };
  const perPixel = new Map<number, number>();
  for (const q of QUALITIES) perPixel.set(q, (await encode(sharp, tile, "jpeg", q)).byteLength / (side.width * side.height));
  return perPixel;
}

/** PNG is lossless: only the area can give, in proportion to the bytes over the cap. */
async function shrinkPng(sharp: Sharp, picture: RawPicture, cap: number, made: Encoded[]): Promise<Encoded | null> {
  let scale = 1;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const size = { width: Math.max(1, Math.round(picture.width * scale)), height: Math.max(1, Math.round(picture.height * scale)) };
    const bytes = await encode(sharp, picture, "png", 0, size);
    const got = { bytes, ...size };
    made.push(got);
    if (bytes.byteLength <= cap) return got;
    scale *= Math.min(0.85, Math.sqrt((cap * HEADROOM) / bytes.byteLength));
  }
  return null;
}
