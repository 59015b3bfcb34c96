import type { DocumentMimeType } from "../media-formats.js";
import { type ByteSource, CorruptMedia, UnreadableMedia, ascii, readExact, u16le, u32le } from "./byte-source.js";

/**
 * Documents read from their bytes: a PDF by its header and end marker; a Word or PowerPoint file
 * (DOCX, PPTX: Office Open XML, a ZIP archive) by the parts its central directory names. Nothing is
 * decompressed: the directory's sizes alone refuse what would expand past any document's size (a
 * ZIP bomb), and entries whose data overlap (the way bombs reuse one compressed stream).
 */

const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document" as const;
const pptx = "application/vnd.openxmlformats-officedocument.presentationml.presentation" as const;

export const isPdfHead = (head: Uint8Array) => ascii(head, 0, 5) === "%PDF-";
export const isZipHead = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * Limits no real Office document reaches and every ZIP bomb does: a PowerPoint file of 100 MB has
 * a few thousand parts at most and expands a few times over; XML deflates at most about 100:1 in
 * practice, and DEFLATE's own ceiling is about 1,032:1, which bombs use.
 */
export const ZIP_LIMITS = { entries: 5_000, directoryBytes: 4 * 1024 * 1024, expandedBytes: 1024 * 1024 * 1024, ratio: 200, ratioFloorBytes: 1024 * 1024 } as const;

/** A PDF: `%PDF-` first and `%%EOF` within its last 1,024 bytes (the PDF specification's trailer). */
export async function readPdf(source: ByteSource): Promise<void> {
  const head = await readExact(source, 0, 8, "header");
  if (!/^%PDF-[12]\.\d$/.test(ascii(head, 0, 8))) throw new UnreadableMedia("it starts like a PDF but its header names no PDF version");
  const tailLength = Math.min(1024, source.size);
  const tail = ascii(await source.read(source.size - tailLength, tailLength), 0, tailLength);
  if (!tail.includes("%%EOF")) throw new CorruptMedia("the PDF ends before its end-of-file marker (%%EOF): it was cut short");
}

interface Entry {
  name: string;
  offset: number;
  compressed: number;
  expanded: number;
}

/** The end-of-central-directory record: within the last 64 KB + 22 bytes (the comment's most). */
async function endOfDirectory(source: ByteSource): Promise<{ entries: number; size: number; offset: number; at: number }> {
  const span = Math.min(source.size, 22 + 0xffff);
  const start = source.size - span;
  const tail = await source.read(start, span);
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (u32le(tail, i) !== 0x06054b50) continue;
    if (u16le(tail, i + 4) !== 0 || u16le(tail, i + 6) !== 0) throw new UnreadableMedia("it is a ZIP archive split over several files");
    const entries = u16le(tail, i + 10);
    const size = u32le(tail, i + 12);
    const offset = u32le(tail, i + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new UnreadableMedia("it is a ZIP64 archive, which no Office document under 100 MB needs");
    if (entries !== u16le(tail, i + 8)) throw new CorruptMedia("the ZIP directory's entry counts disagree");
    return { entries, size, offset, at: start + i };
  }
  throw new CorruptMedia("the ZIP archive has no central directory at its end: it was cut short");
}

