import { describe, expect, it } from "vitest";
import { UnreadableMedia, bytesSource } from "../../src/domain/publishing/media/sniff/byte-source.js";
import { detectMedia, identifyMedia } from "../../src/domain/publishing/media/sniff/detect-media.js";
import { ROTATE_90, box, concat, ftyp, gif, jpeg, mehd, mp4, png, trak, webpExtended, webpLossless, webpLossy } from "./media-fixtures.js";

const detect = (bytes: Uint8Array) => detectMedia(bytesSource(bytes));
const refusal = async (bytes: Uint8Array) => {
  const error = await detect(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnreadableMedia);
  return (error as Error).message;
};

describe("media format detection from the bytes", () => {
  describe("JPEG", () => {
    it("reads the size from SOF0, SOF1 and SOF2, stepping over APPn segments", async () => {
      for (const sof of [0xc0, 0xc1, 0xc2]) {
        expect(await detect(jpeg(1080, 1350, { sof }))).toEqual({ mimeType: "image/jpeg", kind: "image", width: 1080, height: 1350, durationSeconds: null, pages: null });
      }
    });

    it("steps over a large EXIF segment and fill bytes before a marker", async () => {
      expect(await detect(jpeg(4032, 3024, { exifBytes: 60_000, fillBytes: true }))).toMatchObject({ width: 4032, height: 3024 });
    });

    it("refuses a JPEG with no frame header before its scan, and one cut short", async () => {
      const full = jpeg(10, 10);
      const sofAt = full.findIndex((b, i) => b === 0xff && full[i + 1] === 0xc0);
      const withoutSof = concat(full.subarray(0, sofAt), full.subarray(sofAt + 19));
      expect(await refusal(withoutSof)).toMatch(/no frame header/);
      expect(await refusal(full.subarray(0, 30))).toMatch(/ends before/);
    });
  });

  it("PNG: width and height from IHDR", async () => {
    expect(await detect(png(1200, 628))).toEqual({ mimeType: "image/png", kind: "image", width: 1200, height: 628, durationSeconds: null, pages: null });
    expect(await refusal(png(1, 1).subarray(0, 20))).toMatch(/ends before its IHDR/);
  });

  describe("the structure behind the header", () => {
    it("accepts what writers really do: metadata after a JPEG's EOI, a PNG in several IDAT chunks", async () => {
      expect(await detect(concat(jpeg(64, 48), new Uint8Array(70_000).fill(0x41)))).toMatchObject({ width: 64, height: 48 });
      const full = png(8, 8);
      const idatAt = 33;
      const idat = full.subarray(idatAt, idatAt + 24);
      expect(await detect(concat(full.subarray(0, idatAt), idat, idat, full.subarray(idatAt)))).toMatchObject({ width: 8, height: 8 });
    });

    it("refuses every cut the upload of each format can suffer", async () => {
      for (const bytes of [png(8, 8), jpeg(8, 8), webpLossy(8, 8), gif(8, 8), mp4(8, 8)]) {
        for (let cut = 1; cut < bytes.byteLength; cut += 1) {
          const error = await detect(bytes.subarray(0, cut)).catch((e: unknown) => e);
          expect(error, `${bytes.byteLength} cut to ${cut}`).toBeInstanceOf(UnreadableMedia);
        }
      }
    });

    it("refuses a JPEG whose metadata past the EOI is over a megabyte with no EOI near the end", async () => {
      const cut = jpeg(8, 8).slice(0, -2);
      expect(await refusal(concat(cut, new Uint8Array(1_100_000).fill(0x41)))).toMatch(/end-of-image/);
    });

    it("refuses a WebP whose RIFF length disagrees with the file either way", async () => {
      expect(await refusal(concat(webpLossy(8, 8), [0, 0]))).toMatch(/RIFF header says/);
    });
  });

  it("GIF: the logical screen size", async () => {
    expect(await detect(gif(480, 270))).toMatchObject({ mimeType: "image/gif", width: 480, height: 270 });
    expect(await refusal(gif(0, 270))).toMatch(/0x270/);
  });

  it("WebP: lossy (VP8), lossless (VP8L) and extended (VP8X)", async () => {
    expect(await detect(webpLossy(1024, 768))).toMatchObject({ mimeType: "image/webp", width: 1024, height: 768 });
    expect(await detect(webpLossless(333, 16_384))).toMatchObject({ mimeType: "image/webp", width: 333, height: 16_384 });
    expect(await detect(webpExtended(16_000, 9))).toMatchObject({ mimeType: "image/webp", width: 16_000, height: 9 });
  });

  describe("MP4 and MOV (ISO BMFF)", () => {
    it("MP4: duration from mvhd, size from the video track's tkhd (16.16 fixed point)", async () => {
      expect(await detect(mp4(1920, 1080, { timescale: 90_000, duration: 2_700_000 }))).toEqual({
        mimeType: "video/mp4",
        kind: "video",
        width: 1920,
        height: 1080,
        durationSeconds: 30,
        pages: null,
      });
    });

    it("MOV: the `qt  ` brand is QuickTime; moov after mdat is found; version 1 headers", async () => {
      const mov = mp4(1280, 720, { brand: "qt  ", compatible: ["qt  "], moovLast: true, version: 1, timescale: 600, duration: 7_509 });
      expect(await detect(mov)).toEqual({ mimeType: "video/quicktime", kind: "video", width: 1280, height: 720, durationSeconds: 12.515, pages: null });
    });

    it("an old QuickTime file without ftyp is QuickTime", async () => {
      expect(await detect(mp4(640, 480, { noFtyp: true }))).toMatchObject({ mimeType: "video/quicktime", width: 640, height: 480 });
    });

    it("uses the first video track, not an audio track before it, and reports a quarter-turned clip as portrait", async () => {
      const tracks = [trak("soun", 0, 0), trak("vide", 1920, 1080, { matrix: ROTATE_90 }), trak("vide", 320, 240)];
      expect(await detect(mp4(0, 0, { tracks }))).toMatchObject({ width: 1080, height: 1920 });
    });

    it("reads a 64-bit mdat size, a fragmented file's mehd duration, and the coded size when tkhd says 0x0", async () => {
      const bytes = mp4(0, 0, { largeMdat: true, moovLast: true, duration: 0, extraMoov: [mehd(4_000)], tracks: [trak("vide", 0, 0, { codedSize: [720, 1280] })] });
      expect(await detect(bytes)).toMatchObject({ mimeType: "video/mp4", width: 720, height: 1280, durationSeconds: 4 });
    });

    it("refuses a video without moov, without a video track, or with a box running past the end", async () => {
      expect(await refusal(concat(ftyp("isom", "isom"), box("mdat", new Uint8Array(64))))).toMatch(/no `moov` box/);
      expect(await refusal(mp4(0, 0, { tracks: [trak("soun", 0, 0)] }))).toMatch(/no video track/);
      const cut = mp4(1920, 1080, { moovLast: true });
      expect(await refusal(cut.subarray(0, cut.byteLength - 20))).toMatch(/runs past the end/);
    });
  });

  it("does not take AVIF images or audio in ISO containers, nor unknown bytes (HEIC: heic-sniff.test.ts)", async () => {
    for (const brand of ["avif", "M4A "]) {
      expect(await identifyMedia(bytesSource(mp4(10, 10, { brand, compatible: [brand, "mif1"] })))).toBeNull();
    }
    expect(await identifyMedia(bytesSource(new TextEncoder().encode("%!PS-Adobe-3.0 not a picture")))).toBeNull();
    expect(await refusal(new Uint8Array([1, 2, 3]))).toMatch(/not a JPEG, PNG, WebP, GIF, HEIC, MP4, MOV, PDF, DOCX or PPTX/);
  });
});
