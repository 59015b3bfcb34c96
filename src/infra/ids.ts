const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Random, URL-safe, non-sequential: ids never reveal counts or order of other tenants' records. */
export function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  // 62 symbols: rejecting bytes >= 248 keeps the distribution uniform.
  for (let i = 0; out.length < length; i++) {
    const byte = i < bytes.length ? (bytes[i] ?? 0) : (crypto.getRandomValues(new Uint8Array(1))[0] ?? 0);
    if (byte < 248) out += alphabet[byte % 62];
  }
  return out;
}

export type IdPrefix = "ws" | "agt" | "prf" | "acc" | "med" | "post" | "tgt" | "evt" | "aud" | "whk" | "req" | "cred" | "job" | "whd" | "wha" | "live";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomString(20)}`;
}
