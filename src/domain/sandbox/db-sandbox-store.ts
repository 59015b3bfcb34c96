import { and, asc, eq } from "drizzle-orm";
import { sandboxRecords } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import type { SandboxRecord, SandboxStore } from "../../sandbox/types.js";

/**
 * The simulators' state in the database, one simulated world per workspace: a handle connected
 * by two workspaces is two simulated people, so one workspace's faults, posts and tokens never
 * reach another's. Every query is filtered by the world's workspace id.
 */
export function createDbSandboxStore(db: Database, workspaceId: string): SandboxStore {
  const toRecord = <T>(row: typeof sandboxRecords.$inferSelect): SandboxRecord<T> => ({
    id: row.id,
    owner: row.owner,
    data: row.data as T,
    createdAt: row.createdAt.toISOString(),
  });
  const key = (platform: PlatformId, kind: string) =>
    and(eq(sandboxRecords.workspaceId, workspaceId), eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, kind));
  return {
    async get<T>(platform: PlatformId, kind: string, id: string) {
      const [row] = await db
        .select()
        .from(sandboxRecords)
        .where(and(key(platform, kind), eq(sandboxRecords.id, id)))
        .limit(1);
      return row ? toRecord<T>(row) : null;
    },
    async put<T>(platform: PlatformId, kind: string, id: string, data: T, owner: string | null = null) {
      await db
        .insert(sandboxRecords)
        .values({ workspaceId, platform, kind, id, owner, data })
        .onConflictDoUpdate({ target: [sandboxRecords.workspaceId, sandboxRecords.platform, sandboxRecords.kind, sandboxRecords.id], set: { data, owner } });
    },
    async list<T>(platform: PlatformId, kind: string, filter: { owner?: string } = {}) {
      const rows = await db
        .select()
        .from(sandboxRecords)
        .where(and(key(platform, kind), filter.owner === undefined ? undefined : eq(sandboxRecords.owner, filter.owner)))
        .orderBy(asc(sandboxRecords.createdAt), asc(sandboxRecords.id));
      return rows.map((row) => toRecord<T>(row));
    },
    async delete(platform: PlatformId, kind: string, id: string) {
      await db.delete(sandboxRecords).where(and(key(platform, kind), eq(sandboxRecords.id, id)));
    },
  };
}
