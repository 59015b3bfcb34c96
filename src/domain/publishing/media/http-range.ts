import type { ByteRange } from "../../../infra/media-storage/types.js";

/**
 * One `Range: bytes=…` request against a file of `size` bytes (RFC 9110 §14): `first-last`,
 * `first-` or the suffix `-count`. Returns null to serve the whole file (no header, another
 * unit, several ranges or a malformed one: a server may ignore those), or "unsatisfiable" when
 * the range starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const count = Number(last);
    if (count === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(count, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}
