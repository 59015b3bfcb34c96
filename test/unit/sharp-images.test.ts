import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ImageRecipe } from "../../src/infra/media-transforms/types.js";
import { TransformInputError } from "../../src/infra/media-transforms/types.js";
import { stripJpegMetadata } from "../../src/node/jpeg-strip.js";
import { sharpImages } from "../../src/node/sharp-images.js";
import { noisyPhoto, plainJpeg, rotatedPhoneJpeg } from "../support/transform-fixtures.js";
import { crc32, deflateSync } from "node:zlib";
import { concat, jpeg as headerOnlyJpeg } from "./media-fixtures.js";

/** A PNG with valid chunks (checksums included) whose header claims `width` x `height`, with one row of data. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.byteLength);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(width + 1))), chunk("IEND", Buffer.alloc(0))]);
  return new Uint8Array(png) as Uint8Array<ArrayBuffer>;
}

const images = sharpImages(sharp);
const recipe = (over: Partial<ImageRecipe>): ImageRecipe => ({ format: "jpeg", width: 400, height: 300, crop: "fill", focal: { x: 0.5, y: 0.5 }, maxBytes: null, ...over });
const pixels = async (bytes: Uint8Array) => (await sharp(bytes).raw().toBuffer({ resolveWithObject: true })).data;

describe("sharp transforms (src/node/sharp-images.ts)", () => {
  it("a JPEG that already fits keeps its compressed pixels and loses its EXIF (GPS) only", async () => {
    const source = await noisyPhoto(400, 300);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const [out] = await images.transform(source, [recipe({})]);
    if (!out) throw new Error("no output");
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height, out.mimeType]).toEqual([400, 300, "image/jpeg"]);
    expect(out.bytes.byteLength).toBeLessThan(source.byteLength);
    // Same entropy-coded data: the decoded pixels are identical, not merely similar.
    expect((await pixels(out.bytes)).equals(await pixels(source))).toBe(true);
  });

  it("a turned phone photo is decoded and turned, never passed through with its orientation dropped", async () => {
    const [out] = await images.transform(await rotatedPhoneJpeg(600, 400), [recipe({ width: 400, height: 600 })]);
    const meta = await sharp(out?.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1, meta.exif]).toEqual([400, 600, 1, undefined]);
  });

  it("meets each byte cap with one picture for caps the same quality meets, shrinking only under the lowest quality", async () => {
    const source = await noisyPhoto(1600, 1200);
    const caps = [null, source.byteLength - 1, 600_000, 150_000];
    const outs = await images.transform(
      source,
      caps.map((maxBytes) => recipe({ width: 1600, height: 1200, maxBytes })),
    );
    for (const [i, out] of outs.entries()) {
      const cap = caps[i] ?? Number.POSITIVE_INFINITY;
      expect(out.bytes.byteLength, `cap ${cap}`).toBeLessThanOrEqual(cap);
      const meta = await sharp(out.bytes).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([out.width, out.height, undefined]);
    }
    // No cap: the source's own pixels; the tightest cap: smaller than the source's size.
    expect((await pixels(outs[0]?.bytes ?? new Uint8Array())).equals(await pixels(source))).toBe(true);
    expect(outs[3]?.width).toBeLessThan(1600);
    expect((outs[3]?.width ?? 0) / (outs[3]?.height ?? 1)).toBeCloseTo(4 / 3, 2);
  });

  it("crops around the focal point from one decode for several sizes", async () => {
    const source = await plainJpeg(2000, 500);
    const [wide, square] = await images.transform(source, [recipe({ width: 955, height: 500 }), recipe({ width: 500, height: 500, focal: { x: 1, y: 0.5 } })]);
    expect([wide?.width, wide?.height, square?.width, square?.height]).toEqual([955, 500, 500, 500]);
    // The gradient's red runs 0 → 255 left to right: the right-edge crop starts past three quarters.
    expect((await pixels(square?.bytes ?? new Uint8Array()))[0]).toBeGreaterThan(180);
  });

  it("refuses a truncated file, a file whose scan is not JPEG data, and a pixel bomb, as TransformInputError", async () => {
    const whole = await plainJpeg(400, 300);
    await expect(images.transform(whole.slice(0, whole.byteLength / 2), [recipe({})])).rejects.toBeInstanceOf(TransformInputError);
    await expect(images.transform(headerOnlyJpeg(400, 300), [recipe({})])).rejects.toBeInstanceOf(TransformInputError);
    // Headers of a 10,000 x 10,000 PNG (100 MP, over the 36 MP ceiling): refused before any pixel is decoded.
    await expect(images.transform(pngHeader(10_000, 10_000), [recipe({ format: "png", width: 1000, height: 1000 })])).rejects.toThrow(/pixel limit/i);
  });
});

describe("stripJpegMetadata", () => {
  it("keeps JFIF and the ICC profile, drops EXIF, and refuses a stream without its end marker", async () => {
    const withProfile = await sharp(await noisyPhoto(64, 48))
      .withIccProfile("p3")
      .withExif({ IFD0: { Make: "TestPhone" } })
      .jpeg()
      .toBuffer();
    const stripped = stripJpegMetadata(new Uint8Array(withProfile));
    if (!stripped) throw new Error("did not parse");
    const meta = await sharp(stripped).metadata();
    expect(meta.icc).toBeDefined();
    expect(meta.exif).toBeUndefined();
    expect(stripJpegMetadata(withProfile.subarray(0, withProfile.byteLength - 2))).toBeNull();
    expect(stripJpegMetadata(concat([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
