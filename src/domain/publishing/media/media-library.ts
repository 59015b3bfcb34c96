import { type SQL, and, eq, gte, lt, sql } from "drizzle-orm";
import { media, mediaVariants } from "../../../db/schema/index.js";
import { mediaWithinGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { afterPosition, decodeCursor, newestFirst, pageOf } from "../../core/index.js";
import type { MediaKind } from "./media-formats.js";
import { requireMedia } from "./media-queries.js";
import { type MediaUse, mediaUses, postUses } from "./media-usage.js";
import { type MediaView, toMediaView } from "./media-view.js";
import { MEDIA_URL_TTL_SECONDS, signedMediaUrl } from "./signed-url.js";

export interface ListMediaInput {
  limit: number;
  cursor?: string | undefined;
  type?: MediaKind | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  /** A post id: only the files that post uses. */
  usedBy?: string | undefined;
  /** true: only files no post uses; false: only files some post uses. */
  unused?: boolean | undefined;
}

/** One derived copy of a file made for a network by autoFix (transforms/variants.ts), made once per recipe and reused. */
export interface MediaVariant {
  recipe: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

export interface MediaDetail extends MediaView {
  usedBy: MediaUse[];
  variants: MediaVariant[];
}

/** Some post of this workspace uses the media row of the outer query. */
const usedByAnyPost = (workspaceId: string) => sql`exists (select 1 from posts where "posts"."workspace_id" = ${workspaceId} and ${postUses(sql`"media"."id"`)})`;

/**
 * GET /v1/media: the workspace's files newest first (a narrowed agent's: those its grant shows,
 * grant-sql.ts mediaWithinGrant), filtered by kind, creation time and use.
 */
export async function listMedia({ ctx, input }: { ctx: DomainContext; input: ListMediaInput }): Promise<{ items: MediaView[]; cursor: string | null }> {
  const position = input.cursor ? await decodeCursor("media", input.cursor) : null;
  const filters: (SQL | undefined)[] = [
    eq(media.workspaceId, ctx.workspace.id),
    mediaWithinGrant(ctx),
    afterPosition(media.createdAt, media.id, position),
    input.type ? eq(media.kind, input.type) : undefined,
    input.createdAfter ? gte(media.createdAt, input.createdAfter) : undefined,
    input.createdBefore ? lt(media.createdAt, input.createdBefore) : undefined,
    input.usedBy ? sql`exists (select 1 from posts where "posts"."workspace_id" = ${ctx.workspace.id} and "posts"."id" = ${input.usedBy} and ${postUses(sql`"media"."id"`)})` : undefined,
    input.unused === undefined ? undefined : input.unused ? sql`not ${usedByAnyPost(ctx.workspace.id)}` : usedByAnyPost(ctx.workspace.id),
  ];
  const rows = await ctx.db
    .select()
    .from(media)
    .where(and(...filters))
    .orderBy(...newestFirst(media.createdAt, media.id))
    .limit(input.limit + 1);
  const page = await pageOf("media", rows, input.limit);
  return { items: page.items.map(toMediaView), cursor: page.cursor };
}

/** GET /v1/media/{id}: the record, the posts that use it (within the caller's grant) and its variants. */
export async function getMediaDetail({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<MediaDetail> {
  const row = await requireMedia(ctx, input.id);
  return { ...toMediaView(row), usedBy: await mediaUses(ctx, row.id), variants: await variantsOf(ctx, row.id) };
}

/** The file's variants, oldest first, each with a signed URL like the file's own. */
async function variantsOf(ctx: DomainContext, mediaId: string): Promise<MediaVariant[]> {
  const rows = await ctx.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.workspaceId, ctx.workspace.id), eq(mediaVariants.mediaId, mediaId)))
    .orderBy(mediaVariants.createdAt, mediaVariants.id);
  const now = ctx.clock.now();
  return Promise.all(
    rows.map(async (v) => ({
      recipe: v.recipe,
      url: await signedMediaUrl(ctx.services.publicUrl, ctx.services.signingSecret, v.id, MEDIA_URL_TTL_SECONDS, now),
      width: v.width,
      height: v.height,
      bytes: v.bytes,
    })),
  );
}
