import { postTargets, posts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext, RateGate } from "../../core/index.js";
import type { PostView } from "./post-view.js";
import { type MediaLoader, type PostContent, type PreparedContent, prepareTargets, publishRequestOf } from "./prepare-targets.js";
import { type PreparedTarget, publishPrepared } from "./publish-targets.js";
import { targetError } from "./record-outcome.js";
import { reserveCredits } from "./credits.js";
import { assertAgentMay } from "../../agents/index.js";
import { chargeAgentAllowance } from "../../agents/index.js";
import { settlePost } from "./record-outcome.js";
import { resolveTargets } from "./resolve-targets.js";
import { linkIdempotentPost } from "../../core/index.js";
import { assertTimezone, resolveScheduledAt } from "./schedule-time.js";
import { limitPublishing } from "./publishing-limit.js";
import { publishingProfiles } from "./publishing-profiles.js";
import { checkThread, type ThreadItemInput } from "./thread/thread-check.js";
import { insertThreadItems, newThreadItems } from "./thread/thread-store.js";
import { firstCommentColumns } from "./first-comment-columns.js";
import { seriesTargets } from "../series/series-targets.js";
import { queuedSchedule } from "../queues/queued-schedule.js";
import { holdForApproval } from "../approvals/hold-for-approval.js";
import { holdPostMedia, mediaIdsOf } from "../media/media-lock.js";
import { planSeries } from "../series/series-request.js";

export interface CreatePostRequest extends PostContent {
  profile?: string | undefined;
  accounts?: string[] | undefined;
  platforms?: PlatformId[] | undefined;
  scheduledAt?: string | undefined;
  timezone?: string | undefined;
  draft?: boolean | undefined;
  /** Take the next free slot of the targets' profile queue instead of `scheduledAt`. */
  queue?: boolean | undefined;
  /** The chain's follow-up items: the post is the first item, each of these replies to the one before. */
  thread?: ThreadItemInput[] | undefined;
  /** An RRULE: the post is the first occurrence of a series (domain/publishing/series) starting at `scheduledAt` in `timezone`. */
  recurrence?: string | undefined;
}

export interface ValidationReport {
  valid: boolean;
  targets: { account: string; platform: string; handle: string; errors: PreparedContent["errors"]; warnings: PreparedContent["warnings"] }[];
}

/** Schedule rules shared by create, validate and edit. */
export function scheduleOf(ctx: DomainContext, input: { scheduledAt?: string | undefined; timezone?: string | undefined }): Date | null {
  if (input.timezone !== undefined && input.scheduledAt === undefined) throw new ApiError("timezone_without_schedule", { param: "timezone" });
  if (input.timezone !== undefined) assertTimezone(input.timezone);
  if (input.scheduledAt === undefined) return null;
  const at = resolveScheduledAt(input.scheduledAt, input.timezone);
  if (at.getTime() <= ctx.clock.now().getTime()) throw new ApiError("schedule_in_past", { param: "scheduledAt", message: `scheduledAt (${at.toISOString()}) is not in the future.` });
  return at;
}

async function prepare(ctx: DomainContext, input: CreatePostRequest, loadMedia: MediaLoader) {
  const queued = queuedSchedule(input);
  const series = planSeries(ctx, input);
  // A series' first post goes out at the rule's first occurrence, which may be after scheduledAt (DTSTART).
  const schedule = series ? series.first.at : scheduleOf(ctx, input);
  const resolved = await resolveTargets(ctx, input);
  const prepared = await prepareTargets(ctx, resolved.accounts, input, loadMedia);
  // Chains are checked whole with their targets: an item's refusal refuses its target before anything is sent.
  const chains = await checkThread(prepared, input.thread, loadMedia);
  return { schedule, queued, series, resolved, prepared, chains };
}

/** POST /v1/posts/validate: the same checks as publishing, without touching a network or charging. */
export async function validatePost({ ctx, input, loadMedia }: { ctx: DomainContext; input: CreatePostRequest; loadMedia: MediaLoader }): Promise<ValidationReport> {
  const { prepared } = await prepare(ctx, input, loadMedia);
  return {
    valid: prepared.every((t) => t.errors.length === 0),
    targets: prepared.map((t) => ({ account: t.account.id, platform: t.platform, handle: t.account.handle, errors: t.errors, warnings: t.warnings })),
  };
}

/**
 * POST /v1/posts, the MCP tool `create_post` and the dashboard's compose form: the one operation
 * behind all three. It counts against postsPerMinute first (`limits`: every entry supplies one),
 * drafts and schedules included. Request-level problems store nothing. Then, in one transaction: the post,
 * one target per account (targets that fail a pre-publish check are stored `failed` with their
 * code and never sent), and a credit reserved for each target that will be sent. Publishing
 * now fans out to every target at once and answers 201 with whatever happened per target.
 */
