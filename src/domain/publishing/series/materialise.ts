import { and, eq, inArray, isNotNull, notExists, or, sql } from "drizzle-orm";
import { postSeries, postTargets, posts } from "../../../db/schema/index.js";
import { newId } from "../../../infra/ids.js";
import type { JobRuntime } from "../../core/index.js";
import { materialiseEvergreen } from "./evergreen.js";
import type { Occurrence } from "./occurrences.js";
import { type SeriesRow, recurrenceOf } from "./series-row.js";

/**
 * How late an occurrence may still be created and sent. Later than this (the series was paused
 * over it, or nothing ran for a while) it is skipped: a "Monday 09:00" post is not sent on Tuesday.
 */
export const MISSED_AFTER_MS = 15 * 60_000;

/** States in which an occurrence still waits to be sent: the series makes the next one only after it left them. */
export const waitingStates = ["scheduled", "pending_approval"] as const;

class SeriesMoved extends Error {}

export type MaterialiseResult = { outcome: "created"; postId: string; occurrence: Occurrence } | { outcome: "copied" | "exists" | "ended" | "skipped" };

/**
 * Creates the series' next occurrence as a scheduled post with its targets and its publish job,
 * in one transaction. The occurrence is derived from the row (`lastLocal`), so two runs that read
 * the same row derive the same one; the unique (series_id, occurrence_at) index lets the first
 * insert in and turns the other into a no-op (`exists`), whether they ran at once or one after a
 * crash. The series is advanced in the same transaction only while still `active`: a pause or
 * cancel that committed first rolls the insert back.
 */
export async function materialiseOccurrence(runtime: JobRuntime, series: SeriesRow): Promise<MaterialiseResult> {
  if (series.kind === "evergreen") {
    const outcome = await materialiseEvergreen(runtime, series);
    return { outcome: outcome === "created" ? "copied" : outcome };
  }
  const now = runtime.clock.now();
  const recurrence = recurrenceOf(series);
  const next = recurrence.afterInstant(series.lastLocal, new Date(now.getTime() - MISSED_AFTER_MS));
  if (!next) {
    await runtime.db
      .update(postSeries)
      .set({ state: "ended", nextAt: null, updatedAt: now })
      .where(and(eq(postSeries.id, series.id), eq(postSeries.state, "active")));
    return { outcome: "ended" };
  }
  const following = recurrence.after(next.local);
  const postId = newId("post");
  try {
    return await runtime.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(posts)
        .values({
          id: postId,
          workspaceId: series.workspaceId,
          profileId: series.profileId,
          state: "scheduled",
          mode: series.mode,
          ...series.content,
          scheduledAt: next.at,
          timezone: series.timezone,
          seriesId: series.id,
          occurrenceAt: next.at,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: posts.id });
      if (!inserted) {
        // Made by a run that read the same row (or a sent occurrence already holds this instant):
        // only catch up, never step back, so the series cannot stall on it.
        await tx
          .update(postSeries)
          .set({ lastLocal: sql`greatest(${postSeries.lastLocal}, ${next.local})` })
          .where(eq(postSeries.id, series.id));
        return { outcome: "exists" } as const;
      }
      await tx.insert(postTargets).values(
        series.targets.map((t) => ({
          id: newId("tgt"),
          postId,
          workspaceId: series.workspaceId,
          accountId: t.accountId,
          platform: t.platform as (typeof postTargets.$inferInsert)["platform"],
          handle: t.handle,
          destination: t.destination,
          state: "pending",
          firstCommentText: t.firstCommentText,
          firstCommentState: t.firstCommentText ? "pending" : null,
        })),
      );
      const [advanced] = await tx
        .update(postSeries)
        .set({
          lastLocal: sql`greatest(${postSeries.lastLocal}, ${next.local})`,
          occurrences: sql`${postSeries.occurrences} + 1`,
          nextAt: following?.at ?? null,
          state: following ? "active" : "ended",
          updatedAt: now,
        })
        .where(and(eq(postSeries.id, series.id), eq(postSeries.state, "active")))
        .returning({ id: postSeries.id });
      if (!advanced) throw new SeriesMoved();
      await runtime.services.jobs.enqueue(
        { kind: "publish_scheduled", payload: { postId, version: 0, workspaceId: series.workspaceId, mode: series.mode }, runAt: next.at, dedupKey: `post:${postId}:v0` },
        tx,
      );
      return { outcome: "created", postId, occurrence: next } as const;
    });
  } catch (error) {
    if (error instanceof SeriesMoved) return { outcome: "skipped" };
    throw error;
  }
}

/** An active series with an occurrence left to make and none waiting to be sent. */
const dueSeries = and(
  eq(postSeries.state, "active"),
  or(isNotNull(postSeries.nextAt), eq(postSeries.kind, "evergreen")),
  notExists(sql`(select 1 from ${posts} where ${posts.seriesId} = ${postSeries.id} and ${inArray(posts.state, [...waitingStates])})`),
);

/**
 * The minute's sweep: each due series gets its next occurrence, one ahead (made once the one
 * before was sent, failed or cancelled: a failed occurrence does not stop the series). Safe to
 * run twice at once or again after a crash: see materialiseOccurrence.
 */
export async function sweepSeries(runtime: JobRuntime, limit = 100): Promise<number> {
  const due = await runtime.db.select().from(postSeries).where(dueSeries).limit(limit);
  let created = 0;
  for (const series of due) {
    try {
      const result = await materialiseOccurrence(runtime, series);
      if (result.outcome === "created" || result.outcome === "copied") created++;
    } catch (error) {
      // One series' trouble (a deleted profile, a bad row) must not hold the others back.
      runtime.services.logger.error("series occurrence failed", { series: series.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return created;
}

/** True while some series has an occurrence left to make: part of the statement that lets an idle server rest. */
export const seriesToWatch = sql`exists (select 1 from ${postSeries} where ${postSeries.state} = 'active' and (${postSeries.nextAt} is not null or ${postSeries.kind} = 'evergreen'))`;
