import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { PlatformId } from "../../../types/platform-ids.js";
import { postTargets, posts, profiles } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { postsWithinGrant } from "../../agents/index.js";
import { assertPostInGrant } from "../../agents/index.js";
import { decodeCursor, pageOf } from "../../core/index.js";
import { afterPosition, newestFirst } from "../../core/index.js";
import { type PostRow, type PostView, toPostView } from "./post-view.js";
import { threadItemsOf } from "./thread/thread-view.js";

export const postStates = ["draft", "scheduled", "processing", "published", "partial", "failed", "cancelled", "retracted", "pending_approval", "rejected"] as const;

async function withTargets(ctx: DomainContext, rows: PostRow[]): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), inArray(postTargets.postId, ids)));
  const items = await threadItemsOf(ctx.db, ctx.workspace.id, ids);
  const profileIds = [...new Set(rows.map((r) => r.profileId).filter((id): id is string => id !== null))];
  const names = profileIds.length ? await ctx.db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, profileIds)) : [];
  return rows.map((row) =>
    toPostView(
      row,
      targets.filter((t) => t.postId === row.id).sort((a, b) => a.platform.localeCompare(b.platform) || a.id.localeCompare(b.id)),
      names.find((n) => n.id === row.profileId)?.username ?? null,
      items,
    ),
  );
}

/** A post of this workspace in the key's mode, or 404. */
export async function requirePost(ctx: DomainContext, id: string): Promise<PostRow> {
  const [row] = await ctx.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.mode, ctx.apiKey.mode)))
    .limit(1);
  if (!row) throw new ApiError("resource_not_found", { param: "id", message: `No post ${id} in this workspace.` });
  // An agent reaches a post only if its grant covers every account the post goes to.
  await assertPostInGrant(ctx, row.id);
  return row;
}

export async function getPost({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<PostView> {
  const [view] = await withTargets(ctx, [await requirePost(ctx, input.id)]);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return view;
}

/** Narrowing of a post list beyond its state (the dashboard's list and calendar). */
export interface PostFilters {
  state?: string | undefined;
  /** Posts with a target on this network. */
  platform?: string | undefined;
  profile?: string | undefined;
  /** The occurrences of this series (the dashboard's series page). */
  series?: string | undefined;
  /** Posts whose time (published, else scheduled, else created) is in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A post's time on a calendar: when it went out, else when it will, else when it was written. */
export const postTime = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt}, ${posts.createdAt})`;

export async function listPosts({ ctx, input }: { ctx: DomainContext; input: PostFilters & { limit: number; cursor?: string | undefined } }) {
  const position = input.cursor ? await decodeCursor("posts", input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, ctx.workspace.id),
        eq(posts.mode, ctx.apiKey.mode),
        input.state ? eq(posts.state, input.state) : undefined,
        input.profile ? eq(posts.profileId, input.profile) : undefined,
        input.series ? eq(posts.seriesId, input.series) : undefined,
        input.platform
          ? exists(
              ctx.db
                .select({ one: sql`1` })
                .from(postTargets)
                .where(and(eq(postTargets.postId, posts.id), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.platform, input.platform as PlatformId))),
            )
          : undefined,
        input.from ? sql`${postTime} >= ${input.from.toISOString()}::timestamptz` : undefined,
        input.to ? sql`${postTime} < ${input.to.toISOString()}::timestamptz` : undefined,
        postsWithinGrant(ctx),
        afterPosition(posts.createdAt, posts.id, position),
      ),
    )
    .orderBy(...newestFirst(posts.createdAt, posts.id))
    .limit(input.limit + 1);
  const page = await pageOf("posts", rows, input.limit);
  return { items: await withTargets(ctx, page.items), cursor: page.cursor };
}
