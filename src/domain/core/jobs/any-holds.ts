import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "./claim-pass.js";
import type { JobRuntime } from "./job-context.js";

/** One statement: does any of `conditions` (each an `exists (...)` a module states) hold now? */
export async function anyHolds(runtime: JobRuntime, conditions: readonly SQL[]): Promise<boolean> {
  if (conditions.length === 0) return false;
  const [row] = rowsOf<{ busy: unknown }>(await runtime.db.execute(sql`select (${sql.join([...conditions], sql` or `)}) as busy`));
  return row?.busy === true;
}
