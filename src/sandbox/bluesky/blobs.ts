import type { SimulatorDeps } from "../types.js";
import { PLATFORM } from "./accounts.js";
import { cidFor, toBase64 } from "./wire.js";

/**
 * The simulated PDS's blob store, apart from repo.ts so that record validation (post-validation.ts),
 * which looks blobs up, does not import the routes that call it.
 */

export interface StoredBlob {
  mimeType: string;
  size: number;
  base64: string;
}

export async function storeBlob(deps: SimulatorDeps, did: string, bytes: Uint8Array, mimeType: string) {
  const cid = await cidFor(bytes, "raw");
  await deps.store.put<StoredBlob>(PLATFORM, "blob", `${did}/${cid}`, { mimeType, size: bytes.byteLength, base64: toBase64(bytes) }, did);
  return { $type: "blob", ref: { $link: cid }, mimeType, size: bytes.byteLength };
}
