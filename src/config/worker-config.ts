import * as v from "valibot";
import { type LogLevel, logLevels } from "../infra/logger.js";
import { parseKeyring } from "../infra/token-cipher.js";

/** The settings a Worker cannot serve without, checked before the app is built. */
export interface WorkerConfig {
  databaseUrl: string;
  encryptionKeys: string;
  signingSecret: string;
  logLevel: LogLevel;
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
  if (!result.success) {
    // The first problem per setting: an unset one is not also "too short".
    const first = new Map<string, string>();
    for (const issue of result.issues) {
      const name = String(issue.path?.[0]?.key ?? "settings");
      if (!first.has(name)) first.set(name, issue.message);
    }
    return { ok: false, problems: [...first.values()] };
  }
  const out = result.output;
  return { ok: true, config: { databaseUrl: out.DATABASE_URL, encryptionKeys: out.CHORUS_ENCRYPTION_KEYS, signingSecret: out.CHORUS_SIGNING_SECRET, logLevel: out.LOG_LEVEL } };
}
