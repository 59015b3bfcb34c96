import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { postEdits, postEditTargets, postTargets } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import type { DomainContext } from "../../../core/index.js";
import type { TargetError } from "../post-view.js";
import { requirePost } from "../read-posts.js";

export interface PostEditTargetView {
  account: string;
  platform: string;
  /** `edited`, `failed`, `unknown`, `unchanged` (the edit did not concern this network), `not_published`, or `pending` while it is sent. */
  state: string;
  error: TargetError | null;
  /** Present when the edit named `thread`: each chain item's outcome on this target. */
  items?: { position: number; state: string; error: TargetError | null }[];
}

export interface PostEditView {
  id: string;
  at: string;
  fields: string[];
  targets: PostEditTargetView[];
}

async function viewsOf(ctx: DomainContext, rows: (typeof postEdits.$inferSelect)[]): Promise<PostEditView[]> {
  if (rows.length === 0) return [];
  const targets = await ctx.db
    .select({
      editId: postEditTargets.editId,
      state: postEditTargets.state,
      error: postEditTargets.error,
      items: postEditTargets.items,
      account: postTargets.accountId,
      platform: postTargets.platform,
    })
    .from(postEditTargets)
    .innerJoin(postTargets, eq(postTargets.id, postEditTargets.targetId))
    .where(
      and(
        eq(postEditTargets.workspaceId, ctx.workspace.id),
        inArray(
          postEditTargets.editId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(postTargets.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    fields: row.fields,
    targets: targets
      .filter((t) => t.editId === row.id)
      .map((t) => ({
        account: t.account,
        platform: t.platform,
        state: t.state === "sending" ? "pending" : t.state,
        error: (t.error as TargetError | null) ?? null,
        ...(t.items ? { items: t.items.map((i) => ({ position: i.position, state: i.state, error: (i.error as TargetError | null) ?? null })) } : {}),
      })),
  }));
}

export async function readEdit(ctx: DomainContext, editId: string): Promise<PostEditView> {
  const rows = await ctx.db
    .select()
    .from(postEdits)
    .where(and(eq(postEdits.id, editId), eq(postEdits.workspaceId, ctx.workspace.id)));
  const [view] = await viewsOf(ctx, rows);
  if (!view) throw new ApiError("resource_not_found", { param: "id" });
  return view;
}

/** GET /v1/posts/{id}/edits: the post's edits after publishing, newest first, each with its outcome per target. */
export async function listPostEdits({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ items: PostEditView[] }> {
  const post = await requirePost(ctx, input.id);
  const rows = await ctx.db
    .select()
    .from(postEdits)
    .where(and(eq(postEdits.postId, post.id), eq(postEdits.workspaceId, ctx.workspace.id)))
    .orderBy(desc(postEdits.createdAt), desc(postEdits.id));
  return { items: await viewsOf(ctx, rows) };
}
