import { nodeMediaTransforms } from "./media-transforms.js";
import { join } from "node:path";
import type { Context } from "hono";
import { Redis } from "@upstash/redis";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppDeps } from "../deps.js";
import { nodeDashboardScript } from "./dashboard-script.js";
import { type Database, nothingToClose } from "../db/types.js";
import { systemClock } from "../infra/clock.js";
import { createJsonLogger } from "../infra/logger.js";
import { createFileMediaStorage } from "../infra/media-storage/file-storage.js";
import { createMemoryRateLimiter } from "../infra/rate-limit/memory-limiter.js";
import { createUpstashRateLimiter } from "../infra/rate-limit/upstash-limiter.js";
import type { RateLimiter } from "../infra/rate-limit/types.js";
import { networkDepsFromEnv } from "../config/network-env.js";
import { createTokenCipher } from "../infra/token-cipher.js";
import { createGuardedFetch } from "../infra/outbound/guarded-fetch.js";
import { resolveAllAddresses } from "./node-resolve.js";
import { createPinnedFetch } from "./pinned-fetch.js";
import { createNetworkFetch } from "./network-fetch.js";
import { isBlockedAddress, isLoopbackAddress } from "../infra/outbound/address-ranges.js";
import { type TrustedProxies, clientAddress, parseTrustedProxies } from "../infra/client-address.js";
import { tableJobQueue } from "../domain/core/index.js";
import { createVerifiedKeyCache } from "../domain/core/index.js";
import { type NodeEnv, loopbackWebhooksAllowed } from "./node-config.js";
import { loadNodeSecrets } from "./node-secrets.js";
import { type JobWakeups, pgliteWakeups, postgresWakeups } from "./job-wakeups.js";
import { cacheLimitsOnPglite, cacheLimitsUsageOnPostgres } from "./limits-invalidation.js";

/**
 * The caller's address on Node: the socket's peer, or behind a trusted reverse proxy the address
 * that proxy forwarded for (a proxy's own address would put every client in one limit).
 */
export function nodeClientIp(trusted: TrustedProxies): (c: Context) => string {
  return (c) => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      peer = undefined;
    }
    return clientAddress(peer, c.req.header("x-forwarded-for"), trusted);
  };
}

export interface NodeRuntime {
  deps: AppDeps;
  db: Database;
  /** Enqueue notifications for the job poller: PGlite's in process, or LISTEN on the PostgreSQL server. */
  jobWakeups: JobWakeups | undefined;
  /** `embedded (<dir>)` or `postgres`, for the start-up line. */
  databaseLabel: string;
  close: () => Promise<void>;
}

/** Builds the Node server's dependencies: PGlite or Postgres, and the in-process or Upstash limiter. */
export async function buildNodeRuntime(env: NodeEnv, rawEnv: Record<string, string | undefined> = process.env): Promise<NodeRuntime> {
  // Before anything is opened: a malformed proxy list stops the start with its own message.
  const trustedProxies = parseTrustedProxies(env.CHORUS_TRUSTED_PROXIES);
  const secrets = loadNodeSecrets(rawEnv, env.CHORUS_DATA_DIR);
  // Only the driver in use is loaded: PGlite's modules cost a server on PostgreSQL memory for nothing.
  const server = env.DATABASE_URL ? await (await import("../db/node-postgres.js")).openServerDatabase(env.DATABASE_URL) : null;
  const embedded = server ? null : await (await import("../db/pglite.js")).openEmbeddedDatabase(env.CHORUS_DATA_DIR);
  const opened = server ?? embedded;
  if (!opened) throw new Error("no database opened");
  const logger = createJsonLogger({ level: env.LOG_LEVEL });
  const jobWakeups = env.DATABASE_URL ? postgresWakeups(env.DATABASE_URL, logger) : embedded ? pgliteWakeups(embedded.client) : undefined;
  const serverLimits = env.DATABASE_URL ? await cacheLimitsUsageOnPostgres(env.DATABASE_URL, logger) : undefined;
  const memory = createMemoryRateLimiter(systemClock);
  let rateLimiter: RateLimiter = memory;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    rateLimiter = createUpstashRateLimiter({ redis, fallback: memory });
  }
  const db = opened.db;
  // One handle for every request: the server's pool (or the embedded client) outlives them all.
  const perRequest = { db, close: () => nothingToClose };
  const allowLoopbackHttp = env.CHORUS_OUTBOUND_ALLOW_LOOPBACK === "true";
  // The guard checks each URL first; the pinned fetch checks again the address it dials.
  const pinned = createPinnedFetch({ allowAddress: (address) => !isBlockedAddress(address) || (allowLoopbackHttp && isLoopbackAddress(address)) });
  const deps: AppDeps = {
    database: { open: () => perRequest },
    rateLimiter,
    clock: systemClock,
    logger,
    publicUrl: env.CHORUS_PUBLIC_URL,
    networks: {
      ...networkDepsFromEnv(rawEnv, createNetworkFetch(fetch), createGuardedFetch({ resolve: resolveAllAddresses, fetch: pinned, allowLoopbackHttp })),
      loadSimulators: () => import("../sandbox/registry.js"),
    },
    cipher: await createTokenCipher(secrets.encryptionKeys),
    signingSecret: secrets.signingSecret,
    jobs: tableJobQueue,
    mediaStorage: createFileMediaStorage(join(env.CHORUS_DATA_DIR, "media")),
    mediaTransforms: await nodeMediaTransforms(),
    idempotencyLeaseMs: env.CHORUS_IDEMPOTENCY_LEASE_SECONDS === undefined ? undefined : env.CHORUS_IDEMPOTENCY_LEASE_SECONDS * 1000,
    webhookStaleAttemptMs: env.CHORUS_WEBHOOK_STALE_SECONDS === undefined ? undefined : env.CHORUS_WEBHOOK_STALE_SECONDS * 1000,
    verifiedKeys: createVerifiedKeyCache({ clock: systemClock, ttlSeconds: env.CHORUS_KEY_CACHE_SECONDS }),
    limitsCache: embedded ? await cacheLimitsOnPglite(embedded.client) : serverLimits?.cache,
    dashboardScript: nodeDashboardScript(),
    loopbackWebhooks: loopbackWebhooksAllowed(env),
    clientIp: nodeClientIp(trustedProxies),
  };
  return {
    deps,
    db,
    jobWakeups,
    databaseLabel: env.DATABASE_URL ? "postgres (DATABASE_URL)" : `embedded PGlite (${env.CHORUS_DATA_DIR})`,
    close: async () => {
      await serverLimits?.close();
      await opened.close();
    },
  };
}
