import { type SQL, and, desc, eq, lt, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Position } from "./cursor.js";

/** `WHERE (created_at, id) < (cursor)` for newest-first lists, as two comparisons Postgres can index. */
export function afterPosition(createdAt: PgColumn, id: PgColumn, position: Position | null): SQL | undefined {
  if (!position) return undefined;
  const at = new Date(position.createdAt);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, position.id)));
}

export function newestFirst(createdAt: PgColumn, id: PgColumn): SQL[] {
  return [desc(createdAt), desc(id)];
}
