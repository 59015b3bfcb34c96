import * as nodeCrypto from "node:crypto";
const encoder = new TextEncoder();

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The one-shot `hash` where the runtime has it (Node 20.12+): no Hash object per call, a third of
 * `createHash`'s time for an API key. Workers' nodejs_compat may lack it, hence the fallback.
 */
const oneShot: ((algorithm: string, data: string, encoding: "hex") => string) | undefined = typeof nodeCrypto.hash === "function" ? nodeCrypto.hash : undefined;

/**
 * `node:crypto`'s hash (Node, and Workers with nodejs_compat) rather than WebCrypto's: on Node
 * `crypto.subtle.digest` hands every call to the thread pool, 75 µs for an API key against 2 µs
 * here (bench/breakdown.ts), and every authenticated request hashes its key.
 */
export async function sha256Hex(input: string): Promise<string> {
  return oneShot ? oneShot("sha256", input, "hex") : nodeCrypto.createHash("sha256").update(input, "utf8").digest("hex");
}

/** JSON with object keys sorted, so two bodies that differ only in key order fingerprint alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Compares two strings in time independent of where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}
