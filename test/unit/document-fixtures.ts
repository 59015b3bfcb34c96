import { deflateRawSync } from "node:zlib";
import { crc32 } from "../support/png-bytes.js";

/**
 * Documents built byte by byte for the media sniffing tests: a PDF, and ZIP archives (Office Open
 * XML DOCX and PPTX, and the ZIP bombs and liars the upload must refuse). Parts are real: stored or
 * deflated with node:zlib, with their CRC-32, so any ZIP reader opens them.
 */

const encoder = new TextEncoder();

export function pdf(pages = 1): Uint8Array<ArrayBuffer> {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(" ");
  const objects = [
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from({ length: pages }, (_, i) => `${3 + i} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj`),
  ];
  return encoder.encode(`%PDF-1.7\n${objects.join("\n")}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

export interface ZipPart {
  name: string;
  data: Uint8Array | string;
  /** Deflate the part (default: stored). */
  deflate?: boolean;
}

const u16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** A ZIP archive of `parts`; `overlap` points every directory entry after the first at the first part's bytes (the overlapping-file bomb). */
export function zip(parts: ZipPart[], options: { overlap?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  let localLength = 0;
  const central: number[] = [];
  let firstOffset = 0;
  for (const [i, part] of parts.entries()) {
    const raw = typeof part.data === "string" ? encoder.encode(part.data) : part.data;
    const body = part.deflate ? new Uint8Array(deflateRawSync(raw)) : raw;
    const name = encoder.encode(part.name);
    const method = part.deflate ? 8 : 0;
    const fields = [...u16(20), ...u16(0), ...u16(method), ...u16(0), ...u16(0), ...u32(crc32(raw)), ...u32(body.byteLength), ...u32(raw.byteLength), ...u16(name.byteLength), ...u16(0)];
    const offset = options.overlap && i > 0 ? firstOffset : localLength;
    if (i === 0) firstOffset = offset;
    if (!(options.overlap && i > 0)) {
      const header = new Uint8Array([...u32(0x04034b50), ...fields, ...name]);
      locals.push(header, body);
      localLength += header.byteLength + body.byteLength;
    }
    central.push(...u32(0x02014b50), ...u16(20), ...fields, ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...name);
  }
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(parts.length), ...u16(parts.length), ...u32(central.length), ...u32(localLength), ...u16(0)];
  const out = new Uint8Array(localLength + central.length + end.length);
  let at = 0;
  for (const chunk of [...locals, new Uint8Array(central), new Uint8Array(end)]) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const docx = (): Uint8Array<ArrayBuffer> =>
  zip([
    { name: "[Content_Types].xml", data: contentTypes, deflate: true },
    { name: "_rels/.rels", data: "<Relationships/>", deflate: true },
    { name: "word/document.xml", data: `<w:document>${"<w:p>Harbour</w:p>".repeat(50)}</w:document>`, deflate: true },
  ]);

export const pptx = (): Uint8Array<ArrayBuffer> =>
  zip([
    { name: "[Content_Types].xml", data: contentTypes, deflate: true },
    { name: "ppt/presentation.xml", data: "<p:presentation/>", deflate: true },
    { name: "ppt/slides/slide1.xml", data: "<p:sld/>", deflate: true },
  ]);

/** A DOCX whose one extra part is 64 MB of zeros deflated to about 64 KB: it expands 1,000 times over. */
export const zipBomb = (): Uint8Array<ArrayBuffer> =>
  zip([
    { name: "[Content_Types].xml", data: contentTypes, deflate: true },
    { name: "word/document.xml", data: "<w:document/>", deflate: true },
    { name: "word/media/zeros.bin", data: new Uint8Array(64 * 1024 * 1024), deflate: true },
  ]);

/** A DOCX whose directory names its parts many times over the same bytes. */
export const overlappingZip = (): Uint8Array<ArrayBuffer> =>
  zip(
    [
      { name: "word/document.xml", data: "<w:document/>".repeat(100) },
      { name: "[Content_Types].xml", data: "" },
      { name: "word/a.xml", data: "" },
    ],
    { overlap: true },
  );

/** A ZIP that is no Office document. */
export const plainZip = (): Uint8Array<ArrayBuffer> => zip([{ name: "notes.txt", data: "Harbour notes", deflate: true }]);
