import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../src/domain/keys/create-api-key.js";
import { sha256Hex } from "../../src/infra/crypto.js";

describe("sha256Hex", () => {
  // Stored key hashes and idempotency fingerprints were written by WebCrypto's digest: the
  // hash must stay the same bytes, or every key created before would stop authenticating.
  it("gives FIPS 180-2's digests, in lowercase hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashes text as UTF-8, as WebCrypto did", async () => {
    const text = "sk_test_é✓🙂";
    const webCrypto = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("hex");
    expect(await sha256Hex(text)).toBe(webCrypto);
    expect(await hashApiKey(text)).toBe(webCrypto);
  });
});
