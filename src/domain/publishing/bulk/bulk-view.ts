import { and, asc, eq } from "drizzle-orm";
import { bulkImportRows, bulkImports } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import type { BulkImportView, BulkRowState } from "./bulk-types.js";

export type BulkImportRow = typeof bulkImports.$inferSelect;

/**
 * An import of this workspace, sent with a key of the caller's mode; an agent reaches only the
 * imports it sent itself (their rows may go to accounts outside another grant). Otherwise 404.
 */
export async function requireBulkImport(ctx: DomainContext, id: string): Promise<BulkImportRow> {
  const [row] = await ctx.db
    .select()
    .from(bulkImports)
    .where(and(eq(bulkImports.id, id), eq(bulkImports.workspaceId, ctx.workspace.id)))
    .limit(1);
  const visible = row && row.actor.apiKey.mode === ctx.apiKey.mode && (!ctx.agent || row.actor.agentId === ctx.agent.id);
  if (!row || !visible) throw new ApiError("resource_not_found", { param: "id", message: `No bulk import ${id} in this workspace.` });
  return row;
}

/** GET /v1/bulk-imports/{id}: counts and every row's outcome so far. */
export async function getBulkImport({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<BulkImportView> {
  const bulk = await requireBulkImport(ctx, input.id);
  const rows = await ctx.db
    .select({ rowIndex: bulkImportRows.rowIndex, state: bulkImportRows.state, postId: bulkImportRows.postId, error: bulkImportRows.error })
    .from(bulkImportRows)
    .where(and(eq(bulkImportRows.bulkId, bulk.id), eq(bulkImportRows.workspaceId, ctx.workspace.id)))
    .orderBy(asc(bulkImportRows.rowIndex));
  const count = (state: BulkRowState) => rows.filter((r) => r.state === state).length;
  return {
    id: bulk.id,
    dryRun: false,
    state: bulk.finishedAt ? "done" : "running",
    total: bulk.total,
    created: count("created"),
    failed: count("failed"),
    pending: count("pending") + count("running"),
    createdAt: bulk.createdAt.toISOString(),
    finishedAt: bulk.finishedAt?.toISOString() ?? null,
    rows: rows.map((r) => ({ row: r.rowIndex, state: r.state, postId: r.postId, error: r.error ?? null })),
  };
}
