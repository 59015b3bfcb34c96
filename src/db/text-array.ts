/**
 * A PostgreSQL `text[]` literal for one parameter (`${textArray(ids)}::text[]`): drizzle's `sql`
 * would spread a JS array into a list of parameters. Written as one array, `col = any(...)` is
 * an index condition the planner sees the size of, so a batch statement probes its rows by key;
 * a join on a set-returning function instead hash-joins the whole table where PGlite (which has
 * no autovacuum) holds no statistics for it.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}
