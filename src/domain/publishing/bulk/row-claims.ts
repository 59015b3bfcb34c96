import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { bulkImportRows, bulkImports, type BulkRowError } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

const rows = bulkImportRows;

/**
 * How long a worker may hold a row before it is presumed dead: the running lease of the row's
 * idempotency record (RUNNING_LEASE_MS in core), so a row taken again finds its record free too.
 */
const RUNNING_LEASE_MS = 5 * 60 * 1000;

/** The idempotency record a row's post is linked to: one per row of one import, whoever runs it. */
export const rowKey = (bulkId: string, row: number): string => `bulk:${bulkId}:${row}`;

/**
 * Takes the next row a worker may run, in one statement: a pending row whose wait is over, or a
 * row whose worker has held it longer than any request runs (it died). `SKIP LOCKED` lets
 * concurrent workers of one import take different rows instead of queueing on the same one, and
 * the state re-check in the update makes a row taken by someone else in between not taken twice.
 */
export async function takeNextRow(ctx: DomainContext, bulkId: string): Promise<{ rowIndex: number; input: Record<string, unknown> } | null> {
  const now = ctx.clock.now();
  const leaseStart = new Date(now.getTime() - RUNNING_LEASE_MS);
  const claimable = or(and(eq(rows.state, "pending"), or(isNull(rows.notBefore), lte(rows.notBefore, now))), and(eq(rows.state, "running"), lte(rows.claimedAt, leaseStart)));
  const next = ctx.db
    .select({ rowIndex: rows.rowIndex })
    .from(rows)
    .where(and(eq(rows.bulkId, bulkId), eq(rows.workspaceId, ctx.workspace.id), claimable))
    .orderBy(asc(rows.rowIndex))
    .limit(1)
    .for("update", { skipLocked: true });
  const [taken] = await ctx.db
    .update(rows)
    .set({ state: "running", claimedAt: now, updatedAt: now })
    // A scalar subquery runs once; under `IN (...)` PostgreSQL may run it again per candidate row,
    // and with SKIP LOCKED each run can name another row, so one call would take several.
    .where(and(eq(rows.bulkId, bulkId), eq(rows.workspaceId, ctx.workspace.id), sql`${rows.rowIndex} = (${next})`, claimable))
    .returning({ rowIndex: rows.rowIndex, input: rows.input });
  return taken ?? null;
}

const mine = (ctx: DomainContext, bulkId: string, rowIndex: number) => and(eq(rows.bulkId, bulkId), eq(rows.workspaceId, ctx.workspace.id), eq(rows.rowIndex, rowIndex), eq(rows.state, "running"));

export async function finishRow(ctx: DomainContext, bulkId: string, rowIndex: number, outcome: { postId: string } | { error: BulkRowError }): Promise<void> {
  const set = "postId" in outcome ? { state: "created" as const, postId: outcome.postId, error: null } : { state: "failed" as const, error: outcome.error };
  await ctx.db
    .update(rows)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(mine(ctx, bulkId, rowIndex));
}

/** Back to pending until `notBefore`: the row met the posts-per-minute limit and waits for the window. */
export async function deferRow(ctx: DomainContext, bulkId: string, rowIndex: number, notBefore: Date): Promise<void> {
  await ctx.db
    .update(rows)
    .set({ state: "pending", notBefore, claimedAt: null, updatedAt: ctx.clock.now() })
    .where(mine(ctx, bulkId, rowIndex));
}

/**
 * Marks the import finished once no row is left to run; the first worker to see that writes it.
 * Otherwise says when a row can next be taken: a pending row now or when its wait ends, a row
 * held by another worker when that worker's lease ends (so a dead worker's row is not polled for).
 */
export async function finishImportIfDone(ctx: DomainContext, bulkId: string): Promise<{ done: boolean; nextAt: Date | null }> {
  const now = ctx.clock.now();
  const [left] = await ctx.db
    .select({
      open: sql<number>`count(*)::int`,
      pendingAt: sql<string | Date | null>`min(case when ${rows.state} = 'pending' then coalesce(${rows.notBefore}, ${now.toISOString()}::timestamptz) end)`,
      heldSince: sql<string | Date | null>`min(case when ${rows.state} = 'running' then ${rows.claimedAt} end)`,
    })
    .from(rows)
    .where(and(eq(rows.bulkId, bulkId), eq(rows.workspaceId, ctx.workspace.id), inArray(rows.state, ["pending", "running"])));
  if (left && Number(left.open) > 0) {
    const times = [left.pendingAt ? new Date(left.pendingAt).getTime() : null, left.heldSince ? new Date(left.heldSince).getTime() + RUNNING_LEASE_MS : null].filter((t): t is number => t !== null);
    return { done: false, nextAt: times.length > 0 ? new Date(Math.min(...times)) : null };
  }
  await ctx.db
    .update(bulkImports)
    .set({ finishedAt: now })
    .where(and(eq(bulkImports.id, bulkId), eq(bulkImports.workspaceId, ctx.workspace.id), isNull(bulkImports.finishedAt)));
  return { done: true, nextAt: null };
}
