import { sql } from "drizzle-orm";
import type { DomainContext } from "../core/index.js";

/** One day of the ledger in the viewed mode: credits kept by targets made that day, and grants. */
export interface CreditHistoryDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** Credits still charged for targets created that day (refunded targets hold none). */
  spent: number;
  /** Targets that kept a credit. */
  targets: number;
  /** Credits the operator granted that day (CLI `credits grant`, workspace creation). */
  granted: number;
  /** Whether the test ledger was reset that day (test mode only). */
  reset: boolean;
}

const DAY_MS = 86_400_000;

type Row = { day: string; spent: number | string; targets: number | string; granted: number | string; reset: boolean };

/**
 * The last `days` UTC days of the key's ledger, newest first, days without movement left out.
 * There is no separate ledger table: a target's `credits` is what it still holds after refunds,
 * and grants are audit entries, so one statement reads both and the history can never disagree
 * with the balances.
 */
export async function creditHistory({ ctx, input }: { ctx: DomainContext; input: { days: number } }): Promise<CreditHistoryDay[]> {
  const since = new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS - (input.days - 1) * DAY_MS);
  const workspaceId = ctx.workspace.id;
  const mode = ctx.apiKey.mode;
  const result: unknown = await ctx.db.execute(sql`
    select day, sum(spent) as spent, sum(targets) as targets, sum(granted) as granted, bool_or(reset) as reset
    from (
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(t.credits) as spent, count(*) as targets, 0 as granted, false as reset
      from post_targets t join posts p on p.id = t.post_id
      where t.workspace_id = ${workspaceId} and p.workspace_id = ${workspaceId} and p.mode = ${mode} and p.created_at >= ${since.toISOString()}::timestamptz and t.credits > 0
      group by 1
      union all
      select to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD'), 0, 0,
        coalesce(sum(case when a.type = 'credits.granted' then (a.details->>'credits')::int else 0 end), 0),
        bool_or(a.type = 'credits.reset')
      from audit_events a
      where a.workspace_id = ${workspaceId} and a.created_at >= ${since.toISOString()}::timestamptz and a.type in ('credits.granted', 'credits.reset') and a.details->>'mode' = ${mode}
      group by 1
    ) movements
    group by day
    order by day desc`);
  // Every driver we run on (PGlite, node-postgres, Neon) answers raw SQL with `{ rows }`.
  const rows = typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as Row[]) : [];
  return rows.map((row) => ({ day: row.day, spent: Number(row.spent), targets: Number(row.targets), granted: Number(row.granted), reset: Boolean(row.reset) }));
}
