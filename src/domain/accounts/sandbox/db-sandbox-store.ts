import { and, asc, eq, or, sql } from "drizzle-orm";
import { sandboxRecords } from "../../../db/schema/index.js";
import { perDatabase } from "../../../db/per-database.js";
import type { Database } from "../../../db/types.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { assertLinkKinds, linkedId } from "../../../sandbox/linked-read.js";
import type { RecordLink, SandboxRecord, SandboxStore } from "../../../sandbox/types.js";
import { sandboxRecordCache, sandboxRecordKey } from "./sandbox-record-cache.js";

const p = {
  workspace: sql.placeholder("workspace"),
  platform: sql.placeholder("platform"),
  kind: sql.placeholder("kind"),
  id: sql.placeholder("id"),
};
const world = and(eq(sandboxRecords.workspaceId, p.workspace), eq(sandboxRecords.platform, p.platform), eq(sandboxRecords.kind, p.kind));

/**
 * The store's statements, built once per database handle: a simulated call makes several reads,
 * and drizzle building each statement cost about as much as running it (the simulators answer
 * ten networks' calls in a 10-target publish). The names make them named statements on
 * node-postgres and Neon; PGlite prepares every statement once anyway (src/db/pglite-statements.ts).
 */
function prepareStatements(db: Database) {
  const linkedId = sql`(select t.data ->> ${sql.placeholder("field")} from ${sandboxRecords} t
    where t.workspace_id = ${p.workspace} and t.platform = ${p.platform} and t.kind = ${p.kind} and t.id = ${p.id})`;
  return {
    get: db
      .select()
      .from(sandboxRecords)
      .where(and(world, eq(sandboxRecords.id, p.id)))
      .limit(1)
      .prepare("sandbox_get"),
    // The record and the one it names, in one read: both by the world's unique key.
    linked: db
      .select()
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.workspaceId, p.workspace),
          eq(sandboxRecords.platform, p.platform),
          or(
            and(or(eq(sandboxRecords.kind, p.kind), eq(sandboxRecords.kind, sql.placeholder("alongside"))), eq(sandboxRecords.id, p.id)),
            and(eq(sandboxRecords.kind, sql.placeholder("linkKind")), eq(sandboxRecords.id, linkedId)),
          ),
        ),
      )
      .prepare("sandbox_get_linked"),
    put: db
      .insert(sandboxRecords)
      .values({ workspaceId: p.workspace, platform: p.platform, kind: p.kind, id: p.id, owner: sql.placeholder("owner"), data: sql.placeholder("data") })
      .onConflictDoUpdate({ target: [sandboxRecords.workspaceId, sandboxRecords.platform, sandboxRecords.kind, sandboxRecords.id], set: { data: sql`excluded.data`, owner: sql`excluded.owner` } })
      .returning({ createdAt: sandboxRecords.createdAt })
      .prepare("sandbox_put"),
    list: db.select().from(sandboxRecords).where(world).orderBy(asc(sandboxRecords.createdAt), asc(sandboxRecords.id)).prepare("sandbox_list"),
    listOwned: db
      .select()
      .from(sandboxRecords)
      .where(and(world, eq(sandboxRecords.owner, sql.placeholder("owner"))))
      .orderBy(asc(sandboxRecords.createdAt), asc(sandboxRecords.id))
      .prepare("sandbox_list_owned"),
    delete: db
      .delete(sandboxRecords)
      .where(and(world, eq(sandboxRecords.id, p.id)))
      .prepare("sandbox_delete"),
  };
}

const statements = perDatabase(prepareStatements);

/**
 * The simulators' state in the database, one simulated world per workspace: a handle connected
 * by two workspaces is two simulated people, so one workspace's faults, posts and tokens never
 * reach another's. Every query is filtered by the world's workspace id. On a database only this
 * process opens, reads are answered from what was last read or written (sandbox-record-cache.ts).
 */
