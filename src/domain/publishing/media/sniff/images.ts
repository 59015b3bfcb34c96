import { type ByteSource, UnreadableMedia, ascii, readExact, u16be, u16le, u24le, u32be, u32le } from "./byte-source.js";

export interface PixelSize {
  width: number;
  height: number;
}

function sized(width: number, height: number, format: string): PixelSize {
  if (width <= 0 || height <= 0) throw new UnreadableMedia(`the ${format} header gives a size of ${width}x${height} pixels`);
  return { width, height };
}

/** Start-of-frame markers carry the size: SOF0-3, 5-7, 9-11, 13-15 (C4 is DHT, C8 reserved, CC is DAC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const MAX_JPEG_SEGMENTS = 4096;

/**
 * JPEG: walk the marker segments from SOI, stepping over APPn (EXIF, ICC profiles, XMP can be
 * tens of kilobytes), comments and tables by their lengths, to the first start-of-frame, which
 * holds the height and width. Reaching the scan data or the end first means no frame header.
 */
export async function readJpegSize(source: ByteSource): Promise<PixelSize> {
  const soi = await readExact(source, 0, 2, "start marker");
  if (soi[0] !== 0xff || soi[1] !== 0xd8) throw new UnreadableMedia("the file does not start with a JPEG start-of-image marker");
  let offset = 2;
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS; segments++) {
    // Any number of 0xFF fill bytes may precede a marker.
    let marker = 0xff;
    let prefix = 0;
    while (marker === 0xff) {
      const [byte] = await readExact(source, offset, 1, "next marker");
      if (prefix === 0 && byte !== 0xff) throw new UnreadableMedia(`expected a JPEG marker at byte ${offset}`);
      marker = byte ?? 0;
      offset += 1;
      prefix += 1;
    }
    if (isStandalone(marker)) continue;
    if (marker === 0xd9 || marker === 0xda) break;
    const header = await readExact(source, offset, 2, "segment length");
    const length = u16be(header, 0);
    if (length < 2) throw new UnreadableMedia(`a JPEG segment at byte ${offset} has an impossible length`);
    if (isStartOfFrame(marker)) {
      const frame = await readExact(source, offset, 7, "frame header");
      return sized(u16be(frame, 5), u16be(frame, 3), "JPEG");
    }
    offset += length;
  }
  throw new UnreadableMedia("the JPEG has no frame header (SOF) before its image data");
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the IHDR chunk must come first, right after the signature: width and height, 4 bytes each. */
export async function readPngSize(source: ByteSource): Promise<PixelSize> {
  const head = await readExact(source, 0, 24, "IHDR chunk");
  if (PNG_SIGNATURE.some((byte, i) => head[i] !== byte)) throw new UnreadableMedia("the file does not start with the PNG signature");
  if (ascii(head, 12, 4) !== "IHDR" || u32be(head, 8) !== 13) throw new UnreadableMedia("the PNG does not start with an IHDR chunk");
  return sized(u32be(head, 16), u32be(head, 20), "PNG");
}

/** GIF: the logical screen descriptor right after `GIF87a`/`GIF89a`, little-endian. */
export async function readGifSize(source: ByteSource): Promise<PixelSize> {
  const head = await readExact(source, 0, 10, "logical screen descriptor");
  const signature = ascii(head, 0, 6);
  if (signature !== "GIF87a" && signature !== "GIF89a") throw new UnreadableMedia("the file does not start with a GIF signature");
  return sized(u16le(head, 6), u16le(head, 8), "GIF");
}

/**
 * WebP: a RIFF file whose first chunk is `VP8 ` (lossy: the frame header after the key-frame
 * start code 9D 01 2A, 14 bits each), `VP8L` (lossless: after the 0x2F signature, 14 bits each
 * of width-1 and height-1) or `VP8X` (extended: the canvas, 24 bits each of width-1 and height-1).
 */
export async function readWebpSize(source: ByteSource): Promise<PixelSize> {
  const head = await source.read(0, 30);
  if (ascii(head, 0, 4) !== "RIFF" || ascii(head, 8, 4) !== "WEBP") throw new UnreadableMedia("the file is not a RIFF WEBP file");
  const chunk = ascii(head, 12, 4);
  // A tiny lossless image can end before byte 30; each chunk kind needs its own number of bytes.
  const needed = chunk === "VP8L" ? 25 : 30;
  if (head.byteLength < needed) throw new UnreadableMedia("the file ends before its first WebP chunk");
  if (chunk === "VP8 ") {
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) throw new UnreadableMedia("the lossy WebP frame has no key-frame start code");
    return sized(u16le(head, 26) & 0x3fff, u16le(head, 28) & 0x3fff, "WebP");
  }
  if (chunk === "VP8L") {
    if (head[20] !== 0x2f) throw new UnreadableMedia("the lossless WebP stream has no signature byte");
    const bits = u32le(head, 21);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, "WebP");
  }
  if (chunk === "VP8X") return sized(u24le(head, 24) + 1, u24le(head, 27) + 1, "WebP");
  throw new UnreadableMedia(`the WebP starts with an unknown chunk \`${chunk.trim()}\``);
}
