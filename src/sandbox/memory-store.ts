import type { PlatformId } from "../types/platform-ids.js";
import { assertLinkKinds, linkedId } from "./linked-read.js";
import type { RecordLink, SandboxRecord, SandboxStore } from "./types.js";

/** An in-memory store for unit tests of a single simulator; the server uses the database store. */
export function createMemorySandboxStore(now: () => Date = () => new Date()): SandboxStore {
  const records = new Map<string, SandboxRecord<unknown>>();
  const key = (platform: PlatformId, kind: string, id: string) => `${platform}\u0000${kind}\u0000${id}`;
  const read = <T>(platform: PlatformId, kind: string, id: string) => {
    const found = records.get(key(platform, kind, id));
    return found ? (structuredClone(found) as SandboxRecord<T>) : null;
  };
  return {
    async get<T>(platform: PlatformId, kind: string, id: string) {
      return read<T>(platform, kind, id);
    },
    async getLinked<T, L, A = unknown>(platform: PlatformId, kind: string, id: string, link: RecordLink) {
      assertLinkKinds(kind, link);
      const record = read<T>(platform, kind, id);
      const named = linkedId(record, link.field);
      return {
        record,
        linked: named === undefined ? null : read<L>(platform, link.kind, named),
        alongside: link.alongside === undefined ? null : read<A>(platform, link.alongside, id),
      };
    },
    async put<T>(platform: PlatformId, kind: string, id: string, data: T, owner: string | null = null) {
      const existing = records.get(key(platform, kind, id));
      records.set(key(platform, kind, id), {
        id,
        owner,
        data: structuredClone(data),
        createdAt: existing?.createdAt ?? now().toISOString(),
      });
    },
    async list<T>(platform: PlatformId, kind: string, filter: { owner?: string } = {}) {
      const prefix = `${platform}\u0000${kind}\u0000`;
      return [...records.entries()]
        .filter(([k, r]) => k.startsWith(prefix) && (filter.owner === undefined || r.owner === filter.owner))
        .map(([, r]) => structuredClone(r) as SandboxRecord<T>)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async delete(platform: PlatformId, kind: string, id: string) {
      records.delete(key(platform, kind, id));
    },
  };
}
