import type { Database } from "./types.js";

/**
 * What `build` makes for a database handle, made on first use and kept as long as the handle
 * (the Node server has one; a Worker one per request): prepared statements, whose building by
 * drizzle cost more than running them.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
