import type { SeriesTarget } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import { parseIsoTimestamp } from "../../../infra/iso-timestamp.js";
import { wallTimeAt } from "../../../infra/zoned-time.js";
import { postSeries } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import type { PostContent } from "../posts/prepare-targets.js";
import { assertTimezone, resolveScheduledAt } from "../posts/schedule-time.js";
import { type Occurrence, Recurrence, formatLocal } from "./occurrences.js";
import { formatRule, parseRule } from "./recurrence-rule.js";

export interface RecurrenceRequest {
  recurrence?: string | undefined;
  scheduledAt?: string | undefined;
  timezone?: string | undefined;
  queue?: boolean | undefined;
  draft?: boolean | undefined;
  thread?: readonly unknown[] | undefined;
}

export interface PlannedSeries {
  id: string;
  rule: string;
  recurrence: Recurrence;
  first: Occurrence;
  /** Writes the series row, in the transaction that stores its first occurrence (before it: the post names it). */
  insert(tx: Transaction, ctx: DomainContext, row: { profileId: string | null; content: PostContent; targets: SeriesTarget[] }): Promise<void>;
}

/**
 * Reads `recurrence` with `scheduledAt` (the first occurrence's wall-clock time, DTSTART) and
 * `timezone` (required: a rule without a zone has no wall clock to follow). Null when the
 * request has no `recurrence`. Every refusal names its field.
 */
export function planSeries(ctx: DomainContext, input: RecurrenceRequest): PlannedSeries | null {
  if (input.recurrence === undefined) return null;
  const clash = input.queue ? "queue" : input.draft ? "draft" : (input.thread?.length ?? 0) > 0 ? "thread" : null;
  if (clash) throw new ApiError("recurrence_conflict", { param: clash, message: `\`recurrence\` cannot be combined with \`${clash}\`.` });
  if (input.timezone === undefined)
    throw new ApiError("field_required", { param: "timezone", message: "A recurring post needs `timezone` (an IANA name): its occurrences follow that zone's wall clock." });
  if (input.scheduledAt === undefined) throw new ApiError("field_required", { param: "scheduledAt", message: "A recurring post needs `scheduledAt`: the wall-clock time of its first occurrence." });
  assertTimezone(input.timezone);
  const zone = input.timezone;
  const parsed = parseRule(input.recurrence);
  const startAt = resolveScheduledAt(input.scheduledAt, zone);
  const now = ctx.clock.now();
  if (startAt.getTime() <= now.getTime()) throw new ApiError("schedule_in_past", { param: "scheduledAt", message: `scheduledAt (${startAt.toISOString()}) is not in the future.` });
  // Without an offset the wall time is kept as sent (02:30 stays 02:30 on the days that have one);
  // with one it is that instant's wall time in the zone.
  const stamp = parseIsoTimestamp(input.scheduledAt);
  const startLocal = stamp.ok && stamp.offsetMinutes === null ? formatLocal(stamp.wall) : formatLocal(wallTimeAt(zone, startAt));
  if (parsed.until && "instant" in parsed.until && parsed.until.instant.getTime() <= now.getTime()) {
    throw new ApiError("recurrence_until_past", { param: "recurrence", message: `UNTIL (${parsed.until.instant.toISOString()}) is not in the future.` });
  }
  const recurrence = new Recurrence(parsed, zone, startLocal);
  const first = recurrence.after(null);
  if (!first || first.at.getTime() <= now.getTime()) {
    throw new ApiError("recurrence_until_past", { param: "recurrence", message: "The rule ends before its first occurrence: UNTIL falls before the first time the rule names from scheduledAt." });
  }
  const id = newId("ser");
  const rule = formatRule(parsed);
  return {
    id,
    rule,
    recurrence,
    first,
    insert: async (tx, ctx, row) => {
      const next = recurrence.after(first.local);
      await tx.insert(postSeries).values({
        id,
        workspaceId: ctx.workspace.id,
        profileId: row.profileId,
        mode: ctx.apiKey.mode,
        state: next ? "active" : "ended",
        rule,
        timezone: zone,
        startLocal,
        lastLocal: first.local,
        nextAt: next?.at ?? null,
        occurrences: 1,
        content: {
          text: row.content.text,
          textOverrides: row.content.textOverrides ?? {},
          media: row.content.media ?? [],
          mediaAlt: row.content.mediaAlt ?? [],
          mediaOverrides: row.content.mediaOverrides ?? {},
          mediaAltOverrides: row.content.mediaAltOverrides ?? {},
          platformOptions: row.content.platformOptions ?? {},
          firstComment: row.content.firstComment ?? null,
          autoFix: row.content.autoFix ?? null,
        },
        targets: row.targets,
        createdBy: ctx.apiKey.id,
        agentId: ctx.agent?.id ?? null,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
    },
  };
}
