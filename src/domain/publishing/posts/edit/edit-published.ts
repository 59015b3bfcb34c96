import { accountsOfTargets } from "../target-accounts.js";
import { and, eq } from "drizzle-orm";
import { postEdits, postEditTargets, postTargets, posts } from "../../../../db/schema/index.js";
import { newId } from "../../../../infra/ids.js";
import { ApiError } from "../../../../infra/errors.js";
import { assertAccountsInGrant, assertAgentMay } from "../../../agents/index.js";
import type { DomainContext } from "../../../core/index.js";
import { type MediaLoader, prepareTargets } from "../prepare-targets.js";
import type { PostRow } from "../post-view.js";
import { targetError } from "../target-outcome.js";
import { changedFields, mergedContent, planTargets, type PublishedChanges } from "./edit-plan.js";
import { sendEdits } from "./edit-send.js";
import { type PostEditView, readEdit } from "./edit-view.js";
import { assertThreadEditable, planItems } from "./edit-thread.js";
import type { EditItemOutcome } from "../../../../db/schema/index.js";
import type { ThreadItemInput } from "../thread/thread-check.js";

/** Post states whose targets are live somewhere: the only ones an edit after publishing reaches. */
export const editableLiveStates: ReadonlySet<string> = new Set(["published", "partial"]);

/**
 * PATCH /v1/posts/{id} on a published (or partly published) post: each live target gets the
 * change its network can make, and the post keeps the edit in its history (GET /v1/posts/{id}/edits).
 * Media and schedule cannot change after publishing; the text and `platformOptions` can, per
 * network. The edit is written once per Idempotency-Key (the unique key on post_edits), so a
 * retry re-run after a crash resumes the same edit, sending only what is still pending.
 */
export async function editPublishedPost({
  ctx,
  input,
  loadMedia,
}: {
  ctx: DomainContext;
  input: { post: PostRow; changes: PublishedChanges & { thread?: ThreadItemInput[] | undefined } & Record<string, unknown> };
  loadMedia: MediaLoader;
}): Promise<PostEditView> {
  assertAgentMay(ctx, "publish_or_schedule", "editing a published post");
  const { post, changes } = input;
  for (const field of ["media", "mediaAlt", "mediaOverrides", "mediaAltOverrides", "scheduledAt", "timezone", "firstComment"]) {
    if (changes[field] !== undefined) {
      throw new ApiError("edit_unsupported", { param: field, message: `\`${field}\` cannot change once a post is published; the text and \`platformOptions\` can, where the network allows.` });
    }
  }
  const thread = changes.thread;
  if (thread !== undefined) await assertThreadEditable(ctx, post.id, thread);
  const fields = [...changedFields(changes), ...(thread ?? []).map((_, i) => `thread[${i}].text`)];
  if (fields.length === 0) throw new ApiError("field_required", { param: "text", message: "An edit of a published post changes `text`, `textOverrides`, `platformOptions` or its chain's `thread`." });
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id)));
  const accounts = await accountsOfTargets(ctx, targets);
  assertAccountsInGrant(ctx, accounts);
  const content = mergedContent(post, changes);
  // Media is left out: it cannot change, and the check must not depend on files kept for the post.
  const prepared = await prepareTargets(ctx, accounts, { ...content, media: [], mediaAlt: [], mediaOverrides: {}, mediaAltOverrides: {}, firstComment: null }, loadMedia);
  const own = planTargets(targets, prepared, changes);
  // A chain's items are answered per item (edit-thread.ts); the post's own fields as before.
  const { plans, items } = thread === undefined ? { plans: own, items: new Map<string, EditItemOutcome[]>() } : await planItems(ctx, targets, own, thread);
  const editId = await createOrFindEdit(ctx, post.id, { changes, fields, plans, items });
  await sendEdits(ctx, editId);
  const edit = await readEdit(ctx, editId);
  if (edit.targets.some((t) => t.state === "edited")) {
    // The post's own content follows what went out, so GET /v1/posts/{id} shows the text now live.
    await ctx.db
      .update(posts)
      .set({ ...content, updatedAt: ctx.clock.now() })
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ctx.workspace.id)));
  }
  return edit;
}

type NewEdit = { changes: Record<string, unknown>; fields: string[]; plans: ReturnType<typeof planTargets>; items: Map<string, EditItemOutcome[]> };

/**
 * Writes the edit and its per-target rows in one transaction, or finds the one a previous run of
 * the same Idempotency-Key wrote: the conditional insert on the unique (workspace, key) index lets
 * exactly one of any number of concurrent runs write it; the others read that one.
 */
async function createOrFindEdit(ctx: DomainContext, postId: string, edit: NewEdit): Promise<string> {
  const key = ctx.idempotency?.key ?? null;
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(postEdits)
      .values({ id: newId("edt"), workspaceId: ctx.workspace.id, postId, idempotencyKey: key, changes: edit.changes, fields: edit.fields, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: postEdits.id });
    if (!row) return null;
    await tx.insert(postEditTargets).values(
      edit.plans.map((plan) => ({
        id: newId("edt"),
        workspaceId: ctx.workspace.id,
        editId: row.id,
        targetId: plan.targetId,
        state: plan.state,
        changes: plan.changes,
        error: plan.error ? { ...targetError(plan.error) } : null,
        items: edit.items.get(plan.targetId) ?? null,
      })),
    );
    return row.id;
  });
  if (created) return created;
  const [existing] = await ctx.db
    .select({ id: postEdits.id, postId: postEdits.postId })
    .from(postEdits)
    .where(and(eq(postEdits.workspaceId, ctx.workspace.id), eq(postEdits.idempotencyKey, key ?? "")));
  if (!existing || existing.postId !== postId) throw new ApiError("idempotency_key_reused", { message: "This Idempotency-Key already made an edit of another post." });
  return existing.id;
}
