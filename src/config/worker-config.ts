import * as v from "valibot";
import { type LogLevel, logLevels } from "../infra/logger.js";
import { parseKeyring } from "../infra/token-cipher.js";
import type { R2S3Access } from "../infra/media-storage/r2-storage.js";

/** The settings a Worker cannot serve without, checked before the app is built. */
export interface WorkerConfig {
  databaseUrl: string;
  encryptionKeys: string;
  signingSecret: string;
  logLevel: LogLevel;
  /** R2's S3 API access, when all four R2_* settings are set: upload session parts go straight to R2. */
  r2S3?: R2S3Access;
}

/** The settings that turn on presigned part URLs: all four or none. */
const R2_S3_NAMES = ["R2_ACCOUNT_ID", "R2_BUCKET_NAME", "R2_ACCESS_KEY_ID", "R2_SECRET_ACCESS_KEY"] as const;

const R2S3Schema = v.object({
  R2_ACCOUNT_ID: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, "R2_ACCOUNT_ID must be the 32-character hex account id (Cloudflare dashboard, R2 overview)")),
  R2_BUCKET_NAME: v.pipe(
    v.string(),
    v.regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, "R2_BUCKET_NAME must be the bucket's name as in wrangler.toml's bucket_name (3-63 lowercase letters, digits, hyphens)"),
  ),
  R2_ACCESS_KEY_ID: v.pipe(v.string(), v.minLength(1)),
  R2_SECRET_ACCESS_KEY: v.pipe(v.string(), v.minLength(1)),
});

/** The R2 S3 settings: none set (no presigning), all four valid, or the problems with them. */
function parseR2S3(env: Record<string, unknown>): { ok: true; access?: R2S3Access } | { ok: false; problems: string[] } {
  const present = R2_S3_NAMES.filter((name) => typeof env[name] === "string" && env[name] !== "");
  if (present.length === 0) return { ok: true };
  const missing = R2_S3_NAMES.filter((name) => !present.includes(name));
  if (missing.length > 0) return { ok: false, problems: [`${missing.join(", ")} not set: presigned upload URLs need all of ${R2_S3_NAMES.join(", ")} (or none)`] };
  const result = v.safeParse(R2S3Schema, Object.fromEntries(R2_S3_NAMES.map((name) => [name, env[name]])));
  if (!result.success) return { ok: false, problems: result.issues.map((issue) => issue.message) };
  const out = result.output;
  return { ok: true, access: { accountId: out.R2_ACCOUNT_ID, bucket: out.R2_BUCKET_NAME, accessKeyId: out.R2_ACCESS_KEY_ID, secretAccessKey: out.R2_SECRET_ACCESS_KEY } };
}

const validKeyring = (value: string) => {
  try {
    parseKeyring(value);
    return true;
  } catch {
    return false;
  }
};

const WorkerConfigSchema = v.object({
  DATABASE_URL: v.pipe(
    v.string("DATABASE_URL is not set"),
    v.minLength(1, "DATABASE_URL is not set"),
    v.regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// connection string"),
  ),
  CHORUS_ENCRYPTION_KEYS: v.pipe(
    v.string("CHORUS_ENCRYPTION_KEYS is not set"),
    v.minLength(1, "CHORUS_ENCRYPTION_KEYS is not set"),
    v.check(validKeyring, "CHORUS_ENCRYPTION_KEYS must be kid:base64(32 random bytes)[,older kid:key…]"),
  ),
  CHORUS_SIGNING_SECRET: v.pipe(
    v.string("CHORUS_SIGNING_SECRET is not set"),
    v.minLength(1, "CHORUS_SIGNING_SECRET is not set"),
    v.minLength(32, "CHORUS_SIGNING_SECRET must be at least 32 characters"),
  ),
  LOG_LEVEL: v.optional(v.picklist(logLevels, "LOG_LEVEL must be debug, info, warn or error"), "info"),
});

/** Every problem with the Worker's settings at once (an operator fixes them in one pass), or the config. */
export function parseWorkerConfig(env: Record<string, unknown>): { ok: true; config: WorkerConfig } | { ok: false; problems: string[] } {
  // Empty strings count as unset: `.dev.vars` and dashboards leave them that way.
  const result = v.safeParse(WorkerConfigSchema, {
    DATABASE_URL: env.DATABASE_URL,
    CHORUS_ENCRYPTION_KEYS: env.CHORUS_ENCRYPTION_KEYS,
    CHORUS_SIGNING_SECRET: env.CHORUS_SIGNING_SECRET,
    LOG_LEVEL: env.LOG_LEVEL === "" ? undefined : env.LOG_LEVEL,
  });
  const r2 = parseR2S3(env);
  if (!result.success || !r2.ok) {
    // The first problem per setting: an unset one is not also "too short".
    const first = new Map<string, string>();
    for (const issue of result.success ? [] : result.issues) {
      const name = String(issue.path?.[0]?.key ?? "settings");
      if (!first.has(name)) first.set(name, issue.message);
    }
    return { ok: false, problems: [...first.values(), ...(r2.ok ? [] : r2.problems)] };
  }
  const out = result.output;
  return {
    ok: true,
    config: { databaseUrl: out.DATABASE_URL, encryptionKeys: out.CHORUS_ENCRYPTION_KEYS, signingSecret: out.CHORUS_SIGNING_SECRET, logLevel: out.LOG_LEVEL, ...(r2.access ? { r2S3: r2.access } : {}) },
  };
}
