import { type ByteSource, CorruptMedia, UnreadableMedia, ascii, i32be, readExact, u16be, u32be, u64be } from "./byte-source.js";

/*
 * MP4 and QuickTime (ISO/IEC 14496-12 base media file format): a tree of boxes, each
 * `size(4) type(4) [largesize(8)] payload`. We read box headers only, jumping over payloads (a
 * video's `mdat` is nearly the whole file), down to the few small boxes that hold the facts:
 *
 *   ftyp                      major brand: `qt  ` is QuickTime, the ISO/MP4 brands are MP4
 *   moov/mvhd                 timescale and duration of the presentation
 *   moov/mvex/mehd            duration of a fragmented file, whose mvhd duration is 0
 *   moov/trak/mdia/hdlr       handler `vide` marks a video track (the first one counts)
 *   moov/trak/tkhd            that track's width and height, 16.16 fixed point, and its matrix
 *   moov/trak/mdia/minf/stbl/stsd   the coded size, when tkhd gives none
 */

export type IsoBrand = "video/mp4" | "video/quicktime" | "image/heic";

export interface VideoFacts {
  width: number;
  height: number;
  durationSeconds: number | null;
}

export interface Box {
  type: string;
  start: number;
  /** First byte after the header. */
  payload: number;
  end: number;
}

/** Bound on boxes visited, so a crafted file of millions of empty boxes cannot keep us busy. */
const MAX_BOXES = 20_000;

/** Brands of HEIF/AVIF images and of audio-only files: ISO containers, but not video we take. */
const NOT_VIDEO_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis", "M4A ", "M4B ", "M4P ", "crx "]);
const MP4_BRANDS = /^(isom|iso[2-9a-z]|mp4[12]|mp71|avc1|M4V[ HP]|dash|mmp4|msnv|f4v |3gp[4-9]|3g2[a-c]|hvc1|av01)$/;
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis"]);

/** Whether an `ftyp` (major brand, compatible brands) names an HEVC-coded HEIF still image. */
export function isHeicBrand(major: string, compatible: readonly string[]): boolean {
  return HEIC_BRANDS.has(major) || (major === "mif1" && compatible.some((b) => HEIC_BRANDS.has(b)));
}

/** Top-level atoms an old QuickTime file (before `ftyp` existed) may start with. */
const QUICKTIME_FIRST_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

export async function* boxes(source: ByteSource, from: number, to: number, budget: { left: number }): AsyncGenerator<Box> {
  let offset = from;
  while (offset + 8 <= to) {
    budget.left -= 1;
    if (budget.left < 0) throw new UnreadableMedia("the video has more boxes than any real file");
    const header = await source.read(offset, 16);
    if (header.byteLength < 8) throw new UnreadableMedia(`the file ends inside a box header at byte ${offset}`);
    const type = ascii(header, 4, 4);
    let size: number | null = u32be(header, 0);
    let headerSize = 8;
    if (size === 1) {
      // 64-bit size (files or boxes over 4 GB).
      size = header.byteLength >= 16 ? u64be(header, 8) : null;
      headerSize = 16;
      if (size === null) throw new UnreadableMedia(`the \`${type}\` box at byte ${offset} has an impossible size`);
    } else if (size === 0) {
      // "Extends to the end of the file": only valid for the last box.
      size = to - offset;
    }
    if (size < headerSize || offset + size > to) throw new CorruptMedia(`the \`${type}\` box at byte ${offset} runs past the end of ${to === source.size ? "the file" : "its parent box"}`);
    yield { type, start: offset, payload: offset + headerSize, end: offset + size };
    offset += size;
  }
}

export async function child(source: ByteSource, parent: Box, type: string, budget: { left: number }): Promise<Box | null> {
  for await (const box of boxes(source, parent.payload, parent.end, budget)) if (box.type === type) return box;
  return null;
}

/** MP4, QuickTime or HEIC from the `ftyp` brands (or an ftyp-less QuickTime file's first atom); null for anything else. */
export async function isoBrand(source: ByteSource): Promise<IsoBrand | null> {
  const head = await source.read(0, 16);
  if (head.byteLength < 12) return null;
  const firstType = ascii(head, 4, 4);
  if (firstType !== "ftyp") return QUICKTIME_FIRST_ATOMS.has(firstType) && u32be(head, 0) >= 8 ? "video/quicktime" : null;
  const size = u32be(head, 0);
  if (size < 16 || size > 4096) return null;
  const ftyp = await source.read(0, size);
  if (ftyp.byteLength < size) return null;
  const major = ascii(ftyp, 8, 4);
  if (major === "qt  ") return "video/quicktime";
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(ftyp, at, 4));
  if (isHeicBrand(major, compatible)) return "image/heic";
  if (NOT_VIDEO_BRANDS.has(major)) return null;
  if (MP4_BRANDS.test(major) || compatible.some((brand) => MP4_BRANDS.test(brand))) return "video/mp4";
  return compatible.includes("qt  ") ? "video/quicktime" : null;
}

