/**
 * Databases only this process can open: embedded PGlite has one connection in one process, so
 * what the process keeps of their rows cannot change behind its back (a PostgreSQL server or
 * Neon is shared by every process and Worker that connects). Marked where they are opened.
 */
const databases = new WeakSet<object>();

export function markSingleProcess(db: object): void {
  databases.add(db);
}

export function isSingleProcess(db: object): boolean {
  return databases.has(db);
}
