import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadNodeSecrets } from "../../src/node/node-secrets.js";
import { generateKeyringEntry } from "../../src/infra/token-cipher.js";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "chorus-secrets-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fileOf = (dir: string) => JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")) as Record<string, unknown>;

describe("the embedded default's secrets", () => {
  it("generates them into <data dir>/secrets.json on first start and reads them back", () => {
    const dir = dataDir();
    const first = loadNodeSecrets({}, dir);
    expect(fileOf(dir)).toEqual(first);
    expect(loadNodeSecrets({}, dir)).toEqual(first);
  });

  it("never writes a key given in CHORUS_ENCRYPTION_KEYS beside the data", () => {
    const dir = dataDir();
    const key = generateKeyringEntry("ops1");
    const secrets = loadNodeSecrets({ CHORUS_ENCRYPTION_KEYS: key }, dir);
    expect(secrets.encryptionKeys).toBe(key);
    expect(readFileSync(join(dir, "secrets.json"), "utf8")).not.toContain(key.split(":")[1] ?? key);
    expect(fileOf(dir)).toEqual({ signingSecret: secrets.signingSecret });
  });
});
