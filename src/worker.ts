import { type MediaTransforms, noTransforms } from "./infra/media-transforms/types.js";
import { type ImagesBinding, cloudflareImages } from "./infra/media-transforms/cloudflare-images.js";
import type { ExecutionContext } from "hono";
import { Redis } from "@upstash/redis/cloudflare";
import { createApp } from "./app.js";
import type { AppDeps } from "./deps.js";
import { tableJobQueue } from "./domain/core/index.js";
import { DRAIN_PATH, cronDrainJobs, drainCall } from "./jobs/drain-jobs.js";
import { anythingToWatch, cadencesAt, runSweeps } from "./jobs/sweeps.js";
import { type WorkMarker, mayCreateWork, redisWorkMarker, workMarkerScope } from "./infra/work-marker.js";
import { domainServices } from "./http/domain-services.js";
import { createQstashQueue, createQstashVerifier } from "./infra/qstash-queue.js";
import { networkDepsFromEnv } from "./config/network-env.js";
import { type R2BucketBinding, createR2MediaStorage } from "./infra/media-storage/r2-storage.js";
import { createTokenCipher } from "./infra/token-cipher.js";
import { createGuardedFetch } from "./infra/outbound/guarded-fetch.js";
import { workerDashboardScript } from "./pages/dashboard/worker-dashboard-script.js";
import { DEFAULT_KEY_CACHE_SECONDS, createVerifiedKeyCache } from "./domain/core/index.js";
import { neonDatabaseProvider } from "./db/neon.js";
import { type Clock, systemClock } from "./infra/clock.js";
import { BENCH_SANDBOX_CALLS_HEADER, parseSimulatedClock, simulatedClock } from "./infra/simulated-clock.js";
import { sandboxCalls } from "./sandbox/sandbox-fetch.js";
import { type LogLevel, type Logger, createJsonLogger } from "./infra/logger.js";
import { ApiError, toEnvelope } from "./infra/errors.js";
import { newId } from "./infra/ids.js";
import { type WorkerConfig, parseWorkerConfig } from "./config/worker-config.js";
import { createMemoryRateLimiter } from "./infra/rate-limit/memory-limiter.js";
import { createUpstashRateLimiter } from "./infra/rate-limit/upstash-limiter.js";
import type { RateLimiter } from "./infra/rate-limit/types.js";

export interface WorkerEnv {
  DATABASE_URL?: string;
  /** Local development and tests only: a WebSocket proxy in front of a plain Postgres. */
  WS_PROXY?: string;
  CHORUS_PUBLIC_URL?: string;
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
  /** `kid:base64key[,…]`: 32-byte AES keys; the first encrypts, all decrypt (rotation). */
  CHORUS_ENCRYPTION_KEYS?: string;
  CHORUS_SIGNING_SECRET?: string;
  /** Uploaded media (wrangler.toml `[[r2_buckets]]`, binding MEDIA). */
  MEDIA: R2BucketBinding;
  /** Cloudflare Images (wrangler.toml `[images]`, binding IMAGES): autoFix's image transforms. */
  IMAGES?: ImagesBinding;
  /** Optional service binding to this Worker (wrangler.toml `[[services]]`): where the cron fans table jobs out. */
  SELF?: { fetch(request: Request): Promise<Response> };
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
  /** With Upstash: where the cron learns, without Neon, whether any sweep has work. */
  marker: WorkMarker | undefined;
}
/** The app, or the settings that keep it from starting (named, so the operator can fix them). */
type Prepared = { ok: true; app: BuiltApp } | { ok: false; problems: string[] };
let built: { env: WorkerEnv; prepared: Promise<Prepared> } | null = null;

function prepare(env: WorkerEnv): Promise<Prepared> {
  if (built && built.env === env) return built.prepared;
  const parsed = parseWorkerConfig(env);
  const prepared: Promise<Prepared> = parsed.ok
    ? buildApp(env, parsed.config).then(
        (app) => ({ ok: true, app }),
        (error: unknown) => ({ ok: false, problems: [error instanceof Error ? error.message : "the Worker could not start"] }),
      )
    : Promise.resolve(parsed);
  built = { env, prepared };
  return prepared;
}

