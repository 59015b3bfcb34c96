import type { Context } from "hono";
import { base64Url } from "../../infra/base64url.js";
import { hasInvalidCharacters } from "../../infra/well-formed-text.js";

/**
 * Wire-level pieces of the simulated PDS: XRPC error bodies, session JWTs, CIDs, TIDs and DIDs in
 * the real formats, so the adapter parses exactly what a real PDS sends. Values are recognisably
 * sandbox ones (DIDs start `did:plc:sandbox`), and nothing here is signed with a real key.
 */

/** xrpc-server's error body: `{ error, message }`, with the status of the error's type. */
export function xrpcError(c: Context, status: 400 | 401 | 403 | 413 | 429 | 500 | 501, error: string, message: string, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ error, message }, status);
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const BASE32_SORT = "234567abcdefghijklmnopqrstuvwxyz";

function base32(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function randomBase32(length: number): string {
  return [...crypto.getRandomValues(new Uint8Array(length))].map((b) => BASE32[b & 31]).join("");
}

/** A did:plc has 24 base32 characters; sandbox ones start with "sandbox" so nobody mistakes them. */
export function sandboxDid(): string {
  return `did:plc:sandbox${randomBase32(17)}`;
}

/**
 * A CIDv1 (multibase base32, sha2-256) over the given bytes: codec `raw` for blobs (bafkrei…) and
 * `dag-cbor` for records (bafyrei…). A real PDS hashes the DAG-CBOR encoding of a record; the
 * simulator hashes its JSON, which keeps the format and the "same content, same CID" property.
 */
export async function cidFor(bytes: ArrayBuffer | Uint8Array, codec: "raw" | "dag-cbor"): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes instanceof Uint8Array ? new Uint8Array(bytes) : bytes));
  const prefix = [0x01, codec === "raw" ? 0x55 : 0x71, 0x12, 0x20];
  return `b${base32(new Uint8Array([...prefix, ...digest]))}`;
}

/** A TID (timestamp identifier): microseconds and a clock id in 13 sortable base32 characters. */
export function tid(now: Date): string {
  const micros = BigInt(now.getTime()) * 1000n + BigInt(Math.floor(Math.random() * 1000));
  let value = (micros << 10n) | BigInt(Math.floor(Math.random() * 1024));
  let out = "";
  for (let i = 0; i < 13; i += 1) {
    out = BASE32_SORT[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

const encodeJson = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

/**
 * A JWT shaped like the PDS's session tokens (HS256 header with `typ`, claims `scope`, `sub`,
 * `aud`, `iat`, `exp`, and `jti` on refresh tokens). The simulator looks tokens up in its store,
 * so the signature is random bytes.
 */
export function sessionJwt(typ: "at+jwt" | "refresh+jwt", claims: Record<string, string | number>): string {
  const signature = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  return `${encodeJson({ typ, alg: "HS256" })}.${encodeJson(claims)}.${signature}`;
}

/** Reads the claims of a JWT the simulator issued. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/** A 1x1 PNG, the seeded sandbox avatar. */
export const SANDBOX_AVATAR_PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * The sandbox keeps records in Postgres jsonb, which cannot hold a NUL or an unpaired surrogate;
 * such a string is refused as invalid input (400) instead of failing the write with a 500. Chorus
 * itself never sends one (its API refuses them), so only direct callers of the simulator see this.
 */
export function unstorableText(value: string, path: string): string | null {
  return hasInvalidCharacters(value) ? `string contains a NUL character or an unpaired surrogate at ${path}` : null;
}
