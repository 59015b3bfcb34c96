import type { Clock } from "../../infra/clock.js";
import type { AgentRecord, ApiKeyRecord, WorkspaceRecord } from "./context.js";

export interface VerifiedKey {
  workspace: WorkspaceRecord;
  apiKey: ApiKeyRecord;
  /** An OAuth agent's access token: the agent and its grant, cached with the token. */
  agent?: AgentRecord;
}

/** How long a verified key is trusted without asking the database, unless the runtime says otherwise. */
export const DEFAULT_KEY_CACHE_SECONDS = 5;

/**
 * Keys verified against the database in the last few seconds, by the hash of the key, so an
 * authenticated request makes no key query on the hot path. The bound is the TTL: a change made
 * in this process (revocation, plan, limits, nickname) forgets the entries at once; a change
 * made elsewhere (another server, another Worker isolate, the operator CLI) is seen here at most
 * `ttlMs` later, when the entry expires and the key is read again.
 */
export interface VerifiedKeyCache {
  readonly ttlMs: number;
  get(hash: string): VerifiedKey | null;
  /** Counter of invalidations; take it before reading the database and hand it to `set`. */
  generation(): number;
  /** Keeps `value` unless something was forgotten since `generation` was taken. */
  set(hash: string, value: VerifiedKey, generation: number): void;
  forgetKey(keyId: string): void;
  forgetWorkspace(workspaceId: string): void;
  /**
   * Credentials the database refused in the last minute, by hash: asking again cannot change the
   * answer (keys and tokens are random and never come back once revoked or expired), so a
   * repeated bad key costs no query. Kept even when the TTL is 0: it never lets a key in.
   */
  wasRefused(hash: string): boolean;
  rememberRefused(hash: string): void;
}

/** How long a refused credential is answered from memory. */
const REFUSED_MS = 60_000;

interface Entry {
  value: VerifiedKey;
  expiresAt: number;
}

export function createVerifiedKeyCache(options: { clock: Clock; ttlSeconds?: number; maxEntries?: number }): VerifiedKeyCache {
  const ttlMs = Math.max(0, (options.ttlSeconds ?? DEFAULT_KEY_CACHE_SECONDS) * 1000);
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const refused = new Map<string, number>();
  let generation = 0;

  const forgetWhere = (matches: (value: VerifiedKey) => boolean) => {
    generation++;
    for (const [hash, entry] of entries) if (matches(entry.value)) entries.delete(hash);
  };

  return {
    ttlMs,
    get(hash) {
      const entry = entries.get(hash);
      if (!entry) return null;
      if (entry.expiresAt <= options.clock.now().getTime()) {
        entries.delete(hash);
        return null;
      }
      return entry.value;
    },
    generation: () => generation,
    set(hash, value, seen) {
      // A read that started before a revocation in this process may finish after it: storing
      // its (pre-revocation) answer would let the revoked key in for a whole TTL.
      if (ttlMs === 0 || seen !== generation) return;
      if (entries.size >= maxEntries && !entries.has(hash)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(hash, { value, expiresAt: options.clock.now().getTime() + ttlMs });
    },
    forgetKey: (keyId) => forgetWhere((v) => v.apiKey.id === keyId),
    forgetWorkspace: (workspaceId) => forgetWhere((v) => v.workspace.id === workspaceId),
    wasRefused(hash) {
      const until = refused.get(hash);
      if (until === undefined) return false;
      if (until > options.clock.now().getTime()) return true;
      refused.delete(hash);
      return false;
    },
    rememberRefused(hash) {
      if (refused.size >= maxEntries && !refused.has(hash)) {
        const oldest = refused.keys().next().value;
        if (oldest !== undefined) refused.delete(oldest);
      }
      refused.delete(hash);
      refused.set(hash, options.clock.now().getTime() + REFUSED_MS);
    },
  };
}
