import type { ByteSource } from "./byte-source.js";

/**
 * A PDF's page count, read from its page tree without a PDF library: every page-tree node is a
 * dictionary `/Type /Pages` whose `/Count` is the number of pages under it (PDF 32000-1 §7.7.3.2),
 * so the root's count, the largest of them, is the document's. Counting `/Type /Page` objects
 * instead would miss pages kept in compressed object streams and count pages left behind by
 * incremental updates. Page-tree nodes are found in the file's own bytes and, for files that keep
 * their objects in object streams (PDF 1.5+), in those streams once inflated (FlateDecode, with
 * the platform's DecompressionStream: Node and workerd both have it). Null when no page tree is
 * readable (an encrypted file's object streams, an unusual filter): the network then decides.
 *
 * A full PDF parser (pdf.js, pdf-lib) would do this too, at a few megabytes of code in a Worker
 * bundle for one number; this reads the one structure the number lives in.
 */

/** Bytes per storage read while scanning: a 100 MB document is 13 reads, far inside a Worker's subrequest budget. */
const SPAN_BYTES = 8 * 1024 * 1024;
/** A page-tree node's dictionary is small except for its `/Kids` array: 64 KB holds thousands of kids. */
const DICT_WINDOW = 64 * 1024;
/** Object streams larger than this inflated are not read (none in a document of 300 pages comes near). */
const MAX_INFLATED = 64 * 1024 * 1024;

/** One character per byte (a PDF's structure is ASCII), in slices small enough for fromCharCode; workerd's TextDecoder has no latin1. */
const latin1 = {
  decode(bytes: Uint8Array): string {
    const parts: string[] = [];
    for (let at = 0; at < bytes.byteLength; at += 32_768) parts.push(String.fromCharCode(...bytes.subarray(at, at + 32_768)));
    return parts.join("");
  },
};
const PAGES = /\/Type\s*\/Pages(?![A-Za-z])/g;
const OBJSTM = /\/Type\s*\/ObjStm(?![A-Za-z])/g;

/** Where the dictionary `<< … >>` around `at` starts and ends, found by matching the nesting both ways; null when unbalanced within the text. */
function enclosingDict(text: string, at: number): { start: number; end: number } | null {
  let depth = 0;
  let start = -1;
  for (let i = at; i > 0; i--) {
    if (text[i] === ">" && text[i - 1] === ">") {
      depth++;
      i--;
    } else if (text[i] === "<" && text[i - 1] === "<") {
      if (depth === 0) {
        start = i - 1;
        break;
      }
      depth--;
      i--;
    }
  }
  if (start < 0) return null;
  depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    if (text[i] === "<" && text[i + 1] === "<") {
      depth++;
      i++;
    } else if (text[i] === ">" && text[i + 1] === ">") {
      depth--;
      i++;
      if (depth === 0) return { start, end: i + 1 };
    }
  }
  return null;
}

/** The `/Count` of the page-tree node whose `/Type /Pages` is at `at`. */
function countAt(text: string, at: number): number | null {
  const dict = enclosingDict(text, at);
  const count = dict ? /\/Count\s+(\d{1,7})(?!\d)/.exec(text.slice(dict.start, dict.end)) : null;
  return count?.[1] ? Number(count[1]) : null;
}

/** The `/Count` of every page-tree node in this text. */
function countsIn(text: string): number[] {
  return [...text.matchAll(PAGES)].flatMap((match) => countAt(text, match.index) ?? []);
}

async function inflate(data: Uint8Array): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
    const reader = stream.getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_INFLATED) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  } catch {
    // A damaged or encrypted stream: its objects stay unread.
    return null;
  }
}

/** The inflated bytes of the Flate object stream whose dictionary is around `at`, read from the source. */
async function objectStream(source: ByteSource, text: string, at: number, base: number): Promise<string | null> {
  const bounds = enclosingDict(text, at);
  if (!bounds) return null;
  const dict = text.slice(bounds.start, bounds.end);
  if (!/\/Filter\s*\/FlateDecode(?![A-Za-z])/.test(dict) || /\/DecodeParms/.test(dict)) return null;
  // A length given as an indirect reference (`/Length 12 0 R`) is not followed: that stream stays unread.
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  const dictEnd = bounds.end;
  const keyword = /^\s*stream\r?\n/.exec(text.slice(dictEnd, dictEnd + 16));
  if (!length?.[1] || !keyword) return null;
  const data = await (source.readSpan ?? source.read)(base + dictEnd + keyword[0].length, Number(length[1]));
  const inflated = await inflate(data);
  return inflated ? latin1.decode(inflated) : null;
}

export async function countPdfPages(source: ByteSource): Promise<number | null> {
  const read = (source.readSpan ?? source.read).bind(source);
  const counts: number[] = [];
  const streams: string[] = [];
  for (let offset = 0; offset < source.size; offset += SPAN_BYTES) {
    // Each span is read with a dictionary's worth more, so a node that straddles two spans is whole in the first.
    const text = latin1.decode(await read(offset, SPAN_BYTES + DICT_WINDOW));
    const inSpan = (index: number) => index < SPAN_BYTES;
    for (const match of text.matchAll(PAGES)) {
      if (!inSpan(match.index)) continue;
      const count = countAt(text, match.index);
      if (count !== null) counts.push(count);
    }
    if (counts.length > 0) continue;
    for (const match of text.matchAll(OBJSTM)) {
      if (!inSpan(match.index)) continue;
      const inflated = await objectStream(source, text, match.index, offset);
      if (inflated) streams.push(inflated);
    }
  }
  if (counts.length === 0) for (const text of streams) counts.push(...countsIn(text));
  return counts.length > 0 ? Math.max(...counts) : null;
}
