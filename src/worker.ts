import type { ExecutionContext } from "hono";
import { Redis } from "@upstash/redis/cloudflare";
import { createApp } from "./app.js";
import type { AppDeps } from "./deps.js";
import { tableJobQueue } from "./domain/jobs/job-queue.js";
import { runDueJobs } from "./domain/jobs/run-due-jobs.js";
import { sweepSchedules } from "./domain/jobs/sweep-schedules.js";
import { sweepStuckTargets } from "./domain/jobs/sweep-stuck-targets.js";
import { domainServices } from "./http/domain-services.js";
import { createQstashQueue, createQstashVerifier } from "./infra/qstash-queue.js";
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
interface BuiltApp {
  fetch: AppFetch;
  deps: AppDeps;
}
let built: { env: WorkerEnv; app: Promise<BuiltApp> } | null = null;

function appFor(env: WorkerEnv): Promise<BuiltApp> {
  if (built && built.env === env) return built.app;
  built = { env, app: buildApp(env) };
  return built.app;
}

/**
 * With QStash configured, delayed work is QStash messages delivered to /internal/jobs; without
 * it, the job table in Postgres, run by the cron trigger (`scheduled`) every minute.
 */
function jobQueueFor(env: WorkerEnv) {
  const text = textVars(env);
  if (!text.QSTASH_TOKEN) return { jobs: tableJobQueue };
  const publicUrl = text.CHORUS_PUBLIC_URL;
  if (!publicUrl) throw new Error("CHORUS_PUBLIC_URL is required with QSTASH_TOKEN: QStash needs an absolute callback URL");
  return {
    jobs: createQstashQueue({ token: text.QSTASH_TOKEN, baseUrl: text.QSTASH_URL, callbackUrl: `${publicUrl}/internal/jobs` }),
    jobVerifier: createQstashVerifier({ current: text.QSTASH_CURRENT_SIGNING_KEY ?? "", next: text.QSTASH_NEXT_SIGNING_KEY ?? "" }),
  };
}

async function buildApp(env: WorkerEnv): Promise<BuiltApp> {
  let rateLimiter: RateLimiter = fallbackLimiter;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    rateLimiter = createUpstashRateLimiter({ redis, fallback: fallbackLimiter });
  }
  const deps: AppDeps = {
    database: neonDatabaseProvider({ url: env.DATABASE_URL, wsProxy: env.WS_PROXY }),
    rateLimiter,
    clock: systemClock,
    logger: consoleLogger,
    publicUrl: env.CHORUS_PUBLIC_URL,
    clientIp: (c) => c.req.header("cf-connecting-ip") ?? "unknown",
    networks: networkDepsFromEnv(textVars(env), (input, init) => fetch(input, init)),
    cipher: await createTokenCipher(env.CHORUS_ENCRYPTION_KEYS),
    signingSecret: env.CHORUS_SIGNING_SECRET,
    ...jobQueueFor(env),
    mediaStorage: createR2MediaStorage(env.MEDIA),
  };
  return { fetch: createApp(deps).fetch, deps };
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    return (await appFor(env)).fetch(request, env, ctx);
  },
  /** Cron trigger: runs due table jobs (when QStash is not configured) and repairs lost schedules. */
  async scheduled(_controller: unknown, env: WorkerEnv, ctx: ExecutionContext) {
    const { deps } = await appFor(env);
    const { db, close } = deps.database.open();
    const runtime = { db, clock: deps.clock, services: domainServices(deps, deps.publicUrl ?? "") };
    try {
      await sweepSchedules(runtime);
      await sweepStuckTargets(runtime);
      await runDueJobs(runtime);
    } finally {
      ctx.waitUntil(close());
    }
  },
};
