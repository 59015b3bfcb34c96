import { and, eq, inArray } from "drizzle-orm";
import { postSeries, postTargets, posts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import type { DomainContext, JobRuntime } from "../../core/index.js";
import { assertAgentMay, assertPostInGrant } from "../../agents/index.js";
import { claimQueueSlot } from "../queues/claim-slot.js";
import { loadQueue, queueProfile } from "../queues/queue-settings.js";
import type { SeriesRow } from "./series-row.js";

/** How many posts one evergreen series recycles. */
export const MAX_EVERGREEN_POSTS = 50;

class NotYet extends Error {}

/**
 * POST /v1/series with `evergreen`: the posts given are recycled in turn, one at a time, each
 * copy taking the next free slot of the profile's queue (as `queue: true` does) once the copy
 * before it left `scheduled`. The source posts are read again at each turn (their current text,
 * media, options and accounts), so editing a source changes its later copies. It never ends by
 * itself: pause, resume or cancel it like any series.
 */
export async function createEvergreen({ ctx, input }: { ctx: DomainContext; input: { profile: string; posts: string[] } }): Promise<string> {
  assertAgentMay(ctx, "publish_or_schedule", "recycling posts through a queue");
  const profileId = await queueProfile(ctx, input.profile, "publish_or_schedule", "recycling posts through a queue");
  const ids = [...new Set(input.posts)];
  const rows = await ctx.db
    .select({ id: posts.id, profileId: posts.profileId, seriesId: posts.seriesId })
    .from(posts)
    .where(and(eq(posts.workspaceId, ctx.workspace.id), eq(posts.mode, ctx.apiKey.mode), inArray(posts.id, ids)));
  for (const [index, id] of ids.entries()) {
    if (!rows.some((row) => row.id === id)) throw new ApiError("resource_not_found", { param: `posts[${index}]`, message: `No post ${id} in this workspace.` });
    await assertPostInGrant(ctx, id);
  }
  const queue = await loadQueue(ctx.db, ctx.workspace.id, profileId);
  if (queue.slots.length === 0) throw new ApiError("queue_empty", { param: "evergreen.profile", message: `Profile ${profileId}'s queue has no time slots.` });
  const id = newId("ser");
  const now = ctx.clock.now();
  await ctx.db.insert(postSeries).values({
    id,
    workspaceId: ctx.workspace.id,
    profileId,
    mode: ctx.apiKey.mode,
    kind: "evergreen",
    sources: ids,
    state: "active",
    rule: "",
    timezone: queue.timezone,
    startLocal: "",
    content: { text: "", textOverrides: {}, media: [], mediaAlt: [], mediaOverrides: {}, mediaAltOverrides: {}, platformOptions: {}, firstComment: null, autoFix: null },
    targets: [],
    createdBy: ctx.apiKey.id,
    agentId: ctx.agent?.id ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * The next copy of an evergreen series. The claim is the conditional UPDATE of `occurrences`
 * from the value this run read: of runs that read the same row exactly one advances it, and the
 * others roll back (their queue slot with them). A queue that is paused or empty makes nothing
 * this round; the sweep tries again.
 */
export async function materialiseEvergreen(runtime: JobRuntime, series: SeriesRow): Promise<"created" | "exists" | "skipped"> {
  const sources = series.sources ?? [];
  const sourceId = sources[series.occurrences % Math.max(sources.length, 1)];
  if (!sourceId || !series.profileId) return "skipped";
  const profileId = series.profileId;
  const [source] = await runtime.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, sourceId), eq(posts.workspaceId, series.workspaceId)));
  const targets = source ? await runtime.db.select().from(postTargets).where(eq(postTargets.postId, source.id)) : [];
  const now = runtime.clock.now();
  const postId = newId("post");
  try {
    return await runtime.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(postSeries)
        .set({ occurrences: series.occurrences + 1, updatedAt: now })
        .where(and(eq(postSeries.id, series.id), eq(postSeries.state, "active"), eq(postSeries.occurrences, series.occurrences)))
        .returning({ id: postSeries.id });
      if (!claimed) return "exists" as const;
      // A source deleted since (a draft removed): its turn is passed, the next one follows.
      if (!source || targets.length === 0) return "skipped" as const;
      const queue = await loadQueue(tx, series.workspaceId, profileId);
      if (queue.paused || queue.slots.length === 0) throw new NotYet();
      const { at } = await claimQueueSlot(tx, { db: runtime.db, clock: runtime.clock, workspace: { id: series.workspaceId } }, profileId, postId);
      await tx.insert(posts).values({
        id: postId,
        workspaceId: series.workspaceId,
        profileId: source.profileId,
        state: "scheduled",
        mode: series.mode,
        text: source.text,
        textOverrides: source.textOverrides,
        media: source.media,
        mediaAlt: source.mediaAlt,
        mediaOverrides: source.mediaOverrides,
        mediaAltOverrides: source.mediaAltOverrides,
        platformOptions: source.platformOptions,
        firstComment: source.firstComment,
        autoFix: source.autoFix,
        scheduledAt: at,
        timezone: queue.timezone,
        seriesId: series.id,
        occurrenceAt: at,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(postTargets).values(
        targets.map((t) => ({
          id: newId("tgt"),
          postId,
          workspaceId: series.workspaceId,
          accountId: t.accountId,
          platform: t.platform,
          handle: t.handle,
          destination: t.destination,
          state: "pending",
          firstCommentText: t.firstCommentText,
          firstCommentState: t.firstCommentText ? "pending" : null,
        })),
      );
      await runtime.services.jobs.enqueue(
        { kind: "publish_scheduled", payload: { postId, version: 0, workspaceId: series.workspaceId, mode: series.mode }, runAt: at, dedupKey: `post:${postId}:v0` },
        tx,
      );
      return "created" as const;
    });
  } catch (error) {
    if (error instanceof NotYet || (error instanceof ApiError && (error.code === "queue_empty" || error.code === "queue_paused"))) return "skipped";
    throw error;
  }
}
