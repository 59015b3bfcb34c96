const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

/**
 * Checks Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app
 * secret>` against each configured app secret (Facebook, Instagram and Threads may be separate
 * Meta apps). WebCrypto's `verify` compares in constant time, so the answer leaks nothing about
 * how close a forged signature came. The body must be the bytes as received, before any parsing.
 */
export async function verifyMetaSignature(rawBody: Uint8Array<ArrayBuffer>, header: string | undefined, secrets: readonly string[]): Promise<boolean> {
  const match = /^sha256=(.+)$/.exec(header?.trim() ?? "");
  const signature = match?.[1] ? hexBytes(match[1]) : null;
  if (!signature) return false;
  for (const secret of secrets) {
    if (await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, rawBody)) return true;
  }
  return false;
}

/** The header value Meta would send for this body: the sandbox networks sign their callbacks with it. */
export async function signMetaBody(rawBody: Uint8Array<ArrayBuffer>, secret: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), rawBody));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
