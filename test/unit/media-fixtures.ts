/**
 * Tiny but valid media files, built byte by byte, for the format parsers and the upload tests.
 * Only the structures the parsers read are real (markers, chunk and box headers); pixel data is
 * filler.
 */

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.byteLength;
  }
  return out;
}

const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u64be = (n: number) => [...u32be(Math.floor(n / 2 ** 32)), ...u32be(n >>> 0)];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const u32le = (n: number) => [...u24le(n), (n >>> 24) & 0xff];
const filler = (n: number, byte = 0x5a) => new Uint8Array(n).fill(byte);

// --- JPEG ---------------------------------------------------------------------------------

const segment = (marker: number, payload: Uint8Array | number[]) => {
  const body = payload instanceof Uint8Array ? payload : Uint8Array.from(payload);
  return concat([0xff, marker, ...u16be(body.byteLength + 2)], body);
};

/** SOI, JFIF APP0, an EXIF APP1 of `exifBytes`, DQT, SOFn with the size, DHT, SOS, scan data, EOI. */
export function jpeg(width: number, height: number, options: { exifBytes?: number; sof?: number; fillBytes?: boolean } = {}): Uint8Array<ArrayBuffer> {
  // A segment's length is 16 bits, so one APP1 holds at most 65,533 bytes.
  const exif = concat(text("Exif\0\0"), filler(Math.min(options.exifBytes ?? 64, 65_527)));
  return concat(
    [0xff, 0xd8],
    segment(0xe0, [...text("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xe1, exif),
    segment(0xdb, concat([0], filler(64, 1))),
    // Fill bytes before a marker are allowed by the standard.
    options.fillBytes ? [0xff, 0xff] : [],
    segment(options.sof ?? 0xc0, [8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    segment(0xc4, concat([0], filler(28, 0))),
    segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]),
    filler(32, 0x12),
    [0xff, 0xd9],
  );
}

// --- PNG, GIF, WebP -------------------------------------------------------------------------

export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [...u32be(13), ...text("IHDR"), ...u32be(width), ...u32be(height), 8, 2, 0, 0, 0, 0, 0, 0, 0],
    [...u32be(12), ...text("IDAT"), ...filler(12, 0x78), 0, 0, 0, 0],
    [...u32be(0), ...text("IEND"), 0xae, 0x42, 0x60, 0x82],
  );
}

export function gif(width: number, height: number): Uint8Array<ArrayBuffer> {
  return concat(text("GIF89a"), u16le(width), u16le(height), [0, 0, 0], [0x3b]);
}

const riff = (chunk: string, payload: Uint8Array) => {
  const padded = payload.byteLength % 2 ? concat(payload, [0]) : payload;
  return concat(text("RIFF"), u32le(4 + 8 + padded.byteLength), text("WEBP"), text(chunk), u32le(payload.byteLength), padded);
};

/** Lossy: a key frame's tag, start code 9D 01 2A, then 14-bit width and height. */
export function webpLossy(width: number, height: number): Uint8Array<ArrayBuffer> {
  return riff("VP8 ", concat([0x30, 0x01, 0x00], [0x9d, 0x01, 0x2a], u16le(width), u16le(height), filler(16)));
}

/** Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian bit order. */
export function webpLossless(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff("VP8L", concat([0x2f], u32le(bits >>> 0), filler(8)));
}

/** Extended: flags, 3 reserved bytes, canvas width-1 and height-1 in 24 bits each. */
export function webpExtended(width: number, height: number): Uint8Array<ArrayBuffer> {
  return riff("VP8X", concat([0x10, 0, 0, 0], u24le(width - 1), u24le(height - 1)));
}

// --- ISO BMFF (MP4, MOV) ----------------------------------------------------------------------

export const box = (type: string, ...children: (Uint8Array | number[])[]) => {
  const payload = concat(...children);
  return concat(u32be(8 + payload.byteLength), text(type), payload);
};
/** A box with a 64-bit size (size field 1, then largesize). */
const largeBox = (type: string, payload: Uint8Array) => concat(u32be(1), text(type), u64be(16 + payload.byteLength), payload);

export const ftyp = (major: string, ...compatible: string[]) => box("ftyp", text(major), u32be(0x200), ...compatible.map(text));

const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
/** A quarter turn, as phones write for portrait recordings. */
export const ROTATE_90 = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
const matrix = (values: number[]) => values.flatMap((v) => u32be(v >>> 0));

export function mvhd(timescale: number, duration: number, version: 0 | 1 = 0): Uint8Array<ArrayBuffer> {
  const times = version === 1 ? [...u64be(0), ...u64be(0), ...u32be(timescale), ...u64be(duration)] : [...u32be(0), ...u32be(0), ...u32be(timescale), ...u32be(duration)];
  return box("mvhd", [version, 0, 0, 0], times, u32be(0x10000), u16be(0x100), filler(10, 0), matrix(IDENTITY), filler(24, 0), u32be(2));
}

export function tkhd(width: number, height: number, options: { version?: 0 | 1; matrix?: number[] } = {}): Uint8Array<ArrayBuffer> {
  const v1 = options.version === 1;
  const times = v1 ? [...u64be(0), ...u64be(0), ...u32be(1), ...u32be(0), ...u64be(0)] : [...u32be(0), ...u32be(0), ...u32be(1), ...u32be(0), ...u32be(0)];
  return box("tkhd", [v1 ? 1 : 0, 0, 0, 3], times, filler(8, 0), u16be(0), u16be(0), u16be(0), u16be(0), matrix(options.matrix ?? IDENTITY), u32be(width * 65536), u32be(height * 65536));
}

const hdlr = (handler: string) => box("hdlr", [0, 0, 0, 0], u32be(0), text(handler), filler(12, 0), [0]);

/** A visual sample entry carrying the coded size, for tracks whose tkhd gives 0x0. */
const stsd = (width: number, height: number) => box("stsd", [0, 0, 0, 0], u32be(1), box("avc1", filler(6, 0), u16be(1), filler(16, 0), u16be(width), u16be(height), filler(50, 0)));

export function trak(handler: "vide" | "soun", width: number, height: number, options: { version?: 0 | 1; matrix?: number[]; codedSize?: [number, number] } = {}): Uint8Array<ArrayBuffer> {
  const minf = options.codedSize ? [box("minf", box("stbl", stsd(...options.codedSize)))] : [];
  return box("trak", tkhd(width, height, options), box("mdia", box("mdhd", filler(24, 0)), hdlr(handler), ...minf));
}

export interface Mp4Options {
  brand?: string;
  compatible?: string[];
  timescale?: number;
  duration?: number;
  version?: 0 | 1;
  /** Put moov after the media data (as most cameras write it). */
  moovLast?: boolean;
  /** mdat with a 64-bit size. */
  largeMdat?: boolean;
  mdatBytes?: number;
  tracks?: Uint8Array[];
  extraMoov?: Uint8Array[];
  /** Leave out ftyp (an old QuickTime file). */
  noFtyp?: boolean;
}

/** ftyp + moov(mvhd, trak(tkhd, mdia(hdlr))) + mdat, in either order. */
export function mp4(width: number, height: number, options: Mp4Options = {}): Uint8Array<ArrayBuffer> {
  const moov = box(
    "moov",
    mvhd(options.timescale ?? 1000, options.duration ?? 12_500, options.version ?? 0),
    ...(options.tracks ?? [trak("vide", width, height, { version: options.version ?? 0 })]),
    ...(options.extraMoov ?? []),
  );
  const payload = filler(options.mdatBytes ?? 256, 0x77);
  const mdat = options.largeMdat ? largeBox("mdat", payload) : box("mdat", payload);
  const head = options.noFtyp ? [] : [ftyp(options.brand ?? "isom", ...(options.compatible ?? ["isom", "iso2", "avc1", "mp41"]))];
  return options.moovLast ? concat(...head, box("free"), mdat, moov) : concat(...head, moov, mdat);
}

export const mehd = (duration: number) => box("mvex", box("mehd", [0, 0, 0, 0], u32be(duration)));
