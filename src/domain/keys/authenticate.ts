import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { hashApiKey } from "./create-api-key.js";
import type { VerifiedKey, VerifiedKeyCache } from "../core/index.js";

const KEY_SHAPE = /^sk_(test|live)_[0-9A-Za-z]{40}$/;

/** The key's columns that make an ApiKeyRecord; the hash and timestamps are not read back. */
const keyColumns = {
  id: apiKeys.id,
  workspaceId: apiKeys.workspaceId,
  mode: apiKeys.mode,
  name: apiKeys.name,
  clientName: apiKeys.clientName,
  nickname: apiKeys.nickname,
  nicknameLocked: apiKeys.nicknameLocked,
  prefix: apiKeys.prefix,
};

/** `last used` is kept to the minute: one write per key per minute at most, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticateOptions {
  /** Keys verified in the last few seconds (a hit costs no query), and keys refused in the last minute. */
  cache?: VerifiedKeyCache | undefined;
  /** Given (requests do), a key whose last use is over a minute old gets its new time written on a miss (`key list` shows it). */
  now?: Date | undefined;
}

/**
 * The key by its hash joined to its workspace: from the verified-key cache, else one query. A
 * malformed key is refused without touching the database, so guessing costs the database nothing.
 */
export async function authenticateApiKey(db: Database, presented: string, options: AuthenticateOptions = {}): Promise<VerifiedKey | null> {
  if (!KEY_SHAPE.test(presented)) return null;
  const hash = await hashApiKey(presented);
  const { cache } = options;
  const cached = cache?.get(hash);
  if (cached) return cached;
  if (cache?.wasRefused(hash)) return null;
  const generation = cache?.generation() ?? 0;
  const [row] = await db
    .select({ workspace: workspaces, apiKey: keyColumns, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) {
    cache?.rememberRefused(hash);
    return null;
  }
  const { now } = options;
  if (now && (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.apiKey.id));
  }
  const verified = { workspace: row.workspace, apiKey: row.apiKey };
  cache?.set(hash, verified, generation);
  return verified;
}
