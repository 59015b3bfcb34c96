import { isSingleProcess } from "../../../db/single-process.js";
import type { SandboxRecord } from "../../../sandbox/types.js";

/** Most records kept per database; the records kept longest since they were last stored go first. */
const CAPACITY = 20_000;

/**
 * The simulators' records as last read or written, on a database only this process opens
 * (embedded PGlite): every simulated call reads its token, account and state, and there each
 * read is a statement on the one connection the whole server shares. Every write goes through
 * the store, which writes the database first and then this cache, so a record here is what the
 * database holds; `null` is a record known to be absent. Elsewhere (a PostgreSQL server, Neon)
 * other processes write the same rows, and there is no cache.
 *
 * Readers get copies (simulators build on what they read). A read that missed stores its answer
 * only if nothing was written under the key meanwhile, so a slow read never undoes a write.
 */
export interface SandboxRecordCache {
  /** The record, `null` when known absent, `undefined` when not known. */
  read(key: string): SandboxRecord<unknown> | null | undefined;
  /** After a read of the database: a copy is kept unless a write got there first. */
  fill(key: string, record: SandboxRecord<unknown> | null): void;
  /** After a write to the database: the record is kept as given, so the caller hands over a copy of its own. */
  wrote(key: string, record: SandboxRecord<unknown> | null): void;
}

const caches = new WeakMap<object, SandboxRecordCache>();

export function sandboxRecordCache(db: object): SandboxRecordCache | null {
  if (!isSingleProcess(db)) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = createCache();
    caches.set(db, cache);
  }
  return cache;
}

export const sandboxRecordKey = (workspaceId: string, platform: string, kind: string, id: string) => `${workspaceId}\u0000${platform}\u0000${kind}\u0000${id}`;

function createCache(): SandboxRecordCache {
  const entries = new Map<string, SandboxRecord<unknown> | null>();
  const keep = (key: string, record: SandboxRecord<unknown> | null) => {
    entries.delete(key);
    entries.set(key, record);
    if (entries.size > CAPACITY) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
  };
  return {
    read(key) {
      const found = entries.get(key);
      return found === undefined || found === null ? found : structuredClone(found);
    },
    fill(key, record) {
      if (!entries.has(key)) keep(key, record === null ? null : structuredClone(record));
    },
    wrote: keep,
  };
}
