import type { ImageInspection } from "../../../../infra/media-transforms/types.js";
import { TransformInputError } from "../../../../infra/media-transforms/types.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import type { DomainContext } from "../../../core/index.js";
import type { TransformAbility } from "./transform-ability.js";

/**
 * Header reads of the images autoFix may transform: the EXIF orientation (a phone's portrait
 * photo is stored landscape) and whether metadata is there to strip. Nothing is decoded; a file
 * that cannot be read is left out here and refused with `transform_failed` when it is derived.
 */
export async function inspectImages(ctx: DomainContext, items: Iterable<PublishMedia>, ability: TransformAbility): Promise<Map<string, ImageInspection>> {
  const images = ctx.services.mediaTransforms?.images;
  const found = new Map<string, ImageInspection>();
  if (!images) return found;
  for (const item of items) {
    // A format the engine does not read is refused by the plan (transform-ability.ts), not read here.
    if (item.kind !== "image" || found.has(item.id) || !ability.readsImage(item.mimeType)) continue;
    try {
      found.set(item.id, await images.inspect(await item.read()));
    } catch (error) {
      if (!(error instanceof TransformInputError)) throw error;
    }
  }
  return found;
}