/** JSON lines through console.log, which the Workers runtime sends to the Workers log (`wrangler tail`). */
const workersLogger = (level: LogLevel) => createJsonLogger({ level, sink: (line) => console.log(line) });

/** A Worker missing a setting answers every request with a 503 naming it, never a 500 with a stack. */
function misconfigured(request: Request, env: WorkerEnv, problems: string[]): Response {
  const requestId = newId("req");
  workersLogger("info").error("worker misconfigured", { requestId, problems });
  const message = `This Chorus Worker cannot serve until its settings are fixed: ${problems.join("; ")}.`;
  const baseUrl = typeof env.CHORUS_PUBLIC_URL === "string" && env.CHORUS_PUBLIC_URL ? env.CHORUS_PUBLIC_URL : new URL(request.url).origin;
  return Response.json(toEnvelope(new ApiError("server_misconfigured", { message }), baseUrl, requestId), { status: 503, headers: { "X-Request-Id": requestId } });
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

function keyCacheSeconds(raw: string | undefined): number {
  if (raw === undefined || raw === "") return DEFAULT_KEY_CACHE_SECONDS;
  if (!/^\d+$/.test(raw) || Number(raw) > 300) throw new Error(`CHORUS_KEY_CACHE_SECONDS must be 0-300 seconds, got "${raw}"`);
  return Number(raw);
}

const workerFetch: typeof fetch = (input, init) => fetch(input, init);
/**
 * Workers have no DNS API, so the outbound guard gets no addresses to check: it still refuses IP
 * literals in private ranges and local names, and Cloudflare's egress does not reach the
 * deployment's private network. No loopback allowance here: nothing on Workers is localhost.
 */
const noResolver = async (): Promise<string[]> => [];

/**
 * The system clock, or the scale bench's simulated one (src/infra/simulated-clock.ts). The bench
 * setting is refused unless the database is reached through WS_PROXY, which only a local setup
 * sets: a deployment that carries it by mistake does not start, rather than run on a fake clock.
 */
export function clockFor(env: WorkerEnv): Clock {
  const spec = env.CHORUS_SIMULATED_CLOCK;
  if (typeof spec !== "string" || spec === "") return systemClock;
  if (typeof env.WS_PROXY !== "string" || env.WS_PROXY === "") {
    throw new Error("CHORUS_SIMULATED_CLOCK is for the local scale bench only (it needs WS_PROXY); remove it from this deployment");
  }
  return simulatedClock(parseSimulatedClock(spec));
}

async function buildApp(env: WorkerEnv, config: WorkerConfig): Promise<BuiltApp> {
  let rateLimiter: RateLimiter = fallbackLimiter;
  let marker: WorkMarker | undefined;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    rateLimiter = createUpstashRateLimiter({ redis, fallback: fallbackLimiter });
    marker = redisWorkMarker(redis, await workMarkerScope(config.databaseUrl));
  }
  const deps: AppDeps = {
    database: neonDatabaseProvider({ url: config.databaseUrl, wsProxy: env.WS_PROXY }),
    rateLimiter,
    clock: clockFor(env),
    logger: workersLogger(config.logLevel),
    publicUrl: env.CHORUS_PUBLIC_URL,
    clientIp: (c) => c.req.header("cf-connecting-ip") ?? "unknown",
    networks: {
      ...networkDepsFromEnv(textVars(env), workerFetch, createGuardedFetch({ resolve: noResolver, fetch: workerFetch })),
      // A module of its own in the upload (scripts/build-worker-sandbox.mjs), loaded on the first test-key use.
      loadSimulators: () => import("./sandbox/worker-module/simulators.mjs"),
    },
    cipher: await createTokenCipher(config.encryptionKeys),
    signingSecret: config.signingSecret,
    ...jobQueueFor(env),
    mediaStorage: createR2MediaStorage(env.MEDIA, config.r2S3 ? { s3: config.r2S3, fetch: workerFetch } : {}),
    mediaTransforms: workerTransforms(env.IMAGES),
    // Per isolate: a revocation elsewhere reaches this isolate within the TTL.
    verifiedKeys: createVerifiedKeyCache({ clock: systemClock, ttlSeconds: keyCacheSeconds(textVars(env).CHORUS_KEY_CACHE_SECONDS) }),
    dashboardScript: workerDashboardScript,
    // Cloudflare compresses at the edge; a body compressed in the Worker would be compressed again.
    platformCompresses: true,
  };
  return { fetch: createApp(deps).fetch, deps, marker };
}

