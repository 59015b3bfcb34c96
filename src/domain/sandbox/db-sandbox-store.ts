import { and, asc, eq } from "drizzle-orm";
import { sandboxRecords } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import type { SandboxRecord, SandboxStore } from "../../sandbox/types.js";

/**
 * The simulators' state in the database. The sandbox networks are shared by every workspace on
 * the server, like a real network: a simulated person connected by two workspaces is one person.
 */
export function createDbSandboxStore(db: Database): SandboxStore {
  const toRecord = <T>(row: typeof sandboxRecords.$inferSelect): SandboxRecord<T> => ({
    id: row.id,
    owner: row.owner,
    data: row.data as T,
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async get<T>(platform: PlatformId, kind: string, id: string) {
      const [row] = await db
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, kind), eq(sandboxRecords.id, id)))
        .limit(1);
      return row ? toRecord<T>(row) : null;
    },
    async put<T>(platform: PlatformId, kind: string, id: string, data: T, owner: string | null = null) {
      await db
        .insert(sandboxRecords)
        .values({ platform, kind, id, owner, data })
        .onConflictDoUpdate({ target: [sandboxRecords.platform, sandboxRecords.kind, sandboxRecords.id], set: { data, owner } });
    },
    async list<T>(platform: PlatformId, kind: string, filter: { owner?: string } = {}) {
      const rows = await db
        .select()
        .from(sandboxRecords)
        .where(
          and(
            eq(sandboxRecords.platform, platform),
            eq(sandboxRecords.kind, kind),
            filter.owner === undefined ? undefined : eq(sandboxRecords.owner, filter.owner),
          ),
        )
        .orderBy(asc(sandboxRecords.createdAt), asc(sandboxRecords.id));
      return rows.map((row) => toRecord<T>(row));
    },
    async delete(platform: PlatformId, kind: string, id: string) {
      await db.delete(sandboxRecords).where(and(eq(sandboxRecords.platform, platform), eq(sandboxRecords.kind, kind), eq(sandboxRecords.id, id)));
    },
  };
}
