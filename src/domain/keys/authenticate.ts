import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { ApiKeyRecord, WorkspaceRecord } from "../context.js";
import { hashApiKey } from "./create-api-key.js";

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

/**
 * One query: the key by its hash joined to its workspace. A malformed key is refused without
 * touching the database, so guessing costs the database nothing.
 */
export async function authenticateApiKey(db: Database, presented: string): Promise<{ workspace: WorkspaceRecord; apiKey: ApiKeyRecord } | null> {
  if (!KEY_SHAPE.test(presented)) return null;
  const hash = await hashApiKey(presented);
  const [row] = await db
    .select({ workspace: workspaces, apiKey: keyColumns })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}
