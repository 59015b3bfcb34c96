import { and, eq } from "drizzle-orm";
import { media } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { TransformInputError, TransformUnsupportedError } from "../../../../infra/media-transforms/types.js";
import type { DomainContext } from "../../../core/index.js";
import type { PendingTransform } from "./auto-fix.js";
import { type VariantRow, storeVariant } from "./store-variant.js";
import { type TransformRefusal, transformAbility } from "./transform-ability.js";

export interface SourceDerivation {
  /** Per `<source id> <recipe key>`: the stored variant, or why the target cannot have it. */
  results: Map<string, VariantRow | ApiError>;
  transformed: number;
}

const unavailable = (pending: PendingTransform, refusal: TransformRefusal) =>
  new ApiError("transform_unavailable", { param: "autoFix", message: `autoFix would ${pending.plan.describe} ${pending.source.id}, but ${refusal.reason}.`, fix: refusal.fix });

const failed = (sourceId: string, error: TransformInputError) =>
  error instanceof TransformUnsupportedError
    ? new ApiError("transform_unavailable", { param: "autoFix", message: `autoFix cannot derive a variant of ${sourceId}: ${error.message}. Nothing was sent.`, fix: error.fix })
    : new ApiError("transform_failed", { param: "autoFix", message: `autoFix could not derive a variant of ${sourceId}: ${error.message}. Nothing was stored.` });

/**
 * The missing variants of one upload: its images with one decode for all their recipes, its
 * video one transcode per recipe, streamed from storage to FFmpeg and back (a 5 GB upload
 * never sits in memory). A file that does not decode fails each of its targets; nothing is stored.
 */
export async function deriveForSource(ctx: DomainContext, sourceId: string, missing: readonly PendingTransform[]): Promise<SourceDerivation> {
  const results = new Map<string, VariantRow | ApiError>();
  const keyOf = (p: PendingTransform) => `${sourceId} ${p.key}`;
  const images = missing.filter((p) => p.plan.kind === "image");
  const videos = missing.filter((p) => p.plan.kind === "video" || p.plan.kind === "frame");
  let transformed = 0;
  // The rule validation planned with (a target that reached here passed it; a scheduled post may be published by a runtime other than the one that validated it).
  const ability = transformAbility(ctx.services.mediaTransforms);

  if (images.length > 0) {
    const engine = ctx.services.mediaTransforms?.images;
    const source = images[0]?.source;
    // No engine is itself a refusal (ability.image answers one), so `!engine` only narrows the type.
    const refusal = ability.image(source?.mimeType ?? "");
    if (refusal || !engine || !source) for (const p of images) results.set(keyOf(p), unavailable(p, refusal ?? { reason: "this server has no media transforms", fix: "" }));
    else {
      try {
        const files = await engine.transform(
          await source.read(),
          images.map((p) => (p.plan.kind === "image" ? p.plan.recipe : null)).filter((r) => r !== null),
        );
        transformed += files.length;
        for (const [i, pending] of images.entries()) {
          const file = files[i];
          if (file) results.set(keyOf(pending), await storeVariant(ctx, pending, { body: file.bytes, size: file.bytes.byteLength, mimeType: file.mimeType, width: file.width, height: file.height }));
        }
      } catch (error) {
        if (!(error instanceof TransformInputError)) throw error;
        for (const p of images) results.set(keyOf(p), failed(sourceId, error));
      }
    }
  }

  const engine = ctx.services.mediaTransforms?.video;
  for (const pending of videos) {
    if (pending.plan.kind === "image") continue;
    const refusal = ability.video();
    if (refusal || !engine) {
      results.set(keyOf(pending), unavailable(pending, refusal ?? { reason: "this server has no media transforms", fix: "" }));
      continue;
    }
    const [row] = await ctx.db
      .select({ storageKey: media.storageKey })
      .from(media)
      .where(and(eq(media.id, sourceId), eq(media.workspaceId, ctx.workspace.id)));
    const object = row ? await ctx.services.mediaStorage.get(row.storageKey) : null;
    if (!object) {
      results.set(keyOf(pending), new ApiError("media_unknown", { message: `The file of ${sourceId} is gone; upload it again.` }));
      continue;
    }
    try {
      if (pending.plan.kind === "frame") {
        const frame = await engine.frame(object.body, pending.plan.recipe);
        transformed += 1;
        results.set(keyOf(pending), await storeVariant(ctx, pending, { body: frame.bytes, size: frame.bytes.byteLength, mimeType: frame.mimeType, width: frame.width, height: frame.height }));
        continue;
      }
      const video = await engine.transcode(object.body, pending.plan.recipe);
      try {
        transformed += 1;
        results.set(keyOf(pending), await storeVariant(ctx, pending, { body: video.body(), size: video.bytes, mimeType: "video/mp4", width: video.width, height: video.height }));
      } finally {
        await video.dispose();
      }
    } catch (error) {
      if (!(error instanceof TransformInputError)) throw error;
      results.set(keyOf(pending), failed(sourceId, error));
    }
  }
  return { results, transformed };
}
