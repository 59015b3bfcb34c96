import { and, eq } from "drizzle-orm";
import { mediaVariants } from "../../../../db/schema/index.js";
import { newId } from "../../../../infra/ids.js";
import type { DomainContext } from "../../../core/index.js";
import type { PendingTransform } from "./auto-fix.js";

export type VariantRow = typeof mediaVariants.$inferSelect;

/** A derived file ready to store: its bytes (an image) or a stream of them (a video from a scratch file). */
export interface DerivedFile {
  body: Uint8Array | ReadableStream<Uint8Array>;
  size: number;
  mimeType: string;
  width: number;
  height: number;
}

/**
 * Stores one derived file under its (media, recipe) pair. When another publish stored the same
 * pair first, the unique index refuses this row: its bytes are removed and the first row is used.
 */
export async function storeVariant(ctx: DomainContext, pending: PendingTransform, file: DerivedFile): Promise<VariantRow> {
  const id = newId("mvr");
  const storageKey = `${ctx.workspace.id}/${id}`;
  await ctx.services.mediaStorage.put(storageKey, file.body, { contentType: file.mimeType });
  const values = {
    id,
    workspaceId: ctx.workspace.id,
    mediaId: pending.source.id,
    recipe: pending.key,
    mimeType: file.mimeType,
    bytes: file.size,
    width: file.width,
    height: file.height,
    storageKey,
    createdAt: ctx.clock.now(),
  };
  try {
    const [inserted] = await ctx.db
      .insert(mediaVariants)
      .values(values)
      .onConflictDoNothing({ target: [mediaVariants.mediaId, mediaVariants.recipe] })
      .returning();
    if (inserted) return inserted;
  } catch (error) {
    await ctx.services.mediaStorage.delete(storageKey);
    throw error;
  }
  await ctx.services.mediaStorage.delete(storageKey);
  const [winner] = await ctx.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.workspaceId, ctx.workspace.id), eq(mediaVariants.mediaId, pending.source.id), eq(mediaVariants.recipe, pending.key)));
  if (!winner) throw new Error("variant vanished after a conflicting insert");
  return winner;
}
