import { and, eq } from "drizzle-orm";
import { media } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { mediaWithinGrant } from "../../agents/index.js";
import { assertMediaUsersInGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
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
 */
export async function deleteMedia({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; deleted: true }> {
  if (mediaWithinGrant(ctx)) {
    await requireMedia(ctx, input.id);
    await assertMediaUsersInGrant(ctx, input.id);
  }
  const [row] = await ctx.db
    .delete(media)
    .where(and(eq(media.id, input.id), eq(media.workspaceId, ctx.workspace.id), mediaWithinGrant(ctx)))
    .returning();
  if (!row) throw new ApiError("media_unknown", { param: "id", message: `No media ${input.id} in this workspace.` });
  await ctx.services.mediaStorage.delete(row.storageKey);
  return { id: row.id, deleted: true };
}
