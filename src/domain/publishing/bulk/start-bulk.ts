import { and, eq } from "drizzle-orm";
import { bulkImportRows, bulkImports } from "../../../db/schema/index.js";
import { newId } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { checkRow } from "./check-row.js";
import { dryRunLoader, probeRowUrls } from "./probe-urls.js";
import type { BulkRow, DryRunReport, DryRunRow } from "./bulk-types.js";

/** Rows checked at once in a dry run: validation reads the database and the media, no network. */
const DRY_RUN_PARALLEL = 4;

/**
 * `dryRun: true`: every row through the same check as POST /v1/posts/validate, its `mediaUrls`
 * fetched and read as the import would (each distinct URL once); nothing is written.
 */
export async function dryRunBulk(ctx: DomainContext, rows: readonly BulkRow[], workspaceMedia: MediaLoader): Promise<DryRunReport> {
  const probes = await probeRowUrls(ctx, rows);
  const loadMedia = dryRunLoader(workspaceMedia, probes);
  const out: DryRunRow[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      const row = rows[i];
      if (!row) continue;
      if (row.error) {
        out[i] = { row: i, valid: false, error: row.error, warnings: [], targets: [] };
        continue;
      }
      const checked = await checkRow(ctx, row.input, loadMedia, { importUrls: false, probes });
      out[i] = { row: i, valid: checked.error === null, error: checked.error, warnings: checked.warnings, targets: checked.targets };
    }
  };
  await Promise.all(Array.from({ length: Math.min(DRY_RUN_PARALLEL, rows.length) }, worker));
  const validRows = out.filter((r) => r.valid).length;
  return { dryRun: true, valid: validRows === rows.length, total: rows.length, validRows, invalidRows: rows.length - validRows, rows: out };
}

/**
 * Stores an import and its rows, once per request: `requestKey` (the Idempotency-Key, scoped to
 * the key that sent it) is unique per workspace, so retries of one request, even at the same
 * moment, all find the one import the first stored and its rows run once. Rows the route could
 * not read are stored failed; the others wait for a worker. The job that runs them is queued in
 * the same transaction (on Node), so an import is never stored without it.
 */
export async function storeBulkImport(ctx: DomainContext, input: { rows: readonly BulkRow[]; requestKey: string | null; jobDelayMs: number }): Promise<{ id: string; created: boolean }> {
  const now = ctx.clock.now();
  const id = newId("bulk");
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(bulkImports)
      .values({
        id,
        workspaceId: ctx.workspace.id,
        requestKey: input.requestKey,
        actor: { apiKey: { ...ctx.apiKey }, agentId: ctx.agent?.id ?? null },
        total: input.rows.length,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: bulkImports.id });
    if (inserted.length === 0 && input.requestKey !== null) {
      const [existing] = await tx
        .select({ id: bulkImports.id })
        .from(bulkImports)
        .where(and(eq(bulkImports.workspaceId, ctx.workspace.id), eq(bulkImports.requestKey, input.requestKey)))
        .limit(1);
      if (existing) return { id: existing.id, created: false };
    }
    await tx.insert(bulkImportRows).values(
      input.rows.map((row, rowIndex) => ({
        bulkId: id,
        workspaceId: ctx.workspace.id,
        rowIndex,
        input: (row.input ?? {}) as unknown as Record<string, unknown>,
        state: row.error ? ("failed" as const) : ("pending" as const),
        error: row.error ?? null,
        updatedAt: now,
      })),
    );
    await ctx.services.jobs.enqueue(
      {
        kind: "bulk_import",
        payload: { bulkId: id, turn: 0, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode },
        runAt: new Date(now.getTime() + input.jobDelayMs),
        dedupKey: `bulk:${id}:0`,
      },
      tx,
    );
    return { id, created: true };
  });
}