/** Images through the IMAGES binding when it is bound; video never (Workers run no FFmpeg). */
function workerTransforms(images: ImagesBinding | undefined): MediaTransforms {
  const video = "this server runs on Cloudflare Workers, which run no FFmpeg: video transforms need Chorus on Node";
  if (!images) return noTransforms("this server runs on Cloudflare Workers without the IMAGES binding (wrangler.toml `[images]`), so it transforms no media");
  return { images: cloudflareImages(images), video: null, off: { video } };
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    const prepared = await prepare(env);
    if (!prepared.ok) return misconfigured(request, env, prepared.problems);
    let response = await prepared.app.fetch(request, env, ctx);
    const { marker } = prepared.app;
    if (prepared.app.deps.clock !== systemClock) {
      response = new Response(response.body, response);
      response.headers.set(BENCH_SANDBOX_CALLS_HEADER, String(sandboxCalls.total));
    }
    // A write may leave something for the cron's sweeps to watch: it ends a quiet spell in Redis.
    if (marker && mayCreateWork(request.method, request.url)) {
      ctx.waitUntil(marker.touch(Date.now()).catch((error: unknown) => prepared.app.deps.logger.error("work marker not touched", { error: String(error) })));
    }
    return response;
  },
  /** Cron trigger: runs due table jobs (when QStash is not configured) and repairs lost schedules. */
  async scheduled(controller: { scheduledTime?: number } | undefined, env: WorkerEnv, ctx: ExecutionContext) {
    const prepared = await prepare(env);
    if (!prepared.ok) {
      workersLogger("info").error("worker misconfigured: cron run skipped", { problems: prepared.problems });
      return;
    }
    const { deps, marker } = prepared.app;
    const at = new Date(controller?.scheduledTime ?? Date.now());
    const cadences = cadencesAt(at);
    // Nothing written since a run found nothing to watch: Redis says so, and Neon is not woken.
    if (marker && cadences.length === 1 && (await quietOrUnknown(marker, deps.logger))) return;
    const { db, close } = deps.database.open();
    const runtime = { db, clock: deps.clock, services: domainServices(deps, deps.publicUrl ?? "") };
    try {
      await runSweeps(runtime, cadences, { horizonMs: 60_000 }, deps.logger);
      await cronDrainJobs(runtime, { logger: deps.logger, fanOut: drainFanOut(env, deps.signingSecret) });
      if (marker) {
        const checkedAt = Date.now();
        if (!(await anythingToWatch(runtime))) await marker.markQuiet(checkedAt);
      }
    } finally {
      ctx.waitUntil(close());
    }
  },
};

/**
 * Without QStash, a table backlog larger than one run drains is fanned out to signed calls of
 * POST /internal/jobs/drain: through the SELF service binding (a fetch to the Worker's own zone
 * reaches the origin, not the Worker), else the public URL; with neither, the cron drains alone.
 */
function drainFanOut(env: WorkerEnv, secret: string): (() => Promise<void>) | undefined {
  const text = textVars(env);
  if (text.QSTASH_TOKEN) return undefined;
  const self = env.SELF;
  if (self) return drainCall({ url: `${text.CHORUS_PUBLIC_URL || "https://chorus.internal"}${DRAIN_PATH}`, secret, send: (request) => self.fetch(request) });
  return text.CHORUS_PUBLIC_URL ? drainCall({ url: `${text.CHORUS_PUBLIC_URL}${DRAIN_PATH}`, secret, send: (request) => fetch(request) }) : undefined;
}

/** A marker Redis cannot read is treated as not quiet: the sweeps run rather than miss work. */
async function quietOrUnknown(marker: WorkMarker, logger: Logger): Promise<boolean> {
  try {
    return await marker.isQuiet();
  } catch (error) {
    logger.error("work marker unreadable; sweeping", { error: String(error) });
    return false;
  }
}
