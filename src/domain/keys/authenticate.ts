import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { ApiKeyRecord, WorkspaceRecord } from "../context.js";
import { hashApiKey } from "./create-api-key.js";

const KEY_SHAPE = /^sk_(test|live)_[0-9A-Za-z]{40}$/;

/**
 * One query: the key by its hash joined to its workspace. A malformed key is refused without
 * touching the database, so guessing costs the database nothing.
 */
export async function authenticateApiKey(db: Database, presented: string): Promise<{ workspace: WorkspaceRecord; apiKey: ApiKeyRecord } | null> {
  if (!KEY_SHAPE.test(presented)) return null;
  const hash = await hashApiKey(presented);
  const [row] = await db
    .select({ workspace: workspaces, apiKey: apiKeys })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const { apiKey } = row;
  return {
    workspace: row.workspace,
    apiKey: {
      id: apiKey.id,
      workspaceId: apiKey.workspaceId,
      mode: apiKey.mode,
      name: apiKey.name,
      clientName: apiKey.clientName,
      nickname: apiKey.nickname,
      nicknameLocked: apiKey.nicknameLocked,
      prefix: apiKey.prefix,
    },
  };
}
