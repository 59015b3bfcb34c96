import { and, eq, inArray } from "drizzle-orm";
import { postSeries, posts } from "../../../db/schema/index.js";
import type { SeriesContent } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { rewriteFirstComments } from "../posts/first-comment-columns.js";
import { type MediaLoader, type PostContent, prepareTargets } from "../posts/prepare-targets.js";
import { assertTimezone } from "../posts/schedule-time.js";
import { accountsOfTargets } from "../posts/target-accounts.js";
import { refusalOf } from "../posts/target-refusal.js";
import { recordApprovalEvent } from "../approvals/approval-events.js";
import { approvalRequiredBy, pendingApproval } from "../approvals/approval-rule.js";
import { Recurrence } from "./occurrences.js";
import { formatRule, parseRule } from "./recurrence-rule.js";
import { requireSeries, seriesView } from "./manage-series.js";
import type { SeriesView } from "./series-view.js";

export interface SeriesChanges extends Partial<Omit<PostContent, "firstComment" | "autoFix">> {
  recurrence?: string | undefined;
  timezone?: string | undefined;
}

function mergedContent(current: SeriesContent, changes: SeriesChanges): SeriesContent {
  const platformOptions: Record<string, Record<string, unknown>> = { ...current.platformOptions };
  for (const [platform, options] of Object.entries(changes.platformOptions ?? {})) platformOptions[platform] = { ...(platformOptions[platform] ?? {}), ...options };
  return {
    ...current,
    text: changes.text ?? current.text,
    textOverrides: changes.textOverrides ?? current.textOverrides,
    media: changes.media ?? current.media,
    mediaAlt: changes.mediaAlt ?? current.mediaAlt,
    mediaOverrides: changes.mediaOverrides ?? current.mediaOverrides,
    mediaAltOverrides: changes.mediaAltOverrides ?? current.mediaAltOverrides,
    platformOptions,
  };
}

/**
 * PATCH /v1/series/{id}: changes every occurrence not sent yet, the one already waiting included;
 * sent occurrences keep what they were sent with. Content is checked against every destination
 * as a scheduled post's edit is, and refused whole on the first blocking problem. A new rule or
 * zone is read from the series' original start: occurrences already made stay, and the next one
 * is the first the new rule names after the latest made (COUNT counts from the start).
 */
export async function editSeries({ ctx, input, loadMedia }: { ctx: DomainContext; input: { id: string; changes: SeriesChanges }; loadMedia: MediaLoader }): Promise<SeriesView> {
  const series = await requireSeries(ctx, input.id, "publish_or_schedule", "editing a recurring series");
  if (series.state !== "active" && series.state !== "paused") {
    throw new ApiError("series_state_invalid", { message: `Series ${series.id} is ${series.state}; only active and paused series are edited.` });
  }
  if (series.kind === "evergreen") {
    throw new ApiError("series_state_invalid", { message: `Series ${series.id} is evergreen: its copies take their content from its posts (edit those with PATCH /v1/posts/{id}).` });
  }
  const { changes } = input;
  const content = mergedContent(series.content, changes);
  const zone = changes.timezone ?? series.timezone;
  if (changes.timezone !== undefined) assertTimezone(changes.timezone);
  const parsed = parseRule(changes.recurrence ?? series.rule);
  const now = ctx.clock.now();
  if (changes.recurrence !== undefined && parsed.until && "instant" in parsed.until && parsed.until.instant.getTime() <= now.getTime()) {
    throw new ApiError("recurrence_until_past", { param: "recurrence", message: `UNTIL (${parsed.until.instant.toISOString()}) is not in the future.` });
  }
  const next = new Recurrence(parsed, zone, series.startLocal).after(series.lastLocal);

  const accounts = await accountsOfTargets(ctx, series.targets);
  const prepared = await prepareTargets(ctx, accounts, { ...content, platformOptions: content.platformOptions as Partial<Record<PlatformId, Record<string, unknown>>> }, loadMedia);
  const blocking = prepared.flatMap((t) => t.errors.map((e) => ({ ...e, platform: t.platform })));
  if (blocking[0]) throw refusalOf(blocking[0], blocking[0].platform);
  // Approval is decided per series, on its first occurrence; new content under an approval rule
  // is new content to decide on, so the waiting occurrence waits for a person again (and the
  // series makes no further occurrence until it is decided; a rejection cancels the series).
  const contentChanged = JSON.stringify(content) !== JSON.stringify(series.content);
  const heldBy = contentChanged
    ? await approvalRequiredBy(
        ctx,
        accounts.map((a) => a.profileId),
      )
    : null;
  if (heldBy && series.state === "paused") {
    throw new ApiError("series_state_invalid", { message: `Series ${series.id} needs approval for new content; resume it first, so the next occurrence carries the edit to the approver.` });
  }

  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(postSeries)
      .set({ content, rule: formatRule(parsed), timezone: zone, nextAt: next?.at ?? null, state: next ? series.state : "ended", updatedAt: now })
      .where(and(eq(postSeries.id, series.id), eq(postSeries.workspaceId, ctx.workspace.id), inArray(postSeries.state, ["active", "paused"])))
      .returning({ id: postSeries.id });
    if (!updated) throw new ApiError("series_state_invalid", { message: `Series ${series.id} was cancelled or ended meanwhile.` });
    // The occurrence already made but not sent is a future occurrence too: it takes the new content (its time stays).
    const waiting = await tx
      .update(posts)
      .set({ ...content, updatedAt: now, ...(heldBy ? { state: "pending_approval", approval: pendingApproval(ctx, heldBy) } : {}) })
      .where(and(eq(posts.seriesId, series.id), eq(posts.workspaceId, ctx.workspace.id), inArray(posts.state, ["scheduled", "pending_approval"])))
      .returning({ id: posts.id });
    for (const post of waiting) {
      await rewriteFirstComments(tx, ctx, post.id, prepared);
      if (heldBy) await recordApprovalEvent(ctx, tx, post.id, "post.pending_approval", now);
    }
  });
  return seriesView(ctx, await requireSeries(ctx, series.id, "read", "reading a recurring series"));
}
