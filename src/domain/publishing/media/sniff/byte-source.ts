import type { MediaStorage } from "../../../../infra/media-storage/types.js";

/**
 * Random access to a file's bytes, so the parsers read only what they need: a few bytes of an
 * image's header, or the box headers of a video up to its `moov` box, which may sit at the end
 * of a 500 MB file after the media data.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset`; fewer only where the file ends. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** A long span in one storage read, uncached, for a parser that scans a whole file (a PDF's page tree). */
  readSpan?(offset: number, length: number): Promise<Uint8Array>;
}

/** The file is not one we can read, said in words the uploader can act on. */
export class UnreadableMedia extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UnreadableMedia";
  }
}

/**
 * The file is a format we take, but its bytes do not hold what its header claims: it was cut
 * short (an upload that stopped early), or its chunk and box lengths point past its end.
 */
export class CorruptMedia extends UnreadableMedia {
  constructor(reason: string) {
    super(reason);
    this.name = "CorruptMedia";
  }
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(Math.min(offset, bytes.byteLength), Math.min(offset + length, bytes.byteLength)),
  };
}

const BLOCK_BYTES = 64 * 1024;
const CACHED_BLOCKS = 8;

/**
 * A stored file read in 64 KB blocks, the last few kept: parsers ask for a handful of bytes at
 * a time (JPEG markers, box headers), and on R2 each storage read is a subrequest, which a
 * Worker has a limited number of.
 */
export function storageSource(storage: MediaStorage, key: string, size: number): ByteSource {
  const blocks = new Map<number, Promise<Uint8Array>>();
  const block = (index: number): Promise<Uint8Array> => {
    const cached = blocks.get(index);
    if (cached) return cached;
    const offset = index * BLOCK_BYTES;
    const loading = storage.get(key, { offset, length: Math.min(BLOCK_BYTES, size - offset) }).then(async (object) => {
      if (!object) throw new UnreadableMedia("the stored file disappeared while it was being read");
      return new Uint8Array(await new Response(object.body).arrayBuffer());
    });
    blocks.set(index, loading);
    if (blocks.size > CACHED_BLOCKS) {
      const oldest = blocks.keys().next().value;
      if (oldest !== undefined) blocks.delete(oldest);
    }
    return loading;
  };
  return {
    size,
    async readSpan(offset, length) {
      const end = Math.min(offset + length, size);
      if (offset >= end) return new Uint8Array(0);
      const object = await storage.get(key, { offset, length: end - offset });
      if (!object) throw new UnreadableMedia("the stored file disappeared while it was being read");
      return new Uint8Array(await new Response(object.body).arrayBuffer());
    },
    async read(offset, length) {
      const end = Math.min(offset + length, size);
      if (offset >= end) return new Uint8Array(0);
      const out = new Uint8Array(end - offset);
      let at = offset;
      while (at < end) {
        const index = Math.floor(at / BLOCK_BYTES);
        const data = await block(index);
        const from = at - index * BLOCK_BYTES;
        const take = Math.min(data.byteLength - from, end - at);
        if (take <= 0) throw new UnreadableMedia("the stored file is shorter than its recorded size");
        out.set(data.subarray(from, from + take), at - offset);
        at += take;
      }
      return out;
    },
  };
}

/** Reads exactly `length` bytes or explains that the file ends too early. */
export async function readExact(source: ByteSource, offset: number, length: number, what: string): Promise<Uint8Array> {
  const bytes = await source.read(offset, length);
  if (bytes.byteLength < length) throw new CorruptMedia(`the file ends before its ${what}`);
  return bytes;
}

export const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
export const u32be = (b: Uint8Array, at: number) => (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
export const i32be = (b: Uint8Array, at: number) => u32be(b, at) | 0;
export const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
export const u32le = (b: Uint8Array, at: number) => (u24le(b, at) | ((b[at + 3] ?? 0) << 24)) >>> 0;
export const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** An unsigned 64-bit big-endian value, or null past 2^53 (no real file is that large). */
export function u64be(b: Uint8Array, at: number): number | null {
  const high = u32be(b, at);
  if (high > 0x1fffff) return null;
  return high * 2 ** 32 + u32be(b, at + 4);
}
