import { join } from "node:path";
import { Redis } from "@upstash/redis";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppDeps } from "../deps.js";
import { openEmbeddedDatabase } from "../db/pglite.js";
import { openServerDatabase } from "../db/node-postgres.js";
import type { Database } from "../db/types.js";
import { systemClock } from "../infra/clock.js";
import { consoleLogger } from "../infra/logger.js";
import { createFileMediaStorage } from "../infra/media-storage/file-storage.js";
import { createMemoryRateLimiter } from "../infra/rate-limit/memory-limiter.js";
import { createUpstashRateLimiter } from "../infra/rate-limit/upstash-limiter.js";
import type { RateLimiter } from "../infra/rate-limit/types.js";
import { networkDepsFromEnv } from "../config/network-env.js";
import { createTokenCipher } from "../infra/token-cipher.js";
import { tableJobQueue } from "../domain/jobs/job-queue.js";
import type { NodeEnv } from "./node-config.js";
import { loadNodeSecrets } from "./node-secrets.js";

export interface NodeRuntime {
  deps: AppDeps;
  db: Database;
  /** `embedded (<dir>)` or `postgres`, for the start-up line. */
  databaseLabel: string;
  close: () => Promise<void>;
}

/** Builds the Node server's dependencies: PGlite or Postgres, and the in-process or Upstash limiter. */
export async function buildNodeRuntime(env: NodeEnv, rawEnv: Record<string, string | undefined> = process.env): Promise<NodeRuntime> {
  const secrets = loadNodeSecrets(rawEnv, env.CHORUS_DATA_DIR);
  const opened = env.DATABASE_URL ? await openServerDatabase(env.DATABASE_URL) : await openEmbeddedDatabase(env.CHORUS_DATA_DIR);
  const memory = createMemoryRateLimiter(systemClock);
  let rateLimiter: RateLimiter = memory;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    rateLimiter = createUpstashRateLimiter({ redis, fallback: memory });
  }
  const db = opened.db;
  const deps: AppDeps = {
    database: { open: () => ({ db, close: async () => {} }) },
    rateLimiter,
    clock: systemClock,
    logger: consoleLogger,
    publicUrl: env.CHORUS_PUBLIC_URL,
    networks: networkDepsFromEnv(rawEnv, fetch),
    cipher: await createTokenCipher(secrets.encryptionKeys),
    signingSecret: secrets.signingSecret,
    jobs: tableJobQueue,
    mediaStorage: createFileMediaStorage(join(env.CHORUS_DATA_DIR, "media")),
    clientIp: (c) => {
      try {
        return getConnInfo(c).remote.address ?? "unknown";
      } catch {
        return "unknown";
      }
    },
  };
  return {
    deps,
    db,
    databaseLabel: env.DATABASE_URL ? "postgres (DATABASE_URL)" : `embedded PGlite (${env.CHORUS_DATA_DIR})`,
    close: opened.close,
  };
}
