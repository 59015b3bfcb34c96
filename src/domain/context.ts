import type { Database } from "../db/types.js";
import type { Clock } from "../infra/clock.js";
import type { MediaStorage } from "../infra/media-storage/types.js";
import type { TokenCipher } from "../infra/token-cipher.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { NetworkDeps } from "./networks/network-deps.js";

export interface WorkspaceRecord {
  id: string;
  name: string;
  email: string;
  plan: string;
  creditsMonthly: number;
  creditsPeriod: string;
  creditsPack: number;
  hasPurchasedCredits: boolean;
  monthlyAllowance: number;
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
 * What every domain function receives: the caller's workspace and key, the database and the
 * clock. Every query a domain function makes is filtered by `workspace.id`.
 */
export interface DomainContext {
  db: Database;
  clock: Clock;
  workspace: WorkspaceRecord;
  apiKey: ApiKeyRecord;
  services: DomainServices;
  /**
   * Set by domain functions once something irreversible was committed (a post stored, a network
   * called): a server error after that point must be replayed, not retried, by Idempotency-Key.
   */
  effects?: { committed: boolean };
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
}
