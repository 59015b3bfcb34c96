import { describe, expect, it } from "vitest";
import { CorruptMedia, UnreadableMedia, bytesSource } from "../../src/domain/publishing/media/sniff/byte-source.js";
import { detectMedia, identifyMedia } from "../../src/domain/publishing/media/sniff/detect-media.js";
import { ZIP_LIMITS, officeTypeHint } from "../../src/domain/publishing/media/sniff/documents.js";
import { docx, overlappingZip, pdf, plainZip, pptx, zip, zipBomb } from "./document-fixtures.js";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

const detect = (bytes: Uint8Array) => detectMedia(bytesSource(bytes));
const refusal = async (bytes: Uint8Array) => {
  const error = await detect(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnreadableMedia);
  return error as UnreadableMedia;
};

/** Sets bytes of a copy at `at`, little-endian. */
function patch(bytes: Uint8Array<ArrayBuffer>, at: number, values: number[]): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  copy.set(values, at);
  return copy;
}

/** Bytes deflate cannot shrink. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65_536)));
  return bytes;
}

const endRecord = (bytes: Uint8Array) => bytes.byteLength - 22;
const directoryStart = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(endRecord(bytes) + 16, true);

describe("documents read from their bytes", () => {
  it("a PDF: header, end marker, kind document with no pixel size", async () => {
    expect(await detect(pdf(3))).toEqual({ mimeType: "application/pdf", kind: "document", width: 0, height: 0, durationSeconds: null, pages: 3 });
    const cut = await refusal(pdf().slice(0, 30));
    expect(cut).toBeInstanceOf(CorruptMedia);
    expect(cut.message).toMatch(/%%EOF/);
    expect((await refusal(new TextEncoder().encode("%PDF-x\n%%EOF"))).message).toMatch(/no PDF version/);
  });

  it("a DOCX and a PPTX by the parts their directory names; the head alone says only ZIP", async () => {
    expect(await detect(docx())).toMatchObject({ mimeType: DOCX, kind: "document" });
    expect(await detect(pptx())).toMatchObject({ mimeType: PPTX, kind: "document" });
    expect(await identifyMedia(bytesSource(docx().subarray(0, 64)))).toBe("application/zip");
    expect(officeTypeHint(docx())).toBe(DOCX);
    expect(officeTypeHint(pptx())).toBe(PPTX);
    expect(officeTypeHint(plainZip())).toBeNull();
  });

  it("refuses archives that are no Office document", async () => {
    expect((await refusal(plainZip())).message).toMatch(/no \[Content_Types\]\.xml/);
    const both = zip([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w/>" },
      { name: "ppt/presentation.xml", data: "<p/>" },
    ]);
    expect((await refusal(both)).message).toMatch(/neither a Word/);
  });

  it("refuses a ZIP bomb by its directory, without inflating it", async () => {
    const bomb = zipBomb();
    expect(bomb.byteLength).toBeLessThan(200_000);
    expect((await refusal(bomb)).message).toMatch(/expands \d+ times over .*ZIP bomb/);
    expect((await refusal(overlappingZip())).message).toMatch(/overlap/);
  });

  it("refuses an archive claiming more expansion than any document, even at a modest ratio", async () => {
    // One part's directory entry claims 200 MB from 1.5 MB: under the ratio, but 6 such parts pass 1 GB.
    const parts = [
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w/>" },
      ...Array.from({ length: 6 }, (_, i) => ({ name: `word/media/${i}.bin`, data: noise(1_500_000), deflate: true })),
    ];
    let bytes = zip(parts);
    let at = directoryStart(bytes);
    for (let i = 0; i < parts.length; i++) {
      const nameLength = new DataView(bytes.buffer).getUint16(at + 28, true);
      if (i >= 2) bytes = patch(bytes, at + 24, [0x00, 0x00, 0x80, 0x0c]); // 0x0c800000 = 209,715,200
      at += 46 + nameLength;
    }
    expect(200 * 1024 * 1024 * 6).toBeGreaterThan(ZIP_LIMITS.expandedBytes);
    expect((await refusal(bytes)).message).toMatch(/expands to \d+ bytes, more than any document/);
  });

  it("refuses encrypted parts, other compression methods, lying stored sizes, ZIP64 and a cut archive", async () => {
    const bytes = docx();
    const first = directoryStart(bytes);
    const stored = zip([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w/>" },
    ]);
    expect((await refusal(patch(stored, directoryStart(stored) + 24, [0xff, 0xff, 0, 0]))).message).toMatch(/claims to expand/);
    expect((await refusal(patch(bytes, first + 8, [1, 0]))).message).toMatch(/encrypted/);
    expect((await refusal(patch(bytes, first + 10, [14, 0]))).message).toMatch(/compression method 14/);
    expect((await refusal(patch(bytes, endRecord(bytes) + 16, [0xff, 0xff, 0xff, 0xff]))).message).toMatch(/ZIP64/);
    const cut = await refusal(bytes.slice(0, bytes.byteLength - 30));
    expect(cut).toBeInstanceOf(CorruptMedia);
  });
});
