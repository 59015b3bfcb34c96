import { and, eq, sql } from "drizzle-orm";
import { media, posts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { mediaWithinGrant } from "../../agents/index.js";
import { assertMediaUsersInGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { postStillNeedsMedia, postUses } from "./media-usage.js";
import { type MediaRow, type MediaView, toMediaView } from "./media-view.js";

/**
 * A media record of this workspace, or 404: another workspace's id is simply not found, and so
 * is an upload outside a narrowed agent's grant (grant-sql.ts mediaWithinGrant), rather than a
 * 403 that would confirm it exists.
 */
export async function requireMedia(ctx: DomainContext, id: string, param = "id"): Promise<MediaRow> {
  const [row] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.workspaceId, ctx.workspace.id), mediaWithinGrant(ctx)))
    .limit(1);
  if (!row) throw new ApiError("media_unknown", { param, message: `No media ${id} in this workspace.` });
  return row;
}

export async function getMedia({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<MediaView> {
  return toMediaView(await requireMedia(ctx, input.id));
}

/**
 * Deletes the record, then the file. The row goes first: once it is gone no signed URL serves
 * the file and no post can attach it, so a file left behind by a failed storage delete is
 * unreachable rather than a record pointing at nothing. A narrowed agent deletes only an upload
 * it may see that no post outside its grant uses.
 *
 * Refused with `media_in_use` while a post still needs the file (scheduled, or a target or
 * thread item not yet sent or still processing): the check is part of the DELETE statement, run
 * under the row's exclusive lock, so a post being stored with the file (which holds a shared
 * lock on it until it commits) keeps its file.
 */
export async function deleteMedia({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; deleted: true }> {
  await requireMedia(ctx, input.id);
  if (mediaWithinGrant(ctx)) await assertMediaUsersInGrant(ctx, input.id);
  const neededBy = sql`exists (select 1 from posts where "posts"."workspace_id" = ${ctx.workspace.id} and ${postUses(sql`"media"."id"`)} and ${postStillNeedsMedia})`;
  const row = await ctx.db.transaction(async (tx) => {
    // Waits for every transaction storing a post with this file (media-lock.ts holdPostMedia); the
    // DELETE after it reads posts anew, so it sees the post those committed.
    await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, input.id), eq(media.workspaceId, ctx.workspace.id)))
      .for("update");
    const [deleted] = await tx
      .delete(media)
      .where(and(eq(media.id, input.id), eq(media.workspaceId, ctx.workspace.id), mediaWithinGrant(ctx), sql`not ${neededBy}`))
      .returning();
    return deleted;
  });
  if (!row) {
    // Read without the agent's grant: a post outside it that needs the file refuses the delete too.
    const users = await ctx.db
      .select({ id: posts.id, state: posts.state })
      .from(posts)
      .where(and(eq(posts.workspaceId, ctx.workspace.id), postUses(sql`${input.id}::text`), postStillNeedsMedia))
      .limit(5);
    if (users.length === 0) throw new ApiError("media_unknown", { param: "id", message: `No media ${input.id} in this workspace.` });
    throw new ApiError("media_in_use", {
      param: "id",
      message: `Media ${input.id} is needed by ${users.map((user) => `post ${user.id} (${user.state})`).join(", ")}${users.length === 5 ? " and maybe more" : ""}; nothing was deleted.`,
    });
  }
  await ctx.services.mediaStorage.delete(row.storageKey);
  return { id: row.id, deleted: true };
}