async function directoryEntries(source: ByteSource): Promise<{ entries: Entry[]; offset: number }> {
  const end = await endOfDirectory(source);
  if (end.entries > ZIP_LIMITS.entries) throw new UnreadableMedia(`the archive holds ${end.entries} parts; a document holds at most ${ZIP_LIMITS.entries}`);
  if (end.size > ZIP_LIMITS.directoryBytes) throw new UnreadableMedia("the archive's directory is larger than any document's");
  if (end.offset + end.size > end.at) throw new CorruptMedia("the ZIP directory points past the end of the archive");
  const directory = await readExact(source, end.offset, end.size, "ZIP directory");
  const entries: Entry[] = [];
  let at = 0;
  for (let n = 0; n < end.entries; n++) {
    if (at + 46 > directory.byteLength || u32le(directory, at) !== 0x02014b50) throw new CorruptMedia("the ZIP directory is damaged");
    const flags = u16le(directory, at + 8);
    const method = u16le(directory, at + 10);
    const nameLength = u16le(directory, at + 28);
    const skip = nameLength + u16le(directory, at + 30) + u16le(directory, at + 32);
    const entry = { name: ascii(directory, at + 46, nameLength), offset: u32le(directory, at + 42), compressed: u32le(directory, at + 20), expanded: u32le(directory, at + 24) };
    if (flags & 1) throw new UnreadableMedia("the document is encrypted (password-protected); networks cannot open it");
    if (method !== 0 && method !== 8) throw new UnreadableMedia(`a part of the archive uses compression method ${method}; Office documents use only stored or deflated parts`);
    if (method === 0 && entry.compressed !== entry.expanded) throw new CorruptMedia(`the stored part ${entry.name} claims to expand from ${entry.compressed} to ${entry.expanded} bytes`);
    entries.push(entry);
    at += 46 + skip;
  }
  return { entries, offset: end.offset };
}

/** Refuses what would expand past any document, or whose parts share bytes. */
function checkExpansion(entries: Entry[], directoryOffset: number): void {
  let expanded = 0;
  for (const entry of entries) {
    expanded += entry.expanded;
    if (entry.expanded > ZIP_LIMITS.ratioFloorBytes && entry.expanded > entry.compressed * ZIP_LIMITS.ratio) {
      throw new UnreadableMedia(`the part ${entry.name} expands ${Math.round(entry.expanded / Math.max(1, entry.compressed))} times over (${entry.expanded} bytes): it is a ZIP bomb, not a document`);
    }
  }
  if (expanded > ZIP_LIMITS.expandedBytes) throw new UnreadableMedia(`the archive expands to ${expanded} bytes, more than any document: it is a ZIP bomb, not a document`);
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 0; i < sorted.length; i++) {
    const entry = sorted[i] as Entry;
    const next = sorted[i + 1]?.offset ?? directoryOffset;
    // A local header is 30 bytes and the name, before the data; overlapping parts are how bombs
    // expand one compressed stream many times.
    if (entry.offset + 30 + entry.name.length + entry.compressed > next) throw new UnreadableMedia("parts of the archive overlap: it is a ZIP bomb or damaged, not a document");
  }
}

/**
 * Which Office document the archive is, from the parts Office Open XML requires, and a
 * presentation's slide count (one `ppt/slides/slideN.xml` part per slide). A Word file's pages
 * exist only once it is laid out, so they stay unknown (null).
 */
export async function readOfficeDocument(source: ByteSource): Promise<{ mimeType: DocumentMimeType; pages: number | null }> {
  const { entries, offset } = await directoryEntries(source);
  checkExpansion(entries, offset);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml")) throw new UnreadableMedia("it is a ZIP archive, not a Word (DOCX) or PowerPoint (PPTX) document: it has no [Content_Types].xml");
  const word = names.has("word/document.xml");
  const slides = names.has("ppt/presentation.xml");
  if (word === slides) throw new UnreadableMedia("it is an Office archive but neither a Word (DOCX) nor a PowerPoint (PPTX) document");
  return word ? { mimeType: docx, pages: null } : { mimeType: pptx, pages: entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length };
}

/** From the local headers within an upload's first bytes, which Office document it looks like (null: no part name seen yet). */
export function officeTypeHint(head: Uint8Array): DocumentMimeType | null {
  let at = 0;
  while (at + 30 <= head.byteLength && u32le(head, at) === 0x04034b50) {
    const nameLength = u16le(head, at + 26);
    const name = ascii(head, at + 30, Math.min(nameLength, head.byteLength - at - 30));
    if (name.startsWith("word/")) return docx;
    if (name.startsWith("ppt/")) return pptx;
    // Sizes may sit in a data descriptor after the data (flag bit 3): the next header cannot be found.
    if (u16le(head, at + 6) & 8) return null;
    at += 30 + nameLength + u16le(head, at + 28) + u32le(head, at + 18);
  }
  return null;
}