async function movieDuration(source: ByteSource, moov: Box, budget: { left: number }): Promise<number | null> {
  const mvhd = await child(source, moov, "mvhd", budget);
  if (!mvhd) throw new UnreadableMedia("the video's `moov` box has no movie header (`mvhd`)");
  const body = await readExact(source, mvhd.payload, 32, "movie header");
  const v1 = body[0] === 1;
  const timescale = u32be(body, v1 ? 20 : 12);
  let duration = v1 ? u64be(body, 24) : u32be(body, 16);
  // All ones means "unknown" in both versions.
  if ((!v1 && duration === 0xffffffff) || (v1 && duration === null)) duration = null;
  if (!duration) {
    const mvex = await child(source, moov, "mvex", budget);
    const mehd = mvex ? await child(source, mvex, "mehd", budget) : null;
    if (mehd) {
      const v1Fragment = (await readExact(source, mehd.payload, 1, "fragment duration"))[0] === 1;
      const fragment = await readExact(source, mehd.payload, v1Fragment ? 12 : 8, "fragment duration");
      duration = v1Fragment ? u64be(fragment, 4) : u32be(fragment, 4);
    }
  }
  if (!timescale || !duration) return null;
  return Math.round((duration / timescale) * 1000) / 1000;
}

async function isVideoTrack(source: ByteSource, trak: Box, budget: { left: number }): Promise<Box | null> {
  const mdia = await child(source, trak, "mdia", budget);
  const hdlr = mdia ? await child(source, mdia, "hdlr", budget) : null;
  if (!mdia || !hdlr) return null;
  // ISO: version/flags(4) pre_defined(4) handler_type(4); QuickTime: …(4) component type(4) subtype(4).
  const handler = await readExact(source, hdlr.payload, 12, "track handler");
  return ascii(handler, 8, 4) === "vide" ? mdia : null;
}

/** The coded size from the first visual sample entry, for files whose tkhd says 0x0. */
async function sampleEntrySize(source: ByteSource, mdia: Box, budget: { left: number }): Promise<{ width: number; height: number } | null> {
  const minf = await child(source, mdia, "minf", budget);
  const stbl = minf ? await child(source, minf, "stbl", budget) : null;
  const stsd = stbl ? await child(source, stbl, "stsd", budget) : null;
  if (!stsd) return null;
  // version/flags(4) entry_count(4), then the entry: size(4) format(4) reserved(6) data_ref(2) 16 bytes, width(2) height(2).
  const entry = await source.read(stsd.payload + 8, 36);
  if (entry.byteLength < 36) return null;
  return { width: u16be(entry, 32), height: u16be(entry, 34) };
}

/**
 * Width, height and duration of an MP4 or MOV file. The size is the first video track's display
 * size: tkhd's width and height, swapped when its matrix turns the picture a quarter turn (how
 * phones store portrait video), so a portrait clip is reported as portrait.
 */
export async function readVideoFacts(source: ByteSource): Promise<VideoFacts> {
  const budget = { left: MAX_BOXES };
  const top: Box = { type: "file", start: 0, payload: 0, end: source.size };
  // Every top-level box must fit the file: a recording cut short ends inside its last box.
  let moov: Box | null = null;
  let lastEnd = 0;
  let hasMediaData = false;
  for await (const box of boxes(source, top.payload, top.end, budget)) {
    if (box.type === "moov") moov ??= box;
    if (box.type === "mdat") hasMediaData = true;
    lastEnd = box.end;
  }
  if (lastEnd < source.size) throw new CorruptMedia(`the file ends inside a box header at byte ${lastEnd} (it is cut short)`);
  if (!hasMediaData) throw new CorruptMedia("the video has no media data (`mdat` box): the file is cut short");
  if (!moov) throw new CorruptMedia("the video has no `moov` box (the index of the video): the file is incomplete, or the recording was not finished");
  const durationSeconds = await movieDuration(source, moov, budget);
  for await (const trak of boxes(source, moov.payload, moov.end, budget)) {
    if (trak.type !== "trak") continue;
    const mdia = await isVideoTrack(source, trak, budget);
    if (!mdia) continue;
    const tkhd = await child(source, trak, "tkhd", budget);
    if (!tkhd) throw new UnreadableMedia("the video track has no track header (`tkhd`)");
    const v1 = (await readExact(source, tkhd.payload, 1, "track header"))[0] === 1;
    const body = await readExact(source, tkhd.payload, v1 ? 96 : 84, "track header");
    const matrixAt = v1 ? 52 : 40;
    let width = Math.round(u32be(body, matrixAt + 36) / 65536);
    let height = Math.round(u32be(body, matrixAt + 40) / 65536);
    if (width === 0 || height === 0) {
      const coded = await sampleEntrySize(source, mdia, budget);
      if (coded) ({ width, height } = coded);
    }
    if (width === 0 || height === 0) throw new UnreadableMedia("the video track gives no picture size");
    const [a, b, , c, d] = [0, 4, 8, 12, 16].map((at) => i32be(body, matrixAt + at));
    const quarterTurn = a === 0 && d === 0 && b !== 0 && c !== 0;
    return quarterTurn ? { width: height, height: width, durationSeconds } : { width, height, durationSeconds };
  }
  throw new UnreadableMedia("the file has no video track (an audio-only file?)");
}
