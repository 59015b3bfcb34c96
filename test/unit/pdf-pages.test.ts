import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bytesSource } from "../../src/domain/publishing/media/sniff/byte-source.js";
import { detectMedia } from "../../src/domain/publishing/media/sniff/detect-media.js";
import { countPdfPages } from "../../src/domain/publishing/media/sniff/pdf-pages.js";
import { checkTarget } from "../../src/domain/publishing/posts/validation/check-target.js";
import { linkedinCapabilities } from "../../src/networks/linkedin/capabilities.js";
import { pdf, pptx } from "./document-fixtures.js";

const encoder = new TextEncoder();
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};
const count = (bytes: Uint8Array) => countPdfPages(bytesSource(bytes));

/** A PDF 1.5 file whose page tree lives only in a compressed object stream. */
function objectStreamPdf(pages: number, options: { filter?: string } = {}): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${10 + i} 0 R`).join(" ");
  const inner = encoder.encode(`2 0 << /Type /Pages /Kids [${kids}] /Count ${pages} >> << /Type /Outlines /Count 999 >>`);
  const data = deflateSync(inner);
  const head = encoder.encode(
    `%PDF-1.5\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n5 0 obj << /Type /ObjStm /N 2 /First 4 /Filter ${options.filter ?? "/FlateDecode"} /Length ${data.byteLength} >>\nstream\n`,
  );
  return concat(head, data, encoder.encode("\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
}

describe("a PDF's page count, from its page tree", () => {
  it("reads the root's /Count of a plain PDF", async () => {
    expect(await count(pdf(1))).toBe(1);
    expect(await count(pdf(301))).toBe(301);
  });

  it("takes the root of a nested tree, not a subtree, and ignores an outline's /Count", async () => {
    const text = [
      "%PDF-1.7",
      "1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 9 0 R >> endobj",
      "9 0 obj << /Type /Outlines /Count 5000 >> endobj",
      "3 0 obj << /Type /Pages /Parent 2 0 R /Kids [] /Count 300 /Resources << /Font << /F1 7 0 R >> >> >> endobj",
      "4 0 obj << /Type /Pages /Parent 2 0 R /Kids [] /Count 5 >> endobj",
      "2 0 obj << /Kids [3 0 R 4 0 R] /Type /Pages /Count 305 >> endobj",
      "trailer << /Root 1 0 R >>",
      "%%EOF",
    ].join("\n");
    expect(await count(encoder.encode(text))).toBe(305);
  });

  it("reads a page tree kept in a compressed object stream (PDF 1.5)", async () => {
    expect(await count(objectStreamPdf(7))).toBe(7);
    expect(await count(objectStreamPdf(320))).toBe(320);
  });

  it("answers null, not a guess, when no page tree is readable", async () => {
    expect(await count(objectStreamPdf(7, { filter: "/LZWDecode" }))).toBeNull();
    expect(await count(encoder.encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"))).toBeNull();
  });

  it("finds a page tree that straddles two of the scan's 8 MB reads", async () => {
    const padding = encoder.encode(`%PDF-1.7\n%${"x".repeat(8 * 1024 * 1024 - 30)}\n`);
    const tree = encoder.encode("2 0 obj << /Type /Pages /Kids [] /Count 42 >> endobj\n%%EOF\n");
    expect(await count(concat(padding, tree))).toBe(42);
  });

  it("is what an upload records: pages for a PDF, slides for a PPTX", async () => {
    expect((await detectMedia(bytesSource(pdf(12)))).pages).toBe(12);
    expect((await detectMedia(bytesSource(pptx()))).pages).toBe(1);
  });
});

describe("LinkedIn's document limits at validate time", () => {
  const document = (bytes: number, pages: number | null) => ({
    id: "med_doc",
    kind: "document" as const,
    mimeType: "application/pdf",
    bytes,
    width: 0,
    height: 0,
    durationSeconds: null,
    alt: null,
    pages,
  });
  const check = (media: ReturnType<typeof document>) => checkTarget({ platform: "linkedin", capabilities: linkedinCapabilities, text: "Report", media: [media], options: { mediaTitle: "Report" } });

  it("refuses over 300 pages and over 100 MB with a code and a fix, and takes what is within", () => {
    expect(check(document(1_000_000, 300)).errors).toEqual([]);
    expect(check(document(1_000_000, null)).errors).toEqual([]);
    const pages = check(document(1_000_000, 301)).errors;
    expect(pages).toMatchObject([{ code: "document_too_many_pages", param: "media" }]);
    expect(pages[0]?.message).toContain("301 pages");
    expect(pages[0]?.fix).toContain("300 pages");
    const large = check(document(100 * 1024 * 1024 + 1, 10)).errors;
    expect(large).toMatchObject([{ code: "media_too_large", param: "media" }]);
    expect(large[0]?.fix).toBeTruthy();
  });
});
