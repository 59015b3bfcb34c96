import { and, asc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { recordAuditEvent } from "../core/index.js";
import { OperatorError } from "./operator-error.js";

/**
 * Keys as an operator sees them when the first key is lost: never the key itself (only its hash
 * is stored), but enough to recognise one (prefix, mode, name) and to tell a dead one (last used).
 */
export async function listKeys(db: Database, input: { workspaceId: string }) {
  const rows = await db
    .select({
      keyId: apiKeys.id,
      prefix: apiKeys.prefix,
      mode: apiKeys.mode,
      name: apiKeys.name,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, input.workspaceId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a key: the next request with it is 401. Revoking twice is refused, so the operator sees a typo. */
export async function revokeKey(db: Database, input: { keyId: string; at: Date }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: input.at })
      .where(and(eq(apiKeys.id, input.keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, workspaceId: apiKeys.workspaceId, prefix: apiKeys.prefix });
    if (!row) throw new OperatorError(`No active key ${input.keyId}`);
    await recordAuditEvent(tx, { workspaceId: row.workspaceId, type: "key.revoked", actor: "operator", details: { keyId: row.id, prefix: row.prefix }, at: input.at });
    return { keyId: row.id, revokedAt: input.at.toISOString() };
  });
}