export function createDbSandboxStore(db: Database, workspaceId: string): SandboxStore {
  const toRecord = <T>(row: typeof sandboxRecords.$inferSelect): SandboxRecord<T> => ({
    id: row.id,
    owner: row.owner,
    data: row.data as T,
    createdAt: row.createdAt.toISOString(),
  });
  const q = statements(db);
  const cache = sandboxRecordCache(db);
  const keyOf = (platform: PlatformId, kind: string, id: string) => sandboxRecordKey(workspaceId, platform, kind, id);

  async function readLinked(platform: PlatformId, kind: string, id: string, link: RecordLink) {
    // Without `alongside`, the kind itself stands in for it: the same row, found once.
    const rows = await q.linked.execute({ workspace: workspaceId, platform, kind, id, field: link.field, linkKind: link.kind, alongside: link.alongside ?? kind });
    const of = (wanted: string | undefined) => rows.find((row) => row.kind === wanted);
    const found = of(kind);
    const record = found ? toRecord<unknown>(found) : null;
    const linkedRow = record ? of(link.kind) : undefined;
    const alongsideRow = link.alongside === undefined ? undefined : of(link.alongside);
    return { record, linked: linkedRow ? toRecord<unknown>(linkedRow) : null, alongside: alongsideRow ? toRecord<unknown>(alongsideRow) : null };
  }

  return {
    async get<T>(platform: PlatformId, kind: string, id: string) {
      const key = keyOf(platform, kind, id);
      const known = cache?.read(key);
      if (known !== undefined) return known as SandboxRecord<T> | null;
      const [row] = await q.get.execute({ workspace: workspaceId, platform, kind, id });
      const record = row ? toRecord<T>(row) : null;
      cache?.fill(key, record);
      return record;
    },
    async getLinked<T, L, A = unknown>(platform: PlatformId, kind: string, id: string, link: RecordLink) {
      assertLinkKinds(kind, link);
      type Read = { record: SandboxRecord<T> | null; linked: SandboxRecord<L> | null; alongside: SandboxRecord<A> | null };
      if (cache) {
        const record = cache.read(keyOf(platform, kind, id));
        const named = linkedId(record ?? null, link.field);
        const linked = record === undefined ? undefined : named === undefined ? null : cache.read(keyOf(platform, link.kind, named));
        const alongside = link.alongside === undefined ? null : cache.read(keyOf(platform, link.alongside, id));
        if (record !== undefined && linked !== undefined && alongside !== undefined) return { record, linked, alongside } as Read;
      }
      const read = await readLinked(platform, kind, id, link);
      if (cache) {
        cache.fill(keyOf(platform, kind, id), read.record);
        const named = linkedId(read.record, link.field);
        if (named !== undefined) cache.fill(keyOf(platform, link.kind, named), read.linked);
        if (link.alongside !== undefined) cache.fill(keyOf(platform, link.alongside, id), read.alongside);
      }
      return read as Read;
    },
    async put<T>(platform: PlatformId, kind: string, id: string, data: T, owner: string | null = null) {
      const [row] = await q.put.execute({ workspace: workspaceId, platform, kind, id, owner, data });
      // As the database keeps it: JSON (jsonb), so a read from the cache is a read from the table;
      // the parsed copy is the cache's own.
      if (cache && row) cache.wrote(keyOf(platform, kind, id), { id, owner, data: JSON.parse(JSON.stringify(data)) as unknown, createdAt: row.createdAt.toISOString() });
    },
    async list<T>(platform: PlatformId, kind: string, filter: { owner?: string } = {}) {
      const key = { workspace: workspaceId, platform, kind };
      const rows = filter.owner === undefined ? await q.list.execute(key) : await q.listOwned.execute({ ...key, owner: filter.owner });
      return rows.map((row) => toRecord<T>(row));
    },
    async delete(platform: PlatformId, kind: string, id: string) {
      await q.delete.execute({ workspace: workspaceId, platform, kind, id });
      cache?.wrote(keyOf(platform, kind, id), null);
    },
  };
}
