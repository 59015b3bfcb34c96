import type { NetworkCapabilities } from "../../../../networks/capabilities-schema.js";
import type { ValidationRules } from "../../../../networks/rules-schema.js";
import { formatBytes } from "../media-formats.js";
import type { ImageRecipe } from "../../../../infra/media-transforms/types.js";

/**
 * Which picture a network needs from one upload: pure arithmetic on the file's facts and the
 * network's capability record, so `POST /v1/posts/validate` can say what autoFix would do
 * without decoding anything, and publishing derives exactly that.
 */

export interface TransformSettings {
  crop: "fit" | "fill";
  focal: { x: number; y: number };
  /** Cut a video to the network's longest length; never done unless asked. */
  trim: boolean;
  /** The video's cover: the frame this many milliseconds in (cover-plan.ts); null leaves it to the network. */
  coverAtMs: number | null;
}

export const defaultTransformSettings: TransformSettings = { crop: "fill", focal: { x: 0.5, y: 0.5 }, trim: false, coverAtMs: null };

export interface ImageFacts {
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  hasAlpha?: boolean;
}

/** What changes, in words for `fix` and the warning autoFix leaves: `convert to JPEG`, `crop to 4:5`. */
export interface ImagePlan {
  kind: "image";
  recipe: ImageRecipe;
  /** The transforms this recipe applies, by name: `convert`, `crop`, `pad`, `resize`, `compress`. */
  steps: string[];
  describe: string;
}

const token = (format: string) => {
  const sub = (format.toLowerCase().split("/")[1] ?? format.toLowerCase()).trim();
  return sub === "jpg" ? "jpeg" : sub;
};

/** The ratio bounds the record implies: its own `aspectRatio`, narrowed by any pixel box with both a minimum and a maximum. */
function ratioBounds(media: NetworkCapabilities["media"], rules: ValidationRules): { min: number; max: number } | null {
  const appliesTo = rules.aspectRatioAppliesTo ?? "both";
  let bounds = media.aspectRatio && appliesTo !== "video" ? { ...media.aspectRatio } : null;
  const { minWidth, minHeight, maxWidth, maxHeight } = media;
  // A box 540x960..1080x1920 cannot hold a 4:3 picture at any scale: its ratios run from 540/1920 to 1080/960.
  if (maxWidth !== null && minHeight !== null && minWidth !== null && maxHeight !== null) {
    const implied = { min: minWidth / maxHeight, max: maxWidth / minHeight };
    bounds = bounds ? { min: Math.max(bounds.min, implied.min), max: Math.min(bounds.max, implied.max) } : implied;
  }
  return bounds;
}

export const ratioLabel = (r: number) => {
  for (let b = 1; b <= 20; b++) {
    const a = r * b;
    if (Math.abs(a - Math.round(a)) < 1e-6 && Math.round(a) <= 20) return `${Math.round(a)}:${b}`;
  }
  return r >= 1 ? `${+r.toFixed(2)}:1` : `1:${+(1 / r).toFixed(2)}`;
};

/**
 * The recipe for one image on one network, or null when the file already fits and carries
 * nothing to strip. `forceClean` is set when the file has metadata or an EXIF turn: those are
 * applied and stripped even when every limit is met (the location must never leave Chorus).
 */
export function planImage(facts: ImageFacts, media: NetworkCapabilities["media"], rules: ValidationRules, settings: TransformSettings, forceClean = false): ImagePlan | null {
  const steps: string[] = [];
  const words: string[] = [];
  const accepted = new Set(media.imageFormats.map(token));
  const source = token(facts.mimeType);
  // GIF stays as it is: re-encoding one frame would silently drop its animation.
  if (source === "gif" && (accepted.size === 0 || accepted.has("gif"))) return null;
  let format: "jpeg" | "png" = source === "png" ? "png" : "jpeg";
  const keepsSource = accepted.size === 0 || accepted.has(source);
  if (!keepsSource || (source !== "jpeg" && source !== "png")) {
    format = facts.hasAlpha && accepted.has("png") ? "png" : accepted.size === 0 || accepted.has("jpeg") ? "jpeg" : "png";
    if (!keepsSource) {
      steps.push("convert");
      words.push(`convert to ${format.toUpperCase()}`);
    }
  }

  let width = facts.width;
  let height = facts.height;
  const bounds = ratioBounds(media, rules);
  const ratio = width / height;
  if (bounds && (ratio < bounds.min * 0.999 || ratio > bounds.max * 1.001)) {
    const target = Math.min(Math.max(ratio, bounds.min), bounds.max);
    if (settings.crop === "fill") {
      // Keep the full side the ratio allows, crop the other.
      if (target < ratio) width = Math.round(height * target);
      else height = Math.round(width / target);
      steps.push("crop");
      words.push(`crop to ${ratioLabel(target)}`);
    } else {
      if (target > ratio) width = Math.round(height * target);
      else height = Math.round(width / target);
      steps.push("pad");
      words.push(`pad to ${ratioLabel(target)}`);
    }
  }

  let scale = 1;
  if (media.maxWidth !== null && width * scale > media.maxWidth) scale = media.maxWidth / width;
  if (media.maxHeight !== null && height * scale > media.maxHeight) scale = media.maxHeight / height;
  if (scale === 1) {
    if (media.minWidth !== null && width < media.minWidth) scale = media.minWidth / width;
    if (media.minHeight !== null && height * scale < media.minHeight) scale = media.minHeight / height;
  }
  if (scale !== 1) {
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    steps.push("resize");
    words.push(`resize to ${width}x${height}`);
  }

  const maxBytes = media.maxImageBytes;
  if (maxBytes !== null && facts.bytes > maxBytes) {
    steps.push("compress");
    words.push(`compress below ${formatBytes(maxBytes)}`);
  }
  if (steps.length === 0 && !forceClean) return null;
  words.push("apply the EXIF orientation and strip metadata (location)");
  return {
    kind: "image",
    recipe: { format, width, height, crop: settings.crop, focal: settings.focal, maxBytes },
    steps: steps.length === 0 ? ["clean"] : steps,
    describe: words.join(", "),
  };
}

/** The recipe as the key it is stored under: equal recipes on one file make one variant. */
export function imageRecipeKey(recipe: ImageRecipe): string {
  const focal = recipe.crop === "fill" ? `@${recipe.focal.x.toFixed(3)},${recipe.focal.y.toFixed(3)}` : "";
  return `image:${recipe.format}:${recipe.width}x${recipe.height}:${recipe.crop}${focal}:max${recipe.maxBytes ?? "none"}`;
}
