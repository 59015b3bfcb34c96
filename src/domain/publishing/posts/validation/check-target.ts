import type { PostTypeRule, ValidationRules } from "../../../../networks/rules-schema.js";
import { validationRulesOf } from "./network-rules.js";
import { type CheckResult, type CheckTargetInput, type Ctx, isSet, type Rule } from "./rule-context.js";
import {
  mediaAccountKindVideo,
  mediaAltText,
  mediaAspectRatio,
  mediaBytes,
  mediaCount,
  mediaDuration,
  mediaFormat,
  mediaKindNotAccepted,
  mediaMaxDimensions,
  mediaMinDimensions,
  mediaMixed,
  mediaPostTypeKinds,
  mediaRequired,
  mediaSameDimensions,
  mediaVideoOnly,
} from "./media-rules.js";
import { mediaDocument, mediaPostTypeAspectRatio } from "./format-rules.js";
import { textAdvisoryCount, textNetworkCount, textCashtags, textExtraLimits, textForbiddenChars, textHashtags, textLength, textLinks, textMentions, titleRules } from "./text-rules.js";
import { optionConstraintRules, optionPostKind, optionRelationRules, optionSchemaRules } from "./option-rules.js";
import { brandedContentPrivate, publishInfoMaxVideo, publishInfoPrivacy } from "./publish-info-rules.js";

export type { CheckResult, CheckTargetInput, Issue, MediaFacts, RuleName } from "./rule-context.js";
export { ruleNames } from "./rule-context.js";

/**
 * The pre-publish check of one target: the capability record of its network plus the network's
 * extra rules (`validation` in its rules.ts), applied to the text, media facts and options this target would
 * publish. Pure: no database, no network, no HTTP. `POST /v1/posts/validate` returns its result;
 * publishing refuses a target that has any error (spec: "Codes returned before publishing").
 */

/** The rules, in the order their issues are reported. */
const allRules: readonly Rule[] = [
  mediaRequired,
  mediaDocument,
  mediaVideoOnly,
  mediaPostTypeKinds,
  mediaKindNotAccepted,
  mediaAccountKindVideo,
  mediaMixed,
  mediaCount,
  mediaFormat,
  mediaBytes,
  mediaMaxDimensions,
  mediaMinDimensions,
  mediaAspectRatio,
  mediaPostTypeAspectRatio,
  mediaDuration,
  publishInfoMaxVideo,
  mediaAltText,
  mediaSameDimensions,
  textLength,
  textExtraLimits,
  textForbiddenChars,
  textAdvisoryCount,
  textNetworkCount,
  textHashtags,
  textMentions,
  textLinks,
  textCashtags,
  optionSchemaRules,
  optionConstraintRules,
  optionRelationRules,
  optionPostKind,
  titleRules,
  brandedContentPrivate,
  publishInfoPrivacy,
];

function postTypeOf(input: CheckTargetInput, rules: ValidationRules): { postType: string | null; postTypeRule: PostTypeRule | null } {
  const spec = rules.postTypes;
  if (!spec) return { postType: null, postTypeRule: null };
  const chosen = input.options[spec.option];
  const postType = typeof chosen === "string" && Object.hasOwn(spec.types, chosen) ? chosen : spec.default;
  return { postType, postTypeRule: spec.types[postType] ?? null };
}

/** The account kind a network's rules derive from the destination (LinkedIn: an organisation `author` means an organisation, none or a member URN the personal profile). */
function accountKindOf(input: CheckTargetInput, rules: ValidationRules): string | null {
  const derive = rules.destinationAccountKind;
  if (!derive) return null;
  const option = rules.destinationOption !== undefined ? input.options[rules.destinationOption] : undefined;
  const destination = isSet(input.destination) ? input.destination : isSet(option) ? option : null;
  if (destination === null) return derive.without;
  const named = typeof destination === "string" ? Object.entries(derive.byPrefix ?? {}).find(([prefix]) => destination.startsWith(prefix)) : undefined;
  return named ? named[1] : derive.withDestination;
}

/**
 * Checks one target. Errors block the target (it is refused before its network is called, and
 * not charged); warnings are advice and the target goes ahead.
 */
export function checkTarget(input: CheckTargetInput): CheckResult {
  const ruleData = input.rules ?? validationRulesOf(input.platform);
  const all = input.media.map((media, index) => ({ media, index }));
  const items = all.filter((i) => i.media.kind !== "document");
  const images = items.filter((i) => i.media.kind === "image");
  const videos = items.filter((i) => i.media.kind === "video");
  const ctx: Ctx = {
    input,
    caps: input.capabilities,
    rules: ruleData,
    name: input.capabilities.name,
    platform: input.platform,
    items,
    images,
    videos,
    documents: all.filter((i) => i.media.kind === "document"),
    photoPost: images.length > 0 && videos.length === 0,
    ...postTypeOf(input, ruleData),
    refusedKinds: new Set(),
    typedOptions: new Set(),
    title: input.title !== undefined ? input.title : input.options.title,
    accountVariant: input.accountVariant ?? null,
    accountKind: input.accountKind ?? accountKindOf(input, ruleData),
    destination: input.destination ?? null,
    errors: [],
    warnings: [],
  };
  for (const rule of allRules) rule(ctx);
  return { errors: ctx.errors, warnings: ctx.warnings };
}
