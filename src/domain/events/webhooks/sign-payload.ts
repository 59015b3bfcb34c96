import { toHex } from "../../../infra/crypto.js";

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/**
 * The spec's `service-signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the endpoint secret exactly as shown to the user. During a rotation there is one
 * `v1=` per active secret (newest first), so a receiver holding either secret verifies.
 */
export async function signatureHeader(secrets: string[], rawBody: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = await Promise.all(secrets.map((secret) => hmacSha256Hex(secret, `${t}.${rawBody}`)));
  return [`t=${t}`, ...signatures.map((s) => `v1=${s}`)].join(",");
}
