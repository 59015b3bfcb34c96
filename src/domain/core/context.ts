import type { Database } from "../../db/types.js";
import type { Clock } from "../../infra/clock.js";
import type { Logger } from "../../infra/logger.js";
import type { MediaStorage } from "../../infra/media-storage/types.js";
import type { MediaTransforms } from "../../infra/media-transforms/types.js";
import type { TokenCipher } from "../../infra/token-cipher.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { NetworkDeps } from "./network-deps.js";
import type { VerifiedKeyCache } from "./verified-key-cache.js";
import type { LimitsCache } from "./limits-cache.js";
import type { AgentRecord, ApiKeyRecord, WorkspaceRecord } from "./records.js";
import type { RateLimiter, RateRule } from "../../infra/rate-limit/types.js";

export type { AgentRecord, ApiKeyRecord, WorkspaceRecord };

export interface DomainContext {
  db: Database;
  clock: Clock;
  workspace: WorkspaceRecord;
  apiKey: ApiKeyRecord;
  /** Set when an OAuth agent's token authenticated the request: its grant bounds everything it does. */
  agent?: AgentRecord | undefined;
  services: DomainServices;
  /**
   * Set by domain functions once something irreversible was committed (a post stored, a network
   * called): a server error after that point must be replayed, not retried, by Idempotency-Key.
   */
  effects?: { committed: boolean };
  /** The request's Idempotency-Key claim: a stored post is linked to it in the same transaction. */
  idempotency?: { key: string };
}

/** One count against a rate limit: the bucket's key and its rule. */
export interface RateCheck {
  key: string;
  rule: RateRule;
}

/**
 * How an operation counts itself against rate limits: it names the limits (the operation knows
 * which apply), the entry that runs it supplies the counting (the request's limiter, so the
 * answer carries the X-RateLimit-* headers). Refuses with 429 `rate_limited` when one is spent.
 * A required argument of the operations it applies to, so no entry can leave it out.
 */
export interface RateGate {
  enforce(checks: RateCheck[]): Promise<void>;
}

/** Runtime services domain functions may use besides the database. */
export interface DomainServices {
  cipher: TokenCipher;
  networks: NetworkDeps;
  /** Base URL of this server, for OAuth redirect URIs and links. */
  publicUrl: string;
  /** Key for signing connect links. */
  signingSecret: string;
  /** Delayed work: the job table on Node, QStash on Workers. */
  jobs: JobQueue;
  /** Where uploaded media files are kept. */
  mediaStorage: MediaStorage;
  /** Image and video transforms for autoFix; unset where the runtime has none. */
  mediaTransforms?: MediaTransforms | undefined;
  /** Background events (a scheduled post fired, a target published or failed, a repair) as log lines. */
  logger: Logger;
  /** The process's verified API keys: a change to a key or its workspace forgets them here. */
  verifiedKeys?: VerifiedKeyCache | undefined;
  /** The limits rows, where the database tells this process of every change to them (embedded PGlite). */
  limitsCache?: LimitsCache | undefined;
  /** Test mode may reach loopback targets: webhook endpoints, agent metadata documents (a local-development setting; see AppDeps). */
  loopbackWebhooks?: boolean | undefined;
  /**
   * The app's rate limiter, for work that counts against a request limit after its request has
   * answered (a bulk import's background job counts each row against postsPerMinute).
   */
  rateLimiter?: RateLimiter | undefined;
  /** How long a webhook attempt may be in flight before its runner is presumed dead (default STALE_ATTEMPT_MS, 30 s). */
  webhookStaleAttemptMs?: number | undefined;
}
