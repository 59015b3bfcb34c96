import { type ByteSource, CorruptMedia, UnreadableMedia, ascii, bytesSource, readExact, u16be, u32be } from "./byte-source.js";
import { type Box, boxes, child, isHeicBrand } from "./iso-bmff.js";

/*
 * HEIC (HEIF with HEVC pictures, ISO/IEC 23008-12): how phones store photos. An ISO container
 * like MP4, but the picture is an item described in `meta`, not a track:
 *
 *   ftyp                   major brand `heic`/`heix`/`heim`/`heis`, or `mif1` with `heic` compatible
 *   meta/pitm              the primary item (the photo; the rest are thumbnails, tiles, EXIF)
 *   meta/iprp/ipco         the item properties, numbered from 1: `ispe` (size), `irot` (turn), …
 *   meta/iprp/ipma         which properties belong to which item
 *   meta/iinf/infe         each item's type (`hvc1`, `grid`, `Exif`)
 *
 * The size shown is the primary item's `ispe`, swapped when its `irot` turns it a quarter:
 * HEIF readers turn the picture by `irot`, never by the EXIF orientation.
 */

export interface HeifFacts {
  width: number;
  height: number;
  /** The file has an EXIF item (camera, GPS position). */
  hasExif: boolean;
}

/** A FullBox's version and flags, and where its body starts. */
async function fullBox(source: ByteSource, box: Box, what: string) {
  const head = await readExact(source, box.payload, 4, what);
  return { version: head[0] ?? 0, flags: u32be(head, 0) & 0xffffff, body: box.payload + 4 };
}

/** The property indexes (1-based) `ipma` gives the item. */
async function propertiesOf(source: ByteSource, ipma: Box, item: number): Promise<number[]> {
  const { version, flags, body } = await fullBox(source, ipma, "property associations");
  const bytes = await readExact(source, body, ipma.end - body, "property associations");
  const idSize = version < 1 ? 2 : 4;
  const indexSize = flags & 1 ? 2 : 1;
  let at = 4;
  for (let entry = u32be(bytes, 0); entry > 0; entry--) {
    if (at + idSize + 1 > bytes.byteLength) break;
    const id = idSize === 2 ? u16be(bytes, at) : u32be(bytes, at);
    const count = bytes[at + idSize] ?? 0;
    at += idSize + 1;
    const indexes: number[] = [];
    for (let i = 0; i < count; i++, at += indexSize) indexes.push(indexSize === 2 ? u16be(bytes, at) & 0x7fff : (bytes[at] ?? 0) & 0x7f);
    if (id === item) return indexes;
  }
  return [];
}

async function hasExifItem(source: ByteSource, meta: Box, budget: { left: number }): Promise<boolean> {
  const iinf = await child(source, meta, "iinf", budget);
  if (!iinf) return false;
  const { version, body } = await fullBox(source, iinf, "item information");
  for await (const infe of boxes(source, body + (version === 0 ? 2 : 4), iinf.end, budget)) {
    if (infe.type !== "infe") continue;
    const v = await fullBox(source, infe, "item entry");
    // v2: item_ID(2) protection(2) type(4); v3: item_ID(4) protection(2) type(4).
    if (v.version < 2) continue;
    const typeAt = v.body + (v.version === 2 ? 4 : 6);
    if (ascii(await readExact(source, typeAt, 4, "item type"), 0, 4) === "Exif") return true;
  }
  return false;
}

/** Size and metadata of a HEIC photo, from its box headers and a few small boxes; the picture itself is not decoded. */
export async function readHeifFacts(source: ByteSource): Promise<HeifFacts> {
  const budget = { left: 20_000 };
  let meta: Box | null = null;
  let lastEnd = 0;
  for await (const box of boxes(source, 0, source.size, budget)) {
    if (box.type === "meta") meta ??= box;
    lastEnd = box.end;
  }
  if (lastEnd < source.size) throw new CorruptMedia(`the file ends inside a box header at byte ${lastEnd} (it is cut short)`);
  if (!meta) throw new UnreadableMedia("the HEIC has no `meta` box (which describes its pictures)");
  // meta is a FullBox: its children start after version and flags.
  const inner: Box = { ...meta, payload: meta.payload + 4 };
  const pitm = await child(source, inner, "pitm", budget);
  const iprp = await child(source, inner, "iprp", budget);
  const ipco = iprp ? await child(source, iprp, "ipco", budget) : null;
  const ipma = iprp ? await child(source, iprp, "ipma", budget) : null;
  if (!pitm || !ipco || !ipma) throw new UnreadableMedia("the HEIC names no primary picture or gives it no properties (`pitm`, `ipco`, `ipma`)");
  const p = await fullBox(source, pitm, "primary item");
  const primary = p.version === 0 ? u16be(await readExact(source, p.body, 2, "primary item"), 0) : u32be(await readExact(source, p.body, 4, "primary item"), 0);
  const wanted = new Set(await propertiesOf(source, ipma, primary));
  let size: { width: number; height: number } | null = null;
  let quarterTurn = false;
  let index = 0;
  for await (const property of boxes(source, ipco.payload, ipco.end, budget)) {
    index += 1;
    if (!wanted.has(index)) continue;
    if (property.type === "ispe") {
      const body = await readExact(source, property.payload + 4, 8, "picture size");
      size = { width: u32be(body, 0), height: u32be(body, 4) };
    }
    if (property.type === "irot") quarterTurn = (((await readExact(source, property.payload, 1, "picture turn"))[0] ?? 0) & 1) === 1;
  }
  if (!size || size.width === 0 || size.height === 0) throw new UnreadableMedia("the HEIC's primary picture gives no size (`ispe`)");
  const hasExif = await hasExifItem(source, inner, budget);
  return quarterTurn ? { width: size.height, height: size.width, hasExif } : { ...size, hasExif };
}

/** Whether a file in memory is a HEIC, from its `ftyp` brands (for transformers, which get bytes, not a source). */
export function isHeicFile(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const size = Math.min(u32be(bytes, 0), bytes.byteLength);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(bytes, at, 4));
  return isHeicBrand(ascii(bytes, 8, 4), compatible);
}

/** readHeifFacts on a file in memory. */
export const heicFileFacts = (bytes: Uint8Array): Promise<HeifFacts> => readHeifFacts(bytesSource(bytes));
