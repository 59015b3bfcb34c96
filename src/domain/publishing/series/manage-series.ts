import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { postSeries, postTargets, posts } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { wallTimeAt } from "../../../infra/zoned-time.js";
import { type DomainContext, afterPosition, decodeCursor, newestFirst, pageOf, recordAuditEvent } from "../../core/index.js";
import { assertAgentMay, assertPostInGrant, forgetAgents, postsWithinGrant, refundAgentCharges } from "../../agents/index.js";
import type { RequiredAction } from "../../agents/index.js";
import { materialiseOccurrence, waitingStates } from "./materialise.js";
import { formatLocal } from "./occurrences.js";
import type { SeriesRow } from "./series-row.js";
import { type SeriesView, toSeriesView } from "./series-view.js";

export const seriesStates = ["active", "paused", "ended", "cancelled"] as const;

const auditTypes = { active: "series.resumed", paused: "series.paused", cancelled: "series.cancelled", ended: "series.cancelled" } as const;

async function waitingPost(db: DomainContext["db"], series: Pick<SeriesRow, "id" | "workspaceId">): Promise<string | null> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.seriesId, series.id), eq(posts.workspaceId, series.workspaceId), inArray(posts.state, [...waitingStates])))
    .orderBy(desc(posts.occurrenceAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A series of this workspace in the key's mode, or 404. An agent reaches it only when its grant
 * covers every account the series posts to (checked on its first occurrence: all share them).
 */
export async function requireSeries(ctx: DomainContext, id: string, action: RequiredAction, what: string): Promise<SeriesRow> {
  assertAgentMay(ctx, action, what);
  const [row] = await ctx.db
    .select()
    .from(postSeries)
    .where(and(eq(postSeries.id, id), eq(postSeries.workspaceId, ctx.workspace.id), eq(postSeries.mode, ctx.apiKey.mode)))
    .limit(1);
  if (!row) throw new ApiError("resource_not_found", { param: "id", message: `No series ${id} in this workspace.` });
  if (ctx.agent) {
    const [first] = await ctx.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.seriesId, row.id), eq(posts.workspaceId, ctx.workspace.id)))
      .limit(1);
    if (first) await assertPostInGrant(ctx, first.id);
  }
  return row;
}

export async function seriesView(ctx: DomainContext, series: SeriesRow): Promise<SeriesView> {
  return toSeriesView(series, await waitingPost(ctx.db, series), ctx.clock.now());
}

