import { and, eq, inArray } from "drizzle-orm";
import { mediaVariants } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { newId } from "../../../../infra/ids.js";
import { readAll } from "../../../../infra/media-storage/types.js";
import { TransformInputError } from "../../../../infra/media-transforms/types.js";
import type { PublishMedia, PublishRequest } from "../../../../networks/publish-types.js";
import type { DomainContext } from "../../../core/index.js";
import { MEDIA_URL_TTL_SECONDS, signedMediaUrl } from "../signed-url.js";
import type { PendingTransform, PlannedMedia } from "./auto-fix.js";

type VariantRow = typeof mediaVariants.$inferSelect;

/** A stored variant as adapters take it: its own facts, a signed URL of its own, its bytes on demand. */
async function asPublishMedia(ctx: DomainContext, row: VariantRow, source: PublishMedia): Promise<PublishMedia> {
  const url = await signedMediaUrl(ctx.services.publicUrl, ctx.services.signingSecret, row.id, MEDIA_URL_TTL_SECONDS, ctx.clock.now());
  let bytes: Promise<Uint8Array> | null = null;
  return {
    id: row.id,
    kind: "image",
    mimeType: row.mimeType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    durationSeconds: null,
    alt: source.alt,
    url,
    read: () => {
      bytes ??= ctx.services.mediaStorage.get(row.storageKey).then((object) => {
        if (!object) throw new ApiError("media_unknown", { message: `The variant ${row.id} of ${source.id} is gone; publish again to derive it anew.` });
        return readAll(object.body);
      });
      return bytes;
    },
  };
}

const pendingOf = (item: PublishMedia): PendingTransform | undefined => (item as PlannedMedia).pendingTransform;

/**
 * Stores one derived file under its (media, recipe) pair. When another publish stored the same
 * pair first, the unique index refuses this row: its bytes are removed and the first row is used.
 */
async function storeVariant(ctx: DomainContext, pending: PendingTransform, file: { bytes: Uint8Array; mimeType: string; width: number; height: number }): Promise<VariantRow> {
  const id = newId("mvr");
  const storageKey = `${ctx.workspace.id}/${id}`;
  await ctx.services.mediaStorage.put(storageKey, file.bytes, { contentType: file.mimeType });
  const values = {
    id,
    workspaceId: ctx.workspace.id,
    mediaId: pending.source.id,
    recipe: pending.key,
    mimeType: file.mimeType,
    bytes: file.bytes.byteLength,
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

export interface DerivedRequests {
  /** Per request, in order: the request with its variants in place, or why the target cannot be sent. */
  requests: (PublishRequest | ApiError)[];
  /** Files transformed by this call (0 when every variant was stored already). */
  transformed: number;
}

/**
 * Puts each planned variant in place of its upload, for all the targets of one publish at once:
 * stored variants are reused, the rest derived with one decode per source file for all of its
 * recipes (a 12-megapixel JPEG for nine networks is decoded once), then stored.
 */
export async function deriveVariants(ctx: DomainContext, requests: readonly PublishRequest[]): Promise<DerivedRequests> {
  const pendings = new Map<string, PendingTransform>();
  for (const request of requests)
    for (const item of request.media) {
      const pending = pendingOf(item);
      if (pending) pendings.set(`${pending.source.id} ${pending.key}`, pending);
    }
  if (pendings.size === 0) return { requests: [...requests], transformed: 0 };

  const sourceIds = [...new Set([...pendings.values()].map((p) => p.source.id))];
  const stored = await ctx.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.workspaceId, ctx.workspace.id), inArray(mediaVariants.mediaId, sourceIds), inArray(mediaVariants.recipe, [...new Set([...pendings.values()].map((p) => p.key))])));
  const ready = new Map<string, VariantRow>(stored.map((row) => [`${row.mediaId} ${row.recipe}`, row]));
  const failed = new Map<string, ApiError>();
  let transformed = 0;

  const missingBySource = new Map<string, PendingTransform[]>();
  for (const [key, pending] of pendings) if (!ready.has(key)) missingBySource.set(pending.source.id, [...(missingBySource.get(pending.source.id) ?? []), pending]);
  const images = ctx.services.mediaTransforms?.images;
  for (const [sourceId, missing] of missingBySource) {
    const fail = (error: ApiError) => {
      for (const p of missing) failed.set(`${sourceId} ${p.key}`, error);
    };
    if (!images) {
      fail(
        new ApiError("transform_unavailable", {
          param: "autoFix",
          message: `autoFix would ${missing[0]?.plan.describe ?? "transform"} ${sourceId}, but ${ctx.services.mediaTransforms?.off.images ?? "this server has no media transforms"}.`,
        }),
      );
      continue;
    }
    const source = missing[0]?.source;
    if (!source) continue;
    try {
      const files = await images.transform(
        await source.read(),
        missing.map((p) => p.plan.recipe),
      );
      transformed += files.length;
      for (const [i, pending] of missing.entries()) {
        const file = files[i];
        if (file) ready.set(`${sourceId} ${pending.key}`, await storeVariant(ctx, pending, file));
      }
    } catch (error) {
      if (!(error instanceof TransformInputError)) throw error;
      fail(new ApiError("transform_failed", { param: "autoFix", message: `autoFix could not derive a variant of ${sourceId}: ${error.message}. Nothing was stored.` }));
    }
  }

  const out = await Promise.all(
    requests.map(async (request): Promise<PublishRequest | ApiError> => {
      const media: PublishMedia[] = [];
      for (const item of request.media) {
        const pending = pendingOf(item);
        if (!pending) {
          media.push(item);
          continue;
        }
        const key = `${pending.source.id} ${pending.key}`;
        const problem = failed.get(key);
        if (problem) return problem;
        const row = ready.get(key);
        if (!row) return new ApiError("transform_failed", { param: "autoFix", message: `No variant of ${pending.source.id} was derived.` });
        media.push(await asPublishMedia(ctx, row, pending.source));
      }
      return { ...request, media };
    }),
  );
  return { requests: out, transformed };
}
