import { describe, expect, it } from "vitest";
import { CipherError, createTokenCipher, generateKeyringEntry } from "../../src/infra/token-cipher.js";

const where = { table: "social_accounts", rowId: "acc_1", column: "tokens" };

describe("token cipher (AES-256-GCM)", () => {
  it("round-trips, and the same plaintext never gives the same ciphertext", async () => {
    const cipher = await createTokenCipher(generateKeyringEntry("k1"));
    const a = await cipher.encrypt("secret-token", where);
    const b = await cipher.encrypt("secret-token", where);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\./);
    expect(a).not.toContain("secret-token");
    expect(await cipher.decrypt(a, where)).toBe("secret-token");
  });

  it("refuses a flipped byte and a value moved to another row or column", async () => {
    const cipher = await createTokenCipher(generateKeyringEntry("k1"));
    const sealed = await cipher.encrypt("secret-token", where);
    const parts = sealed.split(".");
    const body = parts[3] ?? "";
    const flipped = [...parts.slice(0, 3), `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`].join(".");
    await expect(cipher.decrypt(flipped, where)).rejects.toBeInstanceOf(CipherError);
    await expect(cipher.decrypt(sealed, { ...where, rowId: "acc_2" })).rejects.toBeInstanceOf(CipherError);
    await expect(cipher.decrypt(sealed, { ...where, column: "refresh" })).rejects.toBeInstanceOf(CipherError);
  });

  it("rotates: new values use the first key, old values still decrypt with theirs", async () => {
    const oldEntry = generateKeyringEntry("k1");
    const old = await createTokenCipher(oldEntry);
    const sealedOld = await old.encrypt("v-old", where);
    const rotated = await createTokenCipher(`${generateKeyringEntry("k2")},${oldEntry}`);
    expect(rotated.currentKeyId).toBe("k2");
    expect(await rotated.decrypt(sealedOld, where)).toBe("v-old");
    expect(await rotated.encrypt("v-new", where)).toMatch(/^v1\.k2\./);
    const other = await createTokenCipher(generateKeyringEntry("k3"));
    await expect(other.decrypt(sealedOld, where)).rejects.toThrow(/not in the keyring/);
  });

  it("refuses badly written keyrings", async () => {
    await expect(createTokenCipher("")).rejects.toThrow(/no encryption key/);
    await expect(createTokenCipher("k1:c2hvcnQ")).rejects.toThrow(/32 bytes/);
    await expect(createTokenCipher("nokey")).rejects.toThrow(/kid:base64key/);
  });
});
