/**
 * What an image's headers say without decoding it: the EXIF orientation, whether metadata
 * (EXIF, XMP, IPTC, text chunks) is there to strip, and whether it can have transparency. For
 * an engine that reports only the stored size (Cloudflare's Images binding `info`).
 */
export interface ImageHeaderFacts {
  format: "jpeg" | "png" | "webp" | "gif" | "heic" | "other";
  /** EXIF orientation 1-8 (1 when absent). */
  orientation: number;
  hasMetadata: boolean;
  hasAlpha: boolean;
}

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The orientation tag (0x0112) of a TIFF block (EXIF's body), or 1. */
function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = ascii(tiff, 0, 2) === "II";
  const u16 = (at: number) => (at + 2 <= tiff.length ? view.getUint16(at, little) : 0);
  const ifd = at32(view, 4, little);
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

const at32 = (view: DataView, at: number, little: boolean) => (at + 4 <= view.byteLength ? view.getUint32(at, little) : 0);

function jpegFacts(bytes: Uint8Array): ImageHeaderFacts {
  let orientation = 1;
  let hasMetadata = false;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan: the headers are over.
    if (marker === 0xda) break;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const body = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1 && ascii(body, 0, 6) === "Exif\0\0") {
      hasMetadata = true;
      orientation = exifOrientation(body.subarray(6));
    } else if (marker === 0xe1 || marker === 0xed || marker === 0xfe) hasMetadata = true;
    at += 2 + length;
  }
  return { format: "jpeg", orientation, hasMetadata, hasAlpha: false };
}

function pngFacts(bytes: Uint8Array): ImageHeaderFacts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let hasMetadata = false;
  let hasAlpha = false;
  let orientation = 1;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") hasAlpha = body[9] === 4 || body[9] === 6;
    else if (type === "tRNS") hasAlpha = true;
    else if (type === "eXIf") {
      hasMetadata = true;
      orientation = exifOrientation(body);
    } else if (type === "tEXt" || type === "iTXt" || type === "zTXt") hasMetadata = true;
    else if (type === "IDAT" || type === "IEND") break;
    at += 12 + length;
  }
  return { format: "png", orientation, hasMetadata, hasAlpha };
}

function webpFacts(bytes: Uint8Array): ImageHeaderFacts {
  const chunk = ascii(bytes, 12, 4);
  // VP8X flags: alpha 0x10, EXIF 0x08, XMP 0x04. Plain VP8 has no alpha; VP8L says so in its header.
  const flags = chunk === "VP8X" ? (bytes[20] ?? 0) : 0;
  const losslessAlpha = chunk === "VP8L" && (((bytes[24] ?? 0) >> 4) & 1) === 1;
  let orientation = 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at + 4, true);
    if (ascii(bytes, at, 4) === "EXIF") {
      const body = bytes.subarray(at + 8, at + 8 + length);
      orientation = exifOrientation(ascii(body, 0, 6) === "Exif\0\0" ? body.subarray(6) : body);
    }
    at += 8 + length + (length % 2);
  }
  return { format: "webp", orientation, hasMetadata: (flags & 0x0c) !== 0, hasAlpha: (flags & 0x10) !== 0 || losslessAlpha };
}

/** The facts of a JPEG, PNG, WebP or GIF read from its headers; HEIC and anything else only named. */
export function imageHeaderFacts(bytes: Uint8Array): ImageHeaderFacts {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegFacts(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return pngFacts(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webpFacts(bytes);
  if (ascii(bytes, 0, 4) === "GIF8") return { format: "gif", orientation: 1, hasMetadata: false, hasAlpha: true };
  if (ascii(bytes, 4, 4) === "ftyp" && /^(heic|heix|heim|heis|mif1|msf1|hevc)$/.test(ascii(bytes, 8, 4))) return { format: "heic", orientation: 1, hasMetadata: true, hasAlpha: false };
  return { format: "other", orientation: 1, hasMetadata: false, hasAlpha: false };
}
