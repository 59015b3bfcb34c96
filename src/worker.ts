import type { ExecutionContext } from "hono";
import { Redis } from "@upstash/redis/cloudflare";
import { createApp } from "./app.js";
import { tableJobQueue } from "./domain/jobs/job-queue.js";
import { networkDepsFromEnv } from "./config/network-env.js";
import { type R2BucketBinding, createR2MediaStorage } from "./infra/media-storage/r2-storage.js";
import { createTokenCipher } from "./infra/token-cipher.js";
import { neonDatabaseProvider } from "./db/neon.js";
import { systemClock } from "./infra/clock.js";
import { consoleLogger } from "./infra/logger.js";
import { createMemoryRateLimiter } from "./infra/rate-limit/memory-limiter.js";
import { createUpstashRateLimiter } from "./infra/rate-limit/upstash-limiter.js";
import type { RateLimiter } from "./infra/rate-limit/types.js";

export interface WorkerEnv {
  DATABASE_URL: string;
  /** Local development and tests only: a WebSocket proxy in front of a plain Postgres. */
  WS_PROXY?: string;
  CHORUS_PUBLIC_URL?: string;
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
  /** `kid:base64key[,…]`: 32-byte AES keys; the first encrypts, all decrypt (rotation). */
  CHORUS_ENCRYPTION_KEYS: string;
  CHORUS_SIGNING_SECRET: string;
  /** Uploaded media (wrangler.toml `[[r2_buckets]]`, binding MEDIA). */
  MEDIA: R2BucketBinding;
  /** CHORUS_<NETWORK>_… settings and other variables; bindings such as MEDIA are objects. */
  [name: string]: unknown;
}

/** The plain-text variables only, for readers of settings (bindings are objects). */
function textVars(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

// Isolate-level state that is safe to share between requests: the fallback limiter's counters
// and the built app per environment. The database is never shared: each request opens its own pool.
const fallbackLimiter = createMemoryRateLimiter(systemClock);
type AppFetch = (request: Request, env: WorkerEnv, ctx: ExecutionContext) => Response | Promise<Response>;
let built: { env: WorkerEnv; fetch: Promise<AppFetch> } | null = null;

function appFor(env: WorkerEnv): Promise<AppFetch> {
  if (built && built.env === env) return built.fetch;
  built = { env, fetch: buildApp(env) };
  return built.fetch;
}

async function buildApp(env: WorkerEnv): Promise<AppFetch> {
  let rateLimiter: RateLimiter = fallbackLimiter;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    rateLimiter = createUpstashRateLimiter({ redis, fallback: fallbackLimiter });
  }
  const app = createApp({
    database: neonDatabaseProvider({ url: env.DATABASE_URL, wsProxy: env.WS_PROXY }),
    rateLimiter,
    clock: systemClock,
    logger: consoleLogger,
    publicUrl: env.CHORUS_PUBLIC_URL,
    clientIp: (c) => c.req.header("cf-connecting-ip") ?? "unknown",
    networks: networkDepsFromEnv(textVars(env), (input, init) => fetch(input, init)),
    cipher: await createTokenCipher(env.CHORUS_ENCRYPTION_KEYS),
    signingSecret: env.CHORUS_SIGNING_SECRET,
    // Until the QStash queue lands, Workers keep delayed work in the same job table; the cron sweep runs it.
    jobs: tableJobQueue,
    mediaStorage: createR2MediaStorage(env.MEDIA),
  });
  return app.fetch;
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    return (await appFor(env))(request, env, ctx);
  },
};
