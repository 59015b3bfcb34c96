import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CorruptMedia, UnreadableMedia, bytesSource } from "../../src/domain/publishing/media/sniff/byte-source.js";
import { detectMedia, identifyMedia } from "../../src/domain/publishing/media/sniff/detect-media.js";
import { sharpImages } from "../../src/node/sharp-images.js";
import { TransformInputError } from "../../src/infra/media-transforms/types.js";

/**
 * A real HEIC (test/fixtures/media/README.md): HEVC pixels stored 900x600 landscape, an `irot`
 * box turning them a quarter clockwise (shown 600x900 portrait, as a phone's portrait photo),
 * an EXIF item with a GPS position. Its gradient runs red 0 → 255 along the stored width and
 * green 0 → 255 down the stored height.
 */
const heic = new Uint8Array(readFileSync(new URL("../fixtures/media/rotated-phone.heic", import.meta.url)));
const detect = (bytes: Uint8Array) => detectMedia(bytesSource(bytes));

describe("HEIC sniffing", () => {
  it("names a phone's HEIC `image/heic` with the size as shown (after `irot`)", async () => {
    expect(await identifyMedia(bytesSource(heic))).toBe("image/heic");
    expect(await detect(heic)).toEqual({ mimeType: "image/heic", kind: "image", width: 600, height: 900, durationSeconds: null, pages: null });
  });

  it("takes a `mif1` file that lists `heic` among its brands, and leaves AVIF alone", async () => {
    const mif1 = new Uint8Array(heic);
    mif1.set(Buffer.from("mif1"), 8);
    expect(await identifyMedia(bytesSource(mif1))).toBe("image/heic");
    const avif = new Uint8Array(heic);
    avif.set(Buffer.from("avif"), 8);
    for (let at = 16; at < 28; at += 4) avif.set(Buffer.from("avif"), at);
    expect(await identifyMedia(bytesSource(avif))).toBeNull();
  });

  it("refuses a HEIC cut short as corrupt, and one without `meta` as unreadable", async () => {
    const cut = await detect(heic.subarray(0, heic.byteLength - 100)).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(CorruptMedia);
    const noMeta = new Uint8Array(heic);
    const metaAt = Buffer.from(heic).indexOf("meta");
    noMeta.set(Buffer.from("free"), metaAt);
    const error = await detect(noMeta).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableMedia);
    expect((error as Error).message).toMatch(/no `meta` box/);
  });
});

describe("HEIC through sharp-images.ts (decoded by libheif in WebAssembly)", () => {
  const images = sharpImages(sharp);

  it("inspects the shown size and the EXIF item without decoding", async () => {
    expect(await images.inspect(heic)).toEqual({ width: 600, height: 900, rotated: false, hasMetadata: true, hasAlpha: false });
  });

  it("converts it to an upright JPEG, turned as the file says, with no metadata", async () => {
    const [out] = await images.transform(heic, [{ format: "jpeg", width: 600, height: 900, crop: "fill", focal: { x: 0.5, y: 0.5 }, maxBytes: null }]);
    if (!out) throw new Error("no output");
    expect(out).toMatchObject({ mimeType: "image/jpeg", width: 600, height: 900 });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation ?? 1]).toEqual(["jpeg", 600, 900, undefined, 1]);
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [data[(y * info.width + x) * info.channels], data[(y * info.width + x) * info.channels + 1]];
    // Turned clockwise: the stored bottom-left corner (red 0, green 255) is now top left, the stored top left (0, 0) top right.
    const [r0, g0] = at(4, 4);
    const [r1, g1] = at(595, 4);
    expect(r0).toBeLessThan(40);
    expect(g0).toBeGreaterThan(215);
    expect(r1).toBeLessThan(40);
    expect(g1).toBeLessThan(40);
  });

  it("refuses a HEIC whose boxes claim more pixels than the ceiling before decoding it", async () => {
    const bomb = new Uint8Array(heic);
    const ispe = Buffer.from(heic).indexOf("ispe");
    Buffer.from(bomb.buffer).writeUInt32BE(20_000, ispe + 8);
    Buffer.from(bomb.buffer).writeUInt32BE(20_000, ispe + 12);
    const error = await images.transform(bomb, [{ format: "jpeg", width: 600, height: 900, crop: "fill", focal: { x: 0.5, y: 0.5 }, maxBytes: null }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransformInputError);
    expect((error as Error).message).toMatch(/over the 36,152,320-pixel ceiling/);
  });
});
