import type { AutoFixSetting } from "../../../../db/schema/index.js";
import type { NetworkCapabilities } from "../../../../networks/capabilities-schema.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import type { ValidationRules } from "../../../../networks/rules-schema.js";
import type { FrameRecipe, ImageInspection } from "../../../../infra/media-transforms/types.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import { defaultTransformSettings, type ImagePlan, imageRecipeKey, planImage, type TransformSettings } from "./image-plan.js";
import { type VideoPlan, planVideo, videoRecipeKey } from "./video-plan.js";

/** The per-target option that turns autoFix on or off for one network; Chorus's own, never sent to the network. */
export const AUTO_FIX_OPTION = "autoFix";

/** A video's cover frame, extracted for a network that takes a cover image (cover-plan.ts). */
export interface FramePlan {
  kind: "frame";
  recipe: FrameRecipe;
  describe: string;
}

/** A file autoFix will derive before the target is sent: the planned facts stand in for it until then. */
export interface PendingTransform {
  source: PublishMedia;
  plan: ImagePlan | VideoPlan | FramePlan;
  key: string;
}

/** What a network is sent when autoFix plans a variant: the facts it will have, and the plan to make it. */
export type PlannedMedia = PublishMedia & { pendingTransform?: PendingTransform };

/** The target's own setting wins over the post's; absent both, autoFix is off. */
export function autoFixOf(postSetting: AutoFixSetting | null | undefined, options: Readonly<Record<string, unknown>>): { on: boolean; settings: TransformSettings } {
  const own = options[AUTO_FIX_OPTION];
  const setting = own !== undefined ? (own as AutoFixSetting) : (postSetting ?? false);
  if (setting === false) return { on: false, settings: defaultTransformSettings };
  if (setting === true) return { on: true, settings: defaultTransformSettings };
  return {
    on: true,
    settings: {
      crop: setting.crop ?? defaultTransformSettings.crop,
      focal: setting.focalPoint ?? defaultTransformSettings.focal,
      trim: setting.trim ?? false,
      coverAtMs: setting.coverAt ?? null,
    },
  };
}

/** Whether a `platformOptions.<network>.autoFix` value has the shape autoFix takes. */
export function isAutoFixSetting(value: unknown): value is AutoFixSetting {
  if (typeof value === "boolean") return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { crop, focalPoint, trim, coverAt, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (coverAt !== undefined && !(Number.isSafeInteger(coverAt) && (coverAt as number) >= 0)) return false;
  if (crop !== undefined && crop !== "fit" && crop !== "fill") return false;
  if (trim !== undefined && typeof trim !== "boolean") return false;
  if (focalPoint === undefined) return true;
  const p = focalPoint as Record<string, unknown> | null;
  return typeof p === "object" && p !== null && Object.keys(p).length === 2 && [p.x, p.y].every((n) => typeof n === "number" && n >= 0 && n <= 1);
}

/** The options the network is sent: autoFix is Chorus's, never a network field. */
export function withoutAutoFix(options: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(options, AUTO_FIX_OPTION)) return options;
  const { [AUTO_FIX_OPTION]: _, ...rest } = options;
  return rest;
}

export interface PlanTargetInput {
  platform: PlatformId;
  capabilities: NetworkCapabilities;
  rules: ValidationRules;
  items: readonly PublishMedia[];
  settings: TransformSettings;
  /** What a header read found per image (EXIF turn, metadata); absent when nothing was read (autoFix off, or no transformer). */
  inspections?: ReadonlyMap<string, ImageInspection>;
}

/**
 * The media a target would send with autoFix: each image that breaks a limit of the network (or
 * carries metadata) replaced by the facts of its planned variant, and each video by its H.264
 * variant (video-plan.ts: its codec and metadata are not known, so it is always normalised).
 */
export function planTarget({ capabilities, rules, items, settings, inspections }: PlanTargetInput): PlannedMedia[] {
  return items.map((item) => {
    if (item.width === null || item.height === null) return item;
    if (item.kind === "video") {
      const plan = planVideo({ mimeType: item.mimeType, width: item.width, height: item.height, bytes: item.bytes, durationSeconds: item.durationSeconds }, capabilities.media, settings);
      return { ...item, mimeType: "video/mp4", ...plan.facts, pendingTransform: { source: item, plan, key: videoRecipeKey(plan.recipe) } };
    }
    if (item.kind !== "image") return item;
    const seen = inspections?.get(item.id);
    const facts = { mimeType: item.mimeType, width: seen?.width ?? item.width, height: seen?.height ?? item.height, bytes: item.bytes, hasAlpha: seen?.hasAlpha ?? false };
    const plan = planImage(facts, capabilities.media, rules, settings, Boolean(seen && (seen.rotated || seen.hasMetadata)));
    if (!plan) return item;
    const { recipe } = plan;
    return {
      ...item,
      mimeType: `image/${recipe.format}`,
      width: recipe.width,
      height: recipe.height,
      bytes: recipe.maxBytes === null ? item.bytes : Math.min(item.bytes, recipe.maxBytes),
      pendingTransform: { source: item, plan, key: imageRecipeKey(recipe) },
    };
  });
}
