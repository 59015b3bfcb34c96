import type { Context } from "hono";
import type { DatabaseProvider } from "./db/types.js";
import type { JobQueue } from "./domain/jobs/job-queue.js";
import type { JobSignatureVerifier } from "./infra/qstash-queue.js";
import type { NetworkDeps } from "./domain/networks/network-deps.js";
import type { TokenCipher } from "./infra/token-cipher.js";
import type { Clock } from "./infra/clock.js";
import type { Logger } from "./infra/logger.js";
import type { MediaStorage } from "./infra/media-storage/types.js";
import type { RateLimiter } from "./infra/rate-limit/types.js";

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
  /** The caller's address, for limits on unauthenticated requests. */
  clientIp: (c: Context) => string;
  /** Requests per minute per address on public routes and refused keys. */
  publicPerMinute?: number;
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
}
