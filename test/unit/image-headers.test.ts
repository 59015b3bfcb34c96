import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageHeaderFacts } from "../../src/infra/media-transforms/image-headers.js";

/** Real files from sharp: the header reader the Workers engine uses must agree with what libvips reads. */
describe("image header facts (for the Images binding engine)", () => {
  it("reads a JPEG's EXIF orientation and metadata, and a plain JPEG's absence of both", async () => {
    const base = sharp({ create: { width: 40, height: 20, channels: 3, background: "#c33" } });
    const turned = await base.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(imageHeaderFacts(turned)).toEqual({ format: "jpeg", orientation: 6, hasMetadata: true, hasAlpha: false });
    const plain = await base.clone().jpeg().toBuffer();
    expect(imageHeaderFacts(plain)).toEqual({ format: "jpeg", orientation: 1, hasMetadata: false, hasAlpha: false });
  });

  it("reads a PNG's alpha and a WebP's alpha and EXIF flags", async () => {
    const rgba = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    expect(imageHeaderFacts(rgba)).toMatchObject({ format: "png", hasAlpha: true, hasMetadata: false });
    const rgb = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(imageHeaderFacts(rgb)).toMatchObject({ format: "png", hasAlpha: false });
    const webp = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .webp()
      .withMetadata({ orientation: 3 })
      .toBuffer();
    expect(imageHeaderFacts(webp)).toMatchObject({ format: "webp", orientation: 3, hasAlpha: true, hasMetadata: true });
  });
});
