import type { ImageInspection } from "../../../../infra/media-transforms/types.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import { type PlannedMedia, planTarget } from "../../media/transforms/auto-fix.js";
import type { TransformSettings } from "../../media/transforms/image-plan.js";
import type { TransformAbility, TransformRefusal } from "../../media/transforms/transform-ability.js";
import { checkTarget } from "./check-target.js";
import { validationRulesOf } from "./network-rules.js";
import type { CheckTargetInput, Issue } from "./rule-context.js";

export interface AutoFixCheckInput extends CheckTargetInput {
  media: readonly PublishMedia[];
  autoFix: { on: boolean; settings: TransformSettings };
  /** Header reads of the images (autoFix on, sharp loaded): the EXIF turn and metadata to strip. */
  inspections: ReadonlyMap<string, ImageInspection>;
  /** What this runtime's transformers can do (which engines loaded, which formats they read). */
  ability: TransformAbility;
}

type Checked = { code: string; param: string; message: string; fix: string; rule?: string };

const sameIssue = (a: Issue, b: Issue) => a.rule === b.rule && a.code === b.code;

/**
 * The check of one target with autoFix in view. Off: the check as ever, and each refusal a
 * variant would cure names that transform and the field that turns it on in its `fix`. On: the
 * check runs on the variants' planned facts, the media become the planned variants (derived at
 * publish, publish-targets.ts), and a note says what is done to each file. A variant this
 * runtime cannot make (no engine, or a format its engine does not read) is never offered as a
 * fix, and with autoFix on it refuses the target here, for validate and publish alike.
 */
export function checkWithAutoFix(input: AutoFixCheckInput): { media: PlannedMedia[]; result: { errors: Checked[]; warnings: Checked[] } } {
  const original = checkTarget(input);
  const rules = input.rules ?? validationRulesOf(input.platform);
  const planned = planTarget({
    platform: input.platform,
    capabilities: input.capabilities,
    rules,
    items: input.media,
    // Off, the plan shows what autoFix could do, trimming included (which it does only when asked).
    settings: input.autoFix.on ? input.autoFix.settings : { ...input.autoFix.settings, trim: true },
    inspections: input.autoFix.on ? input.inspections : undefined,
  });
  const pending = planned.filter((item) => item.pendingTransform);
  if (pending.length === 0) return { media: [...input.media], result: original };
  const fixed = checkTarget({ ...input, media: planned });
  const cured = original.errors.filter((error) => !fixed.errors.some((left) => sameIssue(left, error)));
  const what = [...new Set(pending.map((item) => `${item.pendingTransform?.source.id}: ${item.pendingTransform?.plan.describe}`))].join("; ");
  const field = `\`autoFix: true\` (on the post, or \`platformOptions.${input.platform}.autoFix\` for ${input.capabilities.name} only)`;
  const refusal = pending.reduce<TransformRefusal | null>((found, item) => {
    if (found || !item.pendingTransform) return found;
    const { plan, source } = item.pendingTransform;
    return plan.kind === "image" ? input.ability.image(source.mimeType) : input.ability.video(input.platform);
  }, null);

  if (!input.autoFix.on) {
    // autoFix would be refused here: naming it as the fix would send the caller to a second refusal.
    if (refusal) return { media: [...input.media], result: original };
    const errors = original.errors.map((error) => (cured.includes(error) ? { ...error, fix: `Set ${field} and Chorus sends a variant (${what}); or: ${error.fix}` } : error));
    return { media: [...input.media], result: { errors, warnings: original.warnings } };
  }
  if (refusal) {
    const refused: Checked = { code: "transform_unavailable", param: "autoFix", message: `autoFix would ${what}, but ${refusal.reason}.`, fix: refusal.fix };
    return { media: [...input.media], result: { errors: [refused, ...original.errors], warnings: original.warnings } };
  }
  const notes: Checked[] = pending.map((item) => ({
    code: "media_transform_applied",
    param: input.mediaParam ?? "media",
    message: `${input.capabilities.name} gets a variant of ${item.pendingTransform?.source.id} (${item.width}x${item.height} ${item.mimeType}): ${item.pendingTransform?.plan.describe}.`,
    fix: `Nothing to do; set \`platformOptions.${input.platform}.autoFix\` to false to send the upload unchanged.`,
  }));
  return { media: planned, result: { errors: fixed.errors, warnings: [...fixed.warnings, ...notes] } };
}
