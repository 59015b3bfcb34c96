import { ApiError } from "../../../infra/errors.js";
import type { DomainContext, RateGate } from "../../core/index.js";
import { beginIdempotentRequest, completeIdempotentRequest, releaseIdempotentRequest } from "../../core/index.js";
import { createPost } from "../posts/create-post.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import { deferRow, finishImportIfDone, finishRow, rowKey, takeNextRow } from "./row-claims.js";
import { checkRow, rowError } from "./check-row.js";
import type { BulkRowInput } from "./bulk-types.js";

export interface RunOptions {
  loadMedia: MediaLoader;
  limits: RateGate;
  /** Stop after this many rows (the request runs a small import itself and leaves the rest to the job). */
  maxRows?: number;
}

/** Where an import stands after a worker's turn: finished, or when the next turn should run. */
export interface RunResult {
  done: boolean;
  /** Rows wait for the posts-per-minute window until then; null when rows are left and may run now. */
  nextAt: Date | null;
}

type RowOutcome = "finished" | { waitUntil: Date } | "left";

const retryAfterOf = (error: ApiError, now: Date): Date => {
  const seconds = Number(error.headers["Retry-After"] ?? "1");
  return new Date(now.getTime() + Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000);
};

/**
 * One row, exactly once: the row's idempotency record is claimed first and the post is linked to
 * it in the post's own transaction (createPost does it for `ctx.idempotency`), so a row run again
 * (a retried request, a job delivered twice, a worker that died) finds its post instead of making
 * another. The row runs the same operation as POST /v1/posts, with the same checks, rate limit,
 * credits, grant and approval rules; it is checked first (checkRow, the /v1/posts/validate
 * operation) so an invalid row fails with its reason and creates nothing.
 */
async function runRow(ctx: DomainContext, bulkId: string, rowIndex: number, input: BulkRowInput, options: RunOptions): Promise<RowOutcome> {
  const key = rowKey(bulkId, rowIndex);
  const now = ctx.clock.now();
  const begun = await beginIdempotentRequest(ctx.db, { workspaceId: ctx.workspace.id, key, fingerprint: key, now });
  if (begun.kind === "replay" || begun.kind === "recover") {
    const postId = begun.kind === "recover" ? begun.postId : (begun.postId ?? null);
    if (postId) await finishRow(ctx, bulkId, rowIndex, { postId });
    else if (begun.kind === "replay") await finishRow(ctx, bulkId, rowIndex, { error: JSON.parse(begun.body) as never });
    return "finished";
  }
  // Another worker holds the row's record: its lease decides, the row is taken again once it ends.
  if (begun.kind !== "execute") return "left";
  const rowCtx: DomainContext = { ...ctx, idempotency: { key }, effects: { committed: false } };
  try {
    const checked = await checkRow(rowCtx, input, options.loadMedia, { importUrls: true });
    if (checked.error) {
      await completeIdempotentRequest(ctx.db, { workspaceId: ctx.workspace.id, key, status: 422, body: JSON.stringify(checked.error), headers: {} });
      await finishRow(ctx, bulkId, rowIndex, { error: checked.error });
      return "finished";
    }
    const post = await createPost({ ctx: rowCtx, input: checked.input, loadMedia: options.loadMedia, limits: options.limits });
    await completeIdempotentRequest(ctx.db, { workspaceId: ctx.workspace.id, key, status: 201, body: JSON.stringify({ postId: post.id }), headers: {} });
    await finishRow(ctx, bulkId, rowIndex, { postId: post.id });
    return "finished";
  } catch (error) {
    // Frees the record when nothing was stored; a stored post keeps it, so the next turn answers from it.
    await releaseIdempotentRequest(ctx.db, { workspaceId: ctx.workspace.id, key });
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "rate_limited" && !rowCtx.effects?.committed) {
      // The posts-per-minute limit is not the row's fault: it waits for the window and runs then.
      const waitUntil = retryAfterOf(error, ctx.clock.now());
      await deferRow(ctx, bulkId, rowIndex, waitUntil);
      return { waitUntil };
    }
    if (rowCtx.effects?.committed) return "left";
    await finishRow(ctx, bulkId, rowIndex, { error: rowError(error) });
    return "finished";
  }
}

/**
 * Runs an import's rows one after another until none is left, a row meets the rate limit (the
 * rest waits with it: the next turn is at the window's end), or `maxRows` ran. Safe to run from
 * several workers at once: each row is taken by one of them.
 */
export async function runBulkRows(ctx: DomainContext, bulkId: string, options: RunOptions): Promise<RunResult> {
  let ran = 0;
  while (options.maxRows === undefined || ran < options.maxRows) {
    const row = await takeNextRow(ctx, bulkId);
    if (!row) break;
    ran += 1;
    const outcome = await runRow(ctx, bulkId, row.rowIndex, row.input as unknown as BulkRowInput, options);
    if (typeof outcome === "object") return { done: false, nextAt: outcome.waitUntil };
  }
  return finishImportIfDone(ctx, bulkId);
}
