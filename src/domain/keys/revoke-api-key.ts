import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { recordAuditEvent } from "../core/index.js";
import type { VerifiedKeyCache } from "../core/index.js";

/**
 * Revokes a key (operator CLI, or any caller in the server's own process). The process's
 * verified-key cache forgets the key at once; other processes and isolates stop accepting it when
 * their entry expires (the cache's TTL, a few seconds). Returns false for an unknown or
 * already revoked key.
 */
export async function revokeApiKey(db: Database, input: { keyId: string; actor: string; at: Date }, cache?: VerifiedKeyCache): Promise<{ keyId: string; workspaceId: string } | null> {
  const revoked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: input.at })
      .where(and(eq(apiKeys.id, input.keyId), isNull(apiKeys.revokedAt)))
      .returning({ keyId: apiKeys.id, workspaceId: apiKeys.workspaceId, prefix: apiKeys.prefix });
    if (!row) return null;
    await recordAuditEvent(tx, { workspaceId: row.workspaceId, type: "key.revoked", actor: input.actor, details: { keyId: row.keyId, prefix: row.prefix }, at: input.at });
    return { keyId: row.keyId, workspaceId: row.workspaceId };
  });
  cache?.forgetKey(input.keyId);
  return revoked;
}
