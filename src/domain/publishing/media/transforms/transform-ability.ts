import type { MediaTransforms } from "../../../../infra/media-transforms/types.js";
import { formatNames, isMediaMimeType } from "../media-formats.js";

/** Why this runtime cannot make a planned variant, and what the caller can do instead. */
export interface TransformRefusal {
  reason: string;
  fix: string;
}

const NO_TRANSFORMS = "this server has no media transforms";
const IMAGES_FIX = "Upload a file that already fits the network, or run Chorus on Node with sharp (docs/media-transforms.md).";

/**
 * What the runtime's transformers can do, read from what the runtime declared (which engines
 * loaded, which formats the image engine decodes). Validation, publishing and the derivation
 * itself all ask here, so `POST /v1/posts/validate` says exactly what publishing will say: a
 * HEIC on Workers is refused by both, with the engine's own fix, and converted by both on Node.
 */
export interface TransformAbility {
  /** null when the image engine can make a variant of a `mimeType` upload. */
  image(mimeType: string): TransformRefusal | null;
  /** null when FFmpeg runs here (transcodes and cover frames); `platform` names the option to turn autoFix off in the fix. */
  video(platform?: string): TransformRefusal | null;
  /** Whether the image engine decodes this upload format (header reads are skipped otherwise). */
  readsImage(mimeType: string): boolean;
}

export function transformAbility(transforms: MediaTransforms | undefined): TransformAbility {
  const images = transforms?.images ?? null;
  const video = transforms?.video ?? null;
  return {
    image(mimeType) {
      if (!images) return { reason: transforms?.off.images ?? NO_TRANSFORMS, fix: IMAGES_FIX };
      if (images.reads.includes(mimeType)) return null;
      const format = isMediaMimeType(mimeType) ? formatNames[mimeType] : mimeType;
      return { reason: `${images.name} does not read ${format}`, fix: images.unreadableFix };
    },
    video(platform) {
      if (video) return null;
      return {
        reason: transforms?.off.video ?? NO_TRANSFORMS,
        fix: `Upload an H.264/AAC MP4 that already fits the network and set \`platformOptions.${platform ?? "<network>"}.autoFix\` to false, or run Chorus on Node with FFmpeg installed (docs/media-transforms.md).`,
      };
    },
    readsImage: (mimeType) => images?.reads.includes(mimeType) === true,
  };
}
