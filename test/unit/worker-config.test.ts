import { describe, expect, it } from "vitest";
import { parseWorkerConfig } from "../../src/config/worker-config.js";

const good = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/chorus_dev",
  CHORUS_ENCRYPTION_KEYS: "k1:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
  CHORUS_SIGNING_SECRET: "s".repeat(32),
};

describe("Worker settings", () => {
  it("accepts the three required settings and defaults LOG_LEVEL to info", () => {
    expect(parseWorkerConfig(good)).toEqual({
      ok: true,
      config: { databaseUrl: good.DATABASE_URL, encryptionKeys: good.CHORUS_ENCRYPTION_KEYS, signingSecret: good.CHORUS_SIGNING_SECRET, logLevel: "info" },
    });
  });

  it("names every missing or empty required setting, once each", () => {
    expect(parseWorkerConfig({ CHORUS_SIGNING_SECRET: "" })).toEqual({
      ok: false,
      problems: ["DATABASE_URL is not set", "CHORUS_ENCRYPTION_KEYS is not set", "CHORUS_SIGNING_SECRET is not set"],
    });
  });

  it("names a malformed setting with the shape it needs", () => {
    const result = parseWorkerConfig({ ...good, DATABASE_URL: "mysql://x", CHORUS_ENCRYPTION_KEYS: "k1:short", CHORUS_SIGNING_SECRET: "short", LOG_LEVEL: "loud" });
    expect(result).toEqual({
      ok: false,
      problems: [
        "DATABASE_URL must be a postgres:// or postgresql:// connection string",
        "CHORUS_ENCRYPTION_KEYS must be kid:base64(32 random bytes)[,older kid:key…]",
        "CHORUS_SIGNING_SECRET must be at least 32 characters",
        "LOG_LEVEL must be debug, info, warn or error",
      ],
    });
  });

  it("takes R2's S3 access when all four R2_* settings are set, and none is not an error", () => {
    const r2 = { R2_ACCOUNT_ID: "0123456789abcdef0123456789abcdef", R2_BUCKET_NAME: "chorus-media", R2_ACCESS_KEY_ID: "id", R2_SECRET_ACCESS_KEY: "secret" };
    const result = parseWorkerConfig({ ...good, ...r2 });
    expect(result.ok && result.config.r2S3).toEqual({ accountId: r2.R2_ACCOUNT_ID, bucket: "chorus-media", accessKeyId: "id", secretAccessKey: "secret" });
    const blank = parseWorkerConfig({ ...good, R2_ACCOUNT_ID: "", R2_BUCKET_NAME: "" });
    expect(blank.ok && blank.config.r2S3).toBeUndefined();
  });

  it("names the R2_* settings missing from a partial set, and a malformed account id", () => {
    expect(parseWorkerConfig({ ...good, R2_ACCESS_KEY_ID: "id", R2_SECRET_ACCESS_KEY: "secret" })).toEqual({
      ok: false,
      problems: ["R2_ACCOUNT_ID, R2_BUCKET_NAME not set: presigned upload URLs need all of R2_ACCOUNT_ID, R2_BUCKET_NAME, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY (or none)"],
    });
    const bad = parseWorkerConfig({ ...good, R2_ACCOUNT_ID: "my-account", R2_BUCKET_NAME: "chorus-media", R2_ACCESS_KEY_ID: "id", R2_SECRET_ACCESS_KEY: "secret" });
    expect(bad.ok ? [] : bad.problems[0]).toContain("R2_ACCOUNT_ID must be the 32-character hex account id");
  });
});
