import { and, asc, count, eq, isNull } from "drizzle-orm";
import { apiKeys, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";

/** Every workspace of this install, oldest first, with how many keys still work: the operator's map. */
export async function listWorkspaces(db: Database) {
  const rows = await db
    .select({ workspace: workspaces.id, name: workspaces.name, email: workspaces.email, plan: workspaces.plan, createdAt: workspaces.createdAt, activeKeys: count(apiKeys.id) })
    .from(workspaces)
    .leftJoin(apiKeys, and(eq(apiKeys.workspaceId, workspaces.id), isNull(apiKeys.revokedAt)))
    .groupBy(workspaces.id)
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
