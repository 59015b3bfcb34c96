import { base64Url } from "./base64url.js";

/**
 * AES-256-GCM for secrets at rest (network tokens, bring-your-own client secrets, webhook
 * secrets). Envelope: `v1.<kid>.<iv>.<ciphertext>` in base64url. The additional data binds a
 * ciphertext to its row and column (`table:rowId:column:kid`), so a value copied to another row
 * does not decrypt. Several keys can be held at once: new values use the first, old values
 * decrypt with the key their envelope names, which is how keys rotate.
 */
export interface TokenCipher {
  encrypt(plaintext: string, context: CipherContext): Promise<string>;
  decrypt(envelope: string, context: CipherContext): Promise<string>;
  /** The key id new values are written with. */
  readonly currentKeyId: string;
}

export interface CipherContext {
  table: string;
  rowId: string;
  column: string;
}

export class CipherError extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Parses `kid:base64key[,kid:base64key…]`; each key must be 32 bytes. */
export function parseKeyring(spec: string): { kid: string; raw: Uint8Array<ArrayBuffer> }[] {
  const entries = spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [kid, key] = part.split(":");
      if (!kid || !key || !/^[A-Za-z0-9_-]{1,32}$/.test(kid)) throw new CipherError("each key must be written kid:base64key");
      const raw = fromBase64Url(key.replace(/=+$/, ""));
      if (raw.length !== 32) throw new CipherError(`key ${kid} must be 32 bytes`);
      return { kid, raw };
    });
  if (entries.length === 0) throw new CipherError("no encryption key configured");
  return entries;
}

export async function createTokenCipher(spec: string): Promise<TokenCipher> {
  const entries = parseKeyring(spec);
  const keys = new Map<string, CryptoKey>();
  for (const { kid, raw } of entries) {
    keys.set(kid, await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  }
  const current = entries[0]?.kid ?? "";
  const aad = (context: CipherContext, kid: string) => encoder.encode(`${context.table}:${context.rowId}:${context.column}:${kid}`);

  return {
    currentKeyId: current,
    async encrypt(plaintext, context) {
      const key = keys.get(current);
      if (!key) throw new CipherError("no current key");
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(context, current) }, key, encoder.encode(plaintext));
      return `v1.${current}.${base64Url(iv)}.${base64Url(new Uint8Array(sealed))}`;
    },
    async decrypt(envelope, context) {
      const [version, kid, iv, sealed] = envelope.split(".");
      if (version !== "v1" || !kid || !iv || !sealed) throw new CipherError("not an encrypted value");
      const key = keys.get(kid);
      if (!key) throw new CipherError(`key ${kid} is not in the keyring`);
      try {
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData: aad(context, kid) }, key, fromBase64Url(sealed));
        return decoder.decode(plain);
      } catch {
        throw new CipherError("value does not decrypt: altered, moved to another row, or another key");
      }
    },
  };
}

/** A new random key in keyring form, for first starts and `npm run chorus -- …` output. */
export function generateKeyringEntry(kid: string): string {
  return `${kid}:${base64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}
