import { type ByteSource, CorruptMedia, ascii, readExact, u16be, u32be, u32le } from "./byte-source.js";

/*
 * A header only says what a file claims to be: a PNG cut after its IHDR still "is" 1080x1080.
 * These checks walk the structure that carries the picture, by lengths alone (no pixel is
 * decoded), and refuse a file whose bytes end before it does.
 */

/** Bound on chunks walked: a 20 MB PNG written in 8 KB IDAT chunks has about 2,500. */
const MAX_PNG_CHUNKS = 100_000;

/** PNG: `length(4) type(4) data crc(4)` chunks from byte 8: IHDR first, at least one IDAT, then IEND, all inside the file. */
export async function verifyPng(source: ByteSource): Promise<void> {
  let offset = 8;
  let sawData = false;
  for (let index = 0; index < MAX_PNG_CHUNKS; index += 1) {
    const header = await readExact(source, offset, 8, index === 0 ? "IHDR chunk" : "IEND chunk (it is cut short)");
    const length = u32be(header, 0);
    const type = ascii(header, 4, 4);
    // The standard caps a chunk at 2^31-1 bytes; the 4-byte CRC follows the data.
    if (length > 0x7fffffff || offset + 12 + length > source.size) throw new CorruptMedia(`the PNG's \`${type}\` chunk at byte ${offset} runs past the end of the file (it is cut short)`);
    if (index === 0 && type !== "IHDR") throw new CorruptMedia("the PNG does not start with an IHDR chunk");
    if (type === "IDAT") sawData = true;
    if (type === "IEND") {
      if (!sawData) throw new CorruptMedia("the PNG has no image data (IDAT chunk)");
      return;
    }
    offset += 12 + length;
  }
  throw new CorruptMedia("the PNG has more chunks than any real image");
}

/** How far back from the end to look for a JPEG's end-of-image marker (metadata may follow it). */
const JPEG_TAIL_BYTES = 1024 * 1024;
const TAIL_BLOCK = 64 * 1024;

/**
 * JPEG: the marker segments from SOI, each inside the file, must reach a start-of-scan (SOS);
 * after the scan data an end-of-image marker (FF D9) must follow. Inside scan data FF is always
 * followed by 00 or a restart marker, so FF D9 after the scan header can only be an EOI. Writers
 * may append metadata after it (phone makers do), so it is looked for in the last megabyte.
 */
export async function verifyJpeg(source: ByteSource): Promise<void> {
  let offset = 2;
  let scanAt = -1;
  for (let segments = 0; segments < 4096 && scanAt < 0; segments += 1) {
    let marker = 0xff;
    while (marker === 0xff) {
      marker = (await readExact(source, offset, 1, "image data (it is cut short)"))[0] ?? 0;
      offset += 1;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9) throw new CorruptMedia("the JPEG ends (EOI) before any image data (SOS)");
    const length = u16be(await readExact(source, offset, 2, "segment length"), 0);
    if (length < 2 || offset + length > source.size) throw new CorruptMedia(`a JPEG segment at byte ${offset} runs past the end of the file (it is cut short)`);
    offset += length;
    if (marker === 0xda) scanAt = offset;
  }
  if (scanAt < 0) throw new CorruptMedia("the JPEG has no image data (SOS) after its headers");
  const stop = Math.max(scanAt, source.size - JPEG_TAIL_BYTES);
  for (let end = source.size; end > stop; end -= TAIL_BLOCK - 1) {
    // Blocks overlap by one byte so a marker split across two blocks is still seen.
    const from = Math.max(stop, end - TAIL_BLOCK);
    const block = await source.read(from, end - from);
    for (let i = block.byteLength - 2; i >= 0; i -= 1) if (block[i] === 0xff && block[i + 1] === 0xd9) return;
    if (from === stop) break;
  }
  throw new CorruptMedia("the JPEG has no end-of-image marker after its image data (it is cut short)");
}

/** WebP: the RIFF header's length is the file's length minus 8, and the first chunk fits inside it. */
export async function verifyWebp(source: ByteSource): Promise<void> {
  const head = await readExact(source, 0, 20, "first WebP chunk");
  const riffEnd = u32le(head, 4) + 8;
  if (riffEnd > source.size) throw new CorruptMedia(`the WebP's RIFF header says ${riffEnd} bytes but the file has ${source.size} (it is cut short)`);
  if (riffEnd < source.size) throw new CorruptMedia(`the WebP's RIFF header says ${riffEnd} bytes but the file has ${source.size}`);
  if (20 + u32le(head, 16) > riffEnd) throw new CorruptMedia(`the WebP's \`${ascii(head, 12, 4).trim()}\` chunk runs past the end of the file`);
}

/** GIF: the last byte is the trailer (0x3B) that closes the stream. */
export async function verifyGif(source: ByteSource): Promise<void> {
  const [last] = await source.read(source.size - 1, 1);
  if (last !== 0x3b) throw new CorruptMedia("the GIF does not end with its trailer byte (it is cut short)");
}
