import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomString } from "../infra/ids.js";
import { generateKeyringEntry } from "../infra/token-cipher.js";

export interface NodeSecrets {
  encryptionKeys: string;
  signingSecret: string;
}

/**
 * Secrets for the Node server: from env when set (CHORUS_ENCRYPTION_KEYS, CHORUS_SIGNING_SECRET),
 * otherwise generated on first start into `<data dir>/secrets.json` (mode 0600) beside the
 * database, so a restart can read what it encrypted. The keys never go into the database, and a
 * value given in env is never written to the file: keeping the key away from the data (a copy or
 * backup of the data folder then holds only ciphertext) is the reason to set it in env.
 */
export function loadNodeSecrets(env: Record<string, string | undefined>, dataDir: string): NodeSecrets {
  if (env.CHORUS_ENCRYPTION_KEYS && env.CHORUS_SIGNING_SECRET) {
    return { encryptionKeys: env.CHORUS_ENCRYPTION_KEYS, signingSecret: env.CHORUS_SIGNING_SECRET };
  }
  const file = join(dataDir, "secrets.json");
  let stored: Partial<NodeSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<NodeSecrets>;
  const secrets: NodeSecrets = {
    encryptionKeys: env.CHORUS_ENCRYPTION_KEYS ?? stored.encryptionKeys ?? generateKeyringEntry("k1"),
    signingSecret: env.CHORUS_SIGNING_SECRET ?? stored.signingSecret ?? randomString(48),
  };
  const kept: Partial<NodeSecrets> = { ...stored };
  if (!env.CHORUS_ENCRYPTION_KEYS) kept.encryptionKeys = secrets.encryptionKeys;
  if (!env.CHORUS_SIGNING_SECRET) kept.signingSecret = secrets.signingSecret;
  if (kept.encryptionKeys !== stored.encryptionKeys || kept.signingSecret !== stored.signingSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}
