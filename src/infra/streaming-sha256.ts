import { createHash } from "node:crypto";
import { toHex } from "./crypto.js";

/**
 * SHA-256 of a stream as it passes through, so a file is fingerprinted while it streams to
 * storage instead of being held whole in memory (WebCrypto's digest takes one buffer only).
 * `node:crypto` hashing works on Node and on Workers (nodejs_compat).
 */
export function sha256Passthrough(): { stream: TransformStream<Uint8Array, Uint8Array>; digest: () => string } {
  const hash = createHash("sha256");
  let digest: string | null = null;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      digest = toHex(hash.digest());
    },
  });
  return {
    stream,
    digest: () => {
      if (digest === null) throw new Error("sha256Passthrough: the stream has not ended");
      return digest;
    },
  };
}
