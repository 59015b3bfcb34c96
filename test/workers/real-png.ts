import { assemblePng } from "../support/png-bytes.js";

/**
 * A real, decodable RGB PNG of `width` x `height` made inside workerd (its CompressionStream writes
 * zlib, as IDAT wants), the left half red, the right half blue so a crop shows which side it kept:
 * the Images binding's local stand-in decodes what it is given, unlike the header-only fixtures.
 */
export async function realPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const row = new Uint8Array(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], 1 + x * 3);
  const raw = new Uint8Array(row.length * height);
  for (let y = 0; y < height; y++) raw.set(row, y * row.length);
  const idat = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  return assemblePng(width, height, idat);
}
