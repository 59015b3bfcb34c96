const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Random bytes drawn from the platform's CSPRNG a block at a time, each handed out once: one
 * `getRandomValues` call cost more than the rest of making an id, and every request makes
 * several (its request id, a post's target ids, jobs, events).
 */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

function randomByte(): number {
  if (used === POOL_BYTES) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  const byte = pool[used] ?? 0;
  // Zeroed once read: a byte handed out is never left in memory to be read again.
  pool[used++] = 0;
  return byte;
}

/** Random, URL-safe, non-sequential: ids never reveal counts or order of other tenants' records. */
export function randomString(length: number): string {
  let out = "";
  // 62 symbols: rejecting bytes >= 248 keeps the distribution uniform.
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += alphabet[byte % 62];
  }
  return out;
}

export type IdPrefix = "ws" | "agt" | "prf" | "acc" | "med" | "post" | "tgt" | "evt" | "aud" | "whk" | "req" | "cred" | "job" | "whd" | "wha" | "live" | "thr" | "mvr" | "edt" | "upl" | "ser";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomString(20)}`;
}
