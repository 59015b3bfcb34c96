import type { Context } from "hono";
import type { DatabaseProvider } from "./db/types.js";
import type { JobQueue } from "./domain/core/index.js";
import type { JobSignatureVerifier } from "./infra/qstash-queue.js";
import type { NetworkDeps } from "./domain/core/index.js";
import type { TokenCipher } from "./infra/token-cipher.js";
import type { Clock } from "./infra/clock.js";
import type { Logger } from "./infra/logger.js";
import type { MediaStorage } from "./infra/media-storage/types.js";
import type { MediaTransforms } from "./infra/media-transforms/types.js";
import type { RateLimiter } from "./infra/rate-limit/types.js";
import type { VerifiedKeyCache } from "./domain/core/index.js";
import type { LimitsCache } from "./domain/core/index.js";
import type { DashboardScriptSource } from "./infra/assets/dashboard-assets.js";

/**
 * Everything the app needs from its runtime. The Node server and the Worker build these from
 * their environment; tests build them directly. Nothing inside the app reads env.
 */
export interface AppDeps {
  database: DatabaseProvider;
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  /** Public base URL for links in responses (docs, connect pages); derived from the request when unset. */
  publicUrl?: string | undefined;
  /** The caller's address (through trusted proxies), for limits on public routes and failed authentication. */
  clientIp: (c: Context) => string;
  /** Requests per minute per address on public routes. */
  publicPerMinute?: number;
  /** Failed authentications per minute per address and per presented key prefix (defaults in http/failed-auth.ts). */
  failedAuthPerMinute?: { perAddress?: number; perKeyPrefix?: number } | undefined;
  networks: NetworkDeps;
  /** Encrypts network tokens and client secrets at rest. */
  cipher: TokenCipher;
  /** Signs connect links; at least 32 random bytes. */
  signingSecret: string;
  /** Delayed work (scheduled publishes, polling): the job table on Node, QStash on Workers. */
  jobs: JobQueue;
  /** Verifies QStash's signature on `/internal/jobs` deliveries; unset where no callbacks arrive (Node). */
  jobVerifier?: JobSignatureVerifier | undefined;
  /** Uploaded media files: a directory on Node, an R2 bucket on Workers. */
  mediaStorage: MediaStorage;
  /** What autoFix can derive: sharp and FFmpeg on Node when they load; unset, every transform is refused with `transform_unavailable`. */
  mediaTransforms?: MediaTransforms | undefined;
  /** How long an Idempotency-Key claim is presumed running before its request counts as dead; default 5 minutes. */
  idempotencyLeaseMs?: number | undefined;
  /** How long a webhook attempt counts as in flight before its runner is presumed dead and the attempt is made again; default 30 s. */
  webhookStaleAttemptMs?: number | undefined;
  /**
   * API keys verified in the last few seconds (one per process or Worker isolate); createApp
   * makes one with the default TTL when unset.
   */
  verifiedKeys?: VerifiedKeyCache | undefined;
  /** GET /v1/me/limits rows kept in process; only where the database announces every change (embedded PGlite). */
  limitsCache?: LimitsCache | undefined;
  /** The dashboard's script (htmx): node_modules on Node, bundled on Workers; pages work without it. */
  dashboardScript?: DashboardScriptSource | undefined;
  /**
   * Lets test mode reach loopback targets Chorus fetches for the caller (http://127.0.0.1:<port>,
   * localhost, [::1]): test-key webhook endpoints, and an agent's client metadata document read on
   * a test-mode owner's consent page, for a program on the developer's machine. Off unless set: on
   * a server others reach it would let any test key or test-mode owner reach the server's own ports. The Node server turns it on only when
   * it listens on loopback (or CHORUS_ALLOW_LOOPBACK_WEBHOOKS says so); the Worker never does.
   */
  loopbackWebhooks?: boolean | undefined;
  /**
   * The platform compresses answers itself (Workers: Cloudflare, per Accept-Encoding), so the app
   * must not; unset, the app compresses its large public documents (/openapi.json, /docs).
   */
  platformCompresses?: boolean | undefined;
}
