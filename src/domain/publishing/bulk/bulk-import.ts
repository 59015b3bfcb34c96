import { and, eq, inArray } from "drizzle-orm";
import { bulkImportRows } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext, RateGate } from "../../core/index.js";
import { loadActingAgent } from "../../agents/index.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { type BulkImportView, type BulkRow, type DryRunReport, MAX_BULK_ROWS } from "./bulk-types.js";
import { getBulkImport, requireBulkImport } from "./bulk-view.js";
import { runBulkRows } from "./run-bulk.js";
import { dryRunBulk, storeBulkImport } from "./start-bulk.js";
import { finishImportIfDone } from "./row-claims.js";
import { limiterGate } from "./limiter-gate.js";

/** Imports up to this many rows are run by the request itself and answered finished (201); larger ones by the job (202). */
export const INLINE_ROWS = 25;
/** Rows one job turn runs before it queues the next turn, so a turn stays well inside a Worker's wall time. */
export const ROWS_PER_TURN = 200;
/**
 * Rows a turn runs at once: each row waits on its database round trips (and a post to publish now
 * on its network), so a few at once use a server database's connections; rows are taken one by one
 * with a conditional update, so concurrent runners never share a row.
 */
const PARALLEL_ROWS = 4;
/** The job queued beside an import run inline finishes what the request could not (it died, or rows wait for the rate limit). */
const INLINE_SAFETY_NET_MS = 60_000;

export interface BulkRequest {
  rows: readonly BulkRow[];
  dryRun: boolean;
  /** The request's Idempotency-Key scoped to its key; null without one (each request is then an import of its own). */
  requestKey: string | null;
}

/**
 * POST /v1/posts/bulk and the MCP tool `bulk_create_posts`. A dry run checks every row and writes
 * nothing. Otherwise the import is stored once per request (see storeBulkImport) and its rows run
 * as single posts would, each exactly once; a small import runs here and answers every outcome,
 * a large one runs in the background, readable with GET /v1/bulk-imports/{id}.
 */
export async function bulkCreatePosts({ ctx, input, loadMedia, limits }: { ctx: DomainContext; input: BulkRequest; loadMedia: MediaLoader; limits: RateGate }): Promise<DryRunReport | BulkImportView> {
  if (input.rows.length === 0) throw new ApiError("bulk_no_rows", { param: "rows", beforeExecution: true });
  if (input.rows.length > MAX_BULK_ROWS) throw new ApiError("bulk_too_many_rows", { param: "rows", message: `${input.rows.length} rows; at most ${MAX_BULK_ROWS}.`, beforeExecution: true });
  if (input.dryRun) return dryRunBulk(ctx, input.rows, loadMedia);
  const inline = input.rows.length <= INLINE_ROWS;
  const stored = await storeBulkImport(ctx, { rows: input.rows, requestKey: input.requestKey, jobDelayMs: inline ? INLINE_SAFETY_NET_MS : 0 });
  if (ctx.effects) ctx.effects.committed = true;
  if (inline) await runBulkRows(ctx, stored.id, { loadMedia, limits });
  return getBulkImport({ ctx, input: { id: stored.id } });
}

/**
 * The `bulk_import` job: one turn of an import's rows, acting as the key (and agent, with its
 * grant as it is now) that sent it. A row that meets the posts-per-minute limit is not failed:
 * the turn stops and the next one is queued for when the window has room, so an import larger
 * than the limit runs at the limit's pace.
 */
export async function runBulkImportJob(jobCtx: DomainContext, input: { bulkId: string; turn: number }, loadMedia: MediaLoader): Promise<void> {
  // Gone with its workspace, or already finished by another turn: nothing to do.
  const bulk = await requireBulkImport(jobCtx, input.bulkId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "resource_not_found") return null;
    throw error;
  });
  if (!bulk || bulk.finishedAt) return;
  const actor = bulk.actor;
  const agent = actor.agentId ? await loadActingAgent(jobCtx.db, { workspaceId: jobCtx.workspace.id, agentId: actor.agentId, now: jobCtx.clock.now() }) : undefined;
  const ctx: DomainContext = { ...jobCtx, apiKey: { ...actor.apiKey, workspaceId: jobCtx.workspace.id }, agent: agent ?? undefined };
  if (agent === null) {
    await failOpenRows(ctx, bulk.id, new ApiError("bulk_agent_revoked"));
    await finishImportIfDone(ctx, bulk.id);
    return;
  }
  const limits = limiterGate(ctx);
  await Promise.all(Array.from({ length: PARALLEL_ROWS }, () => runBulkRows(ctx, bulk.id, { loadMedia, limits, maxRows: ROWS_PER_TURN / PARALLEL_ROWS })));
  // Read once all runners are back: one stopped at the rate limit, another at its share of the turn.
  const result = await finishImportIfDone(ctx, bulk.id);
  if (result.done) return;
  const turn = input.turn + 1;
  await ctx.services.jobs.enqueue(
    {
      kind: "bulk_import",
      payload: { bulkId: bulk.id, turn, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode },
      runAt: result.nextAt ?? ctx.clock.now(),
      dedupKey: `bulk:${bulk.id}:${turn}`,
    },
    ctx.db,
  );
}

async function failOpenRows(ctx: DomainContext, bulkId: string, error: ApiError): Promise<void> {
  await ctx.db
    .update(bulkImportRows)
    .set({ state: "failed", error: { code: error.code, message: error.message, param: null, fix: error.fix }, updatedAt: ctx.clock.now() })
    .where(and(eq(bulkImportRows.bulkId, bulkId), eq(bulkImportRows.workspaceId, ctx.workspace.id), inArray(bulkImportRows.state, ["pending"])));
}