export async function createPost({ ctx, input, loadMedia, limits }: { ctx: DomainContext; input: CreatePostRequest; loadMedia: MediaLoader; limits: RateGate }): Promise<PostView> {
  await limitPublishing(ctx, limits, await publishingProfiles({ ctx, input }));
  if (!input.draft) assertAgentMay(ctx, "publish_or_schedule", input.scheduledAt || input.queue ? "scheduling a post" : "publishing a post");
  const { schedule: requested, queued, series, resolved, prepared, chains } = await prepare(ctx, input, loadMedia);
  const now = ctx.clock.now();
  const postId = newId("post");
  const targetIds = prepared.map(() => newId("tgt"));
  // Targets that failed a pre-publish check are never sent, so they cost nothing.
  const paidFor = prepared.flatMap((t, i) => (t.errors.length === 0 ? [targetIds[i] ?? ""] : []));
  // A post under an approval rule is stored like a draft (nothing charged, nothing queued) until a person decides.
  const approval = await holdForApproval(ctx, { ...input, accountProfiles: prepared.map((t) => t.account.profileId), sendable: paidFor.length });
  const state = input.draft ? "draft" : approval ? "pending_approval" : requested || queued ? "scheduled" : "processing";
  // Each chain item is charged as a post of its own (spec: publishing spends credits), with its target's in one reservation.
  // A draft keeps every target's chain (an edit may clear the target's errors); a scheduled one is charged when it is sent (thread-later.ts).
  const items = newThreadItems(
    chains,
    prepared.map((t, i) => (t.errors.length === 0 || input.draft ? (targetIds[i] ?? null) : null)),
    input.thread,
  );

  await ctx.db.transaction(async (tx) => {
    await holdPostMedia(tx, ctx, mediaIdsOf(input));
    // A queued post's time is its claimed slot, claimed in this transaction so a refusal below frees it.
    const { schedule, timezone } = queued ? await queued.claim(tx, ctx, resolved, postId) : { schedule: requested, timezone: input.timezone ?? null };
    if (series) await series.insert(tx, ctx, { profileId: resolved.profileId, content: input, targets: seriesTargets(prepared) });
    // Drafts and scheduled posts reserve credits when they are sent, not now.
    const sources = state === "processing" ? await reserveCredits(tx, ctx, [...paidFor, ...items.map((item) => item.id)], now) : [];
    if (state === "scheduled") await chargeAgentAllowance(tx, ctx, [...paidFor, ...items.map((item) => item.id)], now);
    await tx.insert(posts).values({
      id: postId,
      workspaceId: ctx.workspace.id,
      profileId: resolved.profileId,
      state,
      mode: ctx.apiKey.mode,
      text: input.text,
      textOverrides: input.textOverrides ?? {},
      media: input.media ?? [],
      mediaAlt: input.mediaAlt ?? [],
      mediaOverrides: input.mediaOverrides ?? {},
      mediaAltOverrides: input.mediaAltOverrides ?? {},
      platformOptions: input.platformOptions ?? {},
      firstComment: input.firstComment ?? null,
      autoFix: input.autoFix ?? null,
      scheduledAt: schedule,
      timezone,
      approval: approval?.record ?? null,
      seriesId: series?.id ?? null,
      occurrenceAt: series?.first.at ?? null,
      createdAt: now,
      updatedAt: now,
    });
    let sourceIndex = 0;
    await tx.insert(postTargets).values(
      prepared.map((t, i) => {
        const refused = t.errors[0];
        const source = !refused && state === "processing" ? sources[sourceIndex++] : undefined;
        return {
          id: targetIds[i] ?? newId("tgt"),
          postId,
          workspaceId: ctx.workspace.id,
          accountId: t.account.id,
          platform: t.platform,
          handle: t.account.handle,
          destination: t.destination,
          state: refused && !input.draft ? "failed" : "pending",
          error: refused && !input.draft ? { ...targetError(new ApiError("field_invalid")), ...refused, retryable: false, platform: t.platform } : null,
          credits: source ? 1 : 0,
          creditSource: source ?? null,
          ...firstCommentColumns(t),
        };
      }),
    );
    await insertThreadItems(tx, { workspaceId: ctx.workspace.id, postId }, items, sources.slice(paidFor.length));
    if (ctx.idempotency) await linkIdempotentPost(tx, { workspaceId: ctx.workspace.id, key: ctx.idempotency.key, postId, status: 201 });
    if (approval) await approval.recordPending(tx, postId, now);
    if (state === "scheduled" && schedule) {
      // In the same transaction as the post on Node: a schedule can never be stored without its job.
      await ctx.services.jobs.enqueue(
        { kind: "publish_scheduled", payload: { postId, version: 0, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode }, runAt: schedule, dedupKey: `post:${postId}:v0` },
        tx,
      );
    }
  });

  if (ctx.effects) ctx.effects.committed = true;
  if (state === "processing") {
    const toSend: PreparedTarget[] = prepared.flatMap((t, i) =>
      t.errors.length === 0 ? [{ targetId: targetIds[i] ?? "", account: t.account, request: publishRequestOf(t, targetIds[i] ?? ""), firstComment: Boolean(t.firstComment) }] : [],
    );
    await publishPrepared(ctx, toSend, { loadMedia });
  }
  const view = await settlePost(ctx, postId);
  if (!view) throw new Error("post vanished");
  return view;
}
