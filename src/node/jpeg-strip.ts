/**
 * Removes the metadata segments from a baseline or progressive JPEG without touching its
 * compressed pixels: EXIF (GPS position, camera serial), XMP, IPTC, comments and every other
 * application block except the three a decoder needs to show the picture as it was (JFIF,
 * the ICC colour profile and Adobe's colour transform flag). A file that already fits a
 * network then keeps its exact quality and costs no decode or encode. Anything after the end
 * marker (phone trailers, a second picture with its own EXIF) is dropped too.
 * Returns null for a stream that does not parse as JPEG; the caller decodes it instead.
 */
export function stripJpegMetadata(input: Uint8Array): Uint8Array | null {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [input.subarray(0, 2)];
  let at = 2;
  while (at < input.length) {
    if (input[at] !== 0xff) return null;
    // Fill bytes: any number of 0xFF may precede a marker.
    while (input[at + 1] === 0xff) at++;
    const marker = input[at + 1];
    if (marker === undefined) return null;
    if (marker === 0xd9) {
      kept.push(input.subarray(at, at + 2));
      return concat(kept);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(input.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = ((input[at + 2] ?? 0) << 8) | (input[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > input.length) return null;
    if (keepSegment(marker, input.subarray(at + 4, end))) kept.push(input.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      const start = at;
      while (at < input.length - 1) {
        if (input[at] === 0xff) {
          const next = input[at + 1] ?? 0;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        at++;
      }
      if (at >= input.length - 1) return null;
      kept.push(input.subarray(start, at));
    }
  }
  return null;
}

const ascii = (bytes: Uint8Array, text: string) => bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));

function keepSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  if (marker === 0xe0) return ascii(payload, "JFIF\0");
  if (marker === 0xe2) return ascii(payload, "ICC_PROFILE\0");
  if (marker === 0xee) return ascii(payload, "Adobe");
  return false;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