/** GET /v1/series/{id} */
export async function getSeries({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<SeriesView> {
  return seriesView(ctx, await requireSeries(ctx, input.id, "read", "reading a recurring series"));
}

/** GET /v1/series: newest first; an agent sees only series whose accounts are all in its grant. */
export async function listSeries({ ctx, input }: { ctx: DomainContext; input: { state?: string | undefined; limit: number; cursor?: string | undefined } }) {
  assertAgentMay(ctx, "read", "listing recurring series");
  const position = input.cursor ? await decodeCursor("series", input.cursor) : null;
  const inGrant = postsWithinGrant(ctx);
  const rows = await ctx.db
    .select()
    .from(postSeries)
    .where(
      and(
        eq(postSeries.workspaceId, ctx.workspace.id),
        eq(postSeries.mode, ctx.apiKey.mode),
        input.state ? eq(postSeries.state, input.state as SeriesRow["state"]) : undefined,
        inGrant ? sql`exists (select 1 from ${posts} where ${posts.seriesId} = ${postSeries.id} and ${inGrant})` : undefined,
        afterPosition(postSeries.createdAt, postSeries.id, position),
      ),
    )
    .orderBy(...newestFirst(postSeries.createdAt, postSeries.id))
    .limit(input.limit + 1);
  const page = await pageOf("series", rows, input.limit);
  const items = [];
  for (const row of page.items) items.push(await seriesView(ctx, row));
  return { items, cursor: page.cursor };
}

/** Cancels the occurrence still waiting (as DELETE /v1/posts/{id} would), refunding any agent allowance it held. */
async function cancelWaiting(tx: Transaction, ctx: DomainContext, seriesId: string, now: Date): Promise<string[]> {
  const cancelled = await tx
    .update(posts)
    .set({ state: "cancelled", updatedAt: now, scheduleVersion: sql`${posts.scheduleVersion} + 1` })
    .where(and(eq(posts.seriesId, seriesId), eq(posts.workspaceId, ctx.workspace.id), inArray(posts.state, [...waitingStates])))
    .returning({ id: posts.id });
  if (cancelled.length === 0) return [];
  const targets = await tx
    .update(postTargets)
    .set({ state: "cancelled" })
    .where(
      and(
        inArray(
          postTargets.postId,
          cancelled.map((p) => p.id),
        ),
        eq(postTargets.state, "pending"),
      ),
    )
    .returning({ id: postTargets.id });
  return refundAgentCharges(
    tx,
    ctx.workspace.id,
    targets.map((t) => t.id),
  );
}

const stateConflict = (series: SeriesRow, wanted: string) => new ApiError("series_state_invalid", { message: `Series ${series.id} is ${series.state}; it cannot be ${wanted}.` });

/**
 * Moves the series from one of `from` to `to` in one conditional UPDATE (so of two racing calls one
 * wins and the other is 409), cancelling the waiting occurrence when it stops.
 */
async function transition(
  ctx: DomainContext,
  id: string,
  change: { from: SeriesRow["state"][]; to: SeriesRow["state"]; verb: string; action: RequiredAction; cancelWaiting: boolean; set?: Partial<SeriesRow> },
): Promise<SeriesView> {
  const series = await requireSeries(ctx, id, change.action, `${change.verb} a recurring series`);
  if (!change.from.includes(series.state)) throw stateConflict(series, change.verb);
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(postSeries)
      .set({ state: change.to, updatedAt: now, ...change.set })
      .where(and(eq(postSeries.id, series.id), eq(postSeries.workspaceId, ctx.workspace.id), inArray(postSeries.state, change.from)))
      .returning({ id: postSeries.id });
    if (!row) throw stateConflict(series, change.verb);
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: auditTypes[change.to], actor: ctx.apiKey.id, details: { series: series.id }, at: now });
    return change.cancelWaiting ? cancelWaiting(tx, ctx, series.id, now) : [];
  });
  forgetAgents(ctx, refunded);
  return seriesView(ctx, await requireSeries(ctx, id, "read", "reading a recurring series"));
}

/** POST /v1/series/{id}/pause: no occurrence is sent while paused; the waiting one is cancelled. */
export function pauseSeries({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<SeriesView> {
  return transition(ctx, input.id, { from: ["active"], to: "paused", verb: "paused", action: "publish_or_schedule", cancelWaiting: true });
}

/** DELETE /v1/series/{id}: ends the series for good; the waiting occurrence is cancelled, sent ones stay. */
export function cancelSeries({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<SeriesView> {
  return transition(ctx, input.id, { from: ["active", "paused", "ended"], to: "cancelled", verb: "cancelled", action: "delete", cancelWaiting: true, set: { nextAt: null } });
}

/**
 * POST /v1/series/{id}/resume: occurrences whose time passed while paused are skipped (never sent
 * late); the next one after now is created at once.
 */
export async function resumeSeries({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<SeriesView> {
  const series = await requireSeries(ctx, input.id, "publish_or_schedule", "resuming a recurring series");
  const now = ctx.clock.now();
  const caughtUp = formatLocal(wallTimeAt(series.timezone, now));
  const view = await transition(ctx, input.id, { from: ["paused"], to: "active", verb: "resumed", action: "publish_or_schedule", cancelWaiting: false, set: { lastLocal: caughtUp } });
  const resumed = await requireSeries(ctx, view.id, "read", "reading a recurring series");
  await materialiseOccurrence(ctx, resumed);
  return seriesView(ctx, await requireSeries(ctx, view.id, "read", "reading a recurring series"));
}
