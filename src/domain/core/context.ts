import type { Database } from "../../db/types.js";
import type { Clock } from "../../infra/clock.js";
import type { Logger } from "../../infra/logger.js";
import type { MediaStorage } from "../../infra/media-storage/types.js";
import type { TokenCipher } from "../../infra/token-cipher.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { NetworkDeps } from "./network-deps.js";
import type { VerifiedKeyCache } from "./verified-key-cache.js";
import type { LimitsCache } from "./limits-cache.js";
import type { AgentGrant } from "./agent-grant.js";

export interface WorkspaceRecord {
  id: string;
  name: string;
  email: string;
  plan: string;
  creditsMonthly: number;
  creditsPeriod: string;
  creditsPack: number;
  creditsPurchased: number;
  hasPurchasedCredits: boolean;
  monthlyAllowance: number;
  testCreditsMonthly: number;
  testCreditsPeriod: string;
  testCreditsPack: number;
  apiPerMinute: number;
  postsPerMinute: number;
  profileApiPerMinute: number;
  profilePostsPerMinute: number;
  blockedPlatforms: string[];
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  mode: "test" | "live";
  name: string;
  clientName: string;
  nickname: string | null;
  nicknameLocked: boolean;
  prefix: string;
}

/**
 * An OAuth agent acting for the workspace (src/domain/agents/): loaded with its access token, so
 * checking its grant costs no query. Its `apiKey` in the context is a stand-in with the agent's
 * id, mode and names, so audit entries and idempotency keys name the agent.
 */
export interface AgentRecord {
  id: string;
  clientId: string;
  clientName: string;
  grant: AgentGrant;
  spentDay: string;
  spentToday: number;
  createdAt: Date;
}

/**
 * What every domain function receives: the caller's workspace and key, the database and the
 * clock. Every query a domain function makes is filtered by `workspace.id`.
 */
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
  /** Background events (a scheduled post fired, a target published or failed, a repair) as log lines. */
  logger: Logger;
  /** The process's verified API keys: a change to a key or its workspace forgets them here. */
  verifiedKeys?: VerifiedKeyCache | undefined;
  /** The limits rows, where the database tells this process of every change to them (embedded PGlite). */
  limitsCache?: LimitsCache | undefined;
  /** Test mode may reach loopback targets: webhook endpoints, agent metadata documents (a local-development setting; see AppDeps). */
  loopbackWebhooks?: boolean | undefined;
  /** How long a webhook attempt may be in flight before its runner is presumed dead (default STALE_ATTEMPT_MS, 30 s). */
  webhookStaleAttemptMs?: number | undefined;
}
