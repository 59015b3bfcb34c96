import type { ErrorCode } from "../../../../infra/error-catalogue.js";
import type { NetworkCapabilities as PlatformCapabilities } from "../../../../networks/capabilities-schema.js";
import { failedChecks, optionsOutsideKind, outsideKindMessage } from "../../../../networks/option-scope.js";
import type { OptionRule } from "../../../../networks/rules-schema.js";
import { countText, type TextCounting } from "./text-length.js";
import { type Ctx, error, fixFor, isSet, mediaFix, optionParam, optionSet, plural, warn } from "./rule-context.js";

/**
 * The rules on `platformOptions`: the capability record's schema, the per-option constraints and
 * relations of the network's rules.ts (`validation.options`), and the combinations a network refuses (branded content kept
 * private, TikTok's creator-level limits).
 */

function typeMatches(type: PlatformCapabilities["options"][string]["type"], value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

type ObjectFields = NonNullable<PlatformCapabilities["options"][string]["fields"]>;

/** An object option's fields (Instagram's `trialParams`): the names and values the network takes, the ones it needs. */
function objectFieldsMatch(ctx: Ctx, field: string, param: string, fields: ObjectFields, value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const given = value as Record<string, unknown>;
  const names = Object.keys(fields);
  const problems: string[] = [];
  for (const key of Object.keys(given)) if (!Object.hasOwn(fields, key)) problems.push(`\`${key}\` is not one of its fields (${names.join(", ")})`);
  for (const [name, spec] of Object.entries(fields)) {
    const got = given[name];
    if (got === undefined || got === null) {
      if (spec.required) problems.push(`\`${name}\` is missing`);
    } else if (typeof got !== "string" || (spec.values && !spec.values.includes(got))) {
      problems.push(`\`${name}\` must be ${spec.values ? `one of ${spec.values.join(", ")}` : "a string"}`);
    }
  }
  if (problems.length === 0) return true;
  error(
    ctx,
    "option.value",
    "option_invalid",
    param,
    `\`${field}\` on ${ctx.name}: ${problems.join("; ")}.`,
    optionFix(
      ctx,
      field,
      `Send \`${param}\` as { ${Object.entries(fields)
        .map(([n, f]) => `${n}: ${f.values ? f.values.join(" | ") : "string"}`)
        .join(", ")} }`,
    ),
  );
  return false;
}

const optionFix = (ctx: Ctx, field: string, what: string) => `${what}; GET /v1/platforms/${ctx.platform} lists \`${field}\` and its valid values.`;

/** Unknown names, types, enumerations, maxLength and required options, from the capability record. */
export function optionSchemaRules(ctx: Ctx): void {
  const specs = ctx.caps.options;
  for (const [field, value] of Object.entries(ctx.input.options)) {
    if (!isSet(value)) continue;
    const param = optionParam(ctx, field);
    const spec = Object.hasOwn(specs, field) ? specs[field] : undefined;
    if (!spec) {
      error(
        ctx,
        "option.unknown",
        "option_invalid",
        param,
        `\`${field}\` is not an option of ${ctx.name}.`,
        `Remove \`${param}\`; GET /v1/platforms/${ctx.platform} lists the options ${ctx.name} takes.`,
      );
      continue;
    }
    if (!typeMatches(spec.type, value)) {
      error(
        ctx,
        "option.type",
        "option_invalid",
        param,
        `\`${field}\` must be ${spec.type === "integer" || spec.type === "array" || spec.type === "object" ? "an" : "a"} ${spec.type}.`,
        optionFix(ctx, field, `Send \`${param}\` as ${spec.type === "integer" || spec.type === "array" || spec.type === "object" ? "an" : "a"} ${spec.type}`),
      );
      continue;
    }
    ctx.typedOptions.add(field);
    if (spec.fields && !objectFieldsMatch(ctx, field, param, spec.fields, value)) {
      ctx.typedOptions.delete(field);
      continue;
    }
    if (spec.values) {
      const values = spec.values;
      const bad = (Array.isArray(value) ? value : [value]).filter((v) => typeof v !== "string" || !values.includes(v));
      if (bad.length > 0) {
        ctx.typedOptions.delete(field);
        error(
          ctx,
          "option.value",
          "option_invalid",
          param,
          `${bad.map((v) => JSON.stringify(v)).join(", ")} ${bad.length === 1 ? "is" : "are"} not ${bad.length === 1 ? "a valid value" : "valid values"} of \`${field}\`; ${ctx.name} takes ${values.join(", ")}.`,
          optionFix(ctx, field, `Use one of ${values.join(", ")}`),
        );
        continue;
      }
    }
    // The title's length has its own code (title_too_long).
    if (spec.maxLength !== undefined && typeof value === "string" && !(field === "title")) {
      const length = countText(value, "characters");
      if (length > spec.maxLength) {
        error(ctx, "option.maxLength", "option_invalid", param, `\`${field}\` is ${length} characters; ${ctx.name} allows ${spec.maxLength}.`, `Shorten \`${param}\` to ${spec.maxLength} characters.`);
      }
    }
  }
  for (const [field, spec] of Object.entries(specs)) {
    if (!spec.required || optionSet(ctx, field)) continue;
    if (field === ctx.rules.destinationOption && ctx.destination !== null) continue;
    if (field === "title" && ctx.rules.title) continue; // title.required
    const unless = ctx.rules.options?.[field]?.notRequiredWhen;
    if (unless && unless.values.includes(String(ctx.input.options[unless.option]))) continue;
    const values = spec.values ? ` (one of ${spec.values.join(", ")})` : "";
    error(ctx, "option.required", "option_invalid", optionParam(ctx, field), `${ctx.name} needs \`${field}\`${values}.`, `Set \`${optionParam(ctx, field)}\`; ${spec.description}`);
  }
}

function lengthOf(value: string, counting: TextCounting | undefined): number {
  return countText(value, counting ?? "characters");
}

/** Per-option constraints from network-rules.ts, on options that passed their type check. */
export function optionConstraintRules(ctx: Ctx): void {
  for (const [field, rule] of Object.entries(ctx.rules.options ?? {})) {
    if (!ctx.typedOptions.has(field)) continue;
    const value = ctx.input.options[field];
    const param = optionParam(ctx, field);
    const problems: string[] = [];
    if (typeof value === "string") {
      if (rule.minLength !== undefined && lengthOf(value, undefined) < rule.minLength) problems.push(`must be at least ${plural(rule.minLength, "character")}`);
      const forbidden = rule.forbiddenChars ? [...new Set([...value].filter((c) => rule.forbiddenChars?.includes(c)))] : [];
      if (forbidden.length > 0) problems.push(`may not contain ${forbidden.map((c) => `"${c}"`).join(" or ")}`);
      if (rule.pattern && !rule.pattern.regex.test(value)) problems.push(`must be ${rule.pattern.meaning}`);
    }
    if (typeof value === "number") {
      if (rule.min !== undefined && value < rule.min) problems.push(`must be at least ${rule.min}`);
      if (rule.max !== undefined && value > rule.max) problems.push(`must be at most ${rule.max}`);
      if (rule.indexOfImages && ctx.images.length > 0 && value >= ctx.images.length) problems.push(`must be below the number of images (${ctx.images.length})`);
    }
    if (Array.isArray(value)) {
      if (rule.minItems !== undefined && value.length < rule.minItems) problems.push(`needs at least ${plural(rule.minItems, "item")}`);
      if (rule.maxItems !== undefined && value.length > rule.maxItems) problems.push(`takes at most ${plural(rule.maxItems, "item")}`);
      if (rule.itemMinLength !== undefined || rule.itemMaxLength !== undefined) {
        const bad = value.filter((item) => {
          if (typeof item !== "string") return true;
          const n = lengthOf(item, rule.itemCounting);
          return (rule.itemMinLength !== undefined && n < rule.itemMinLength) || (rule.itemMaxLength !== undefined && n > rule.itemMaxLength);
        });
        if (bad.length > 0) problems.push(`items must be text of ${rule.itemMinLength ?? 0} to ${rule.itemMaxLength ?? "any number of"} characters`);
      }
    }
    if (problems.length > 0) {
      error(ctx, "option.constraints", "option_invalid", param, `\`${field}\` ${problems.join(", and ")} on ${ctx.name}.`, `Change \`${param}\`: it ${problems.join(", and ")}.`);
    }
  }
}

/** Rules between options and with the post: requires, excludes, conditional, media, variant, account kind. */
export function optionRelationRules(ctx: Ctx): void {
  for (const [field, rule] of Object.entries(ctx.rules.options ?? {})) {
    const set = optionSet(ctx, field);
    const param = optionParam(ctx, field);
    if (set) relations(ctx, field, param, rule);
    if (!set && rule.requiredWhen) {
      const other = ctx.input.options[rule.requiredWhen.option];
      if (typeof other === "string" && rule.requiredWhen.values.includes(other)) {
        error(ctx, "option.requiredWhen", "option_invalid", param, `\`${field}\` is required when \`${rule.requiredWhen.option}\` is ${other}.`, `Set \`${param}\`.`);
      }
    }
  }
}

function relations(ctx: Ctx, field: string, param: string, rule: OptionRule): void {
  for (const needed of rule.requires ?? []) {
    if (optionSet(ctx, needed)) continue;
    error(ctx, "option.requires", "option_invalid", optionParam(ctx, needed), `\`${needed}\` is required with \`${field}\`.`, `Set \`${optionParam(ctx, needed)}\`, or drop \`${param}\`.`);
  }
  for (const other of rule.excludes ?? []) {
    if (!optionSet(ctx, other)) continue;
    error(ctx, "option.excludes", "option_invalid", param, `\`${field}\` cannot be combined with \`${other}\` on ${ctx.name}.`, `Drop \`${param}\` or \`${optionParam(ctx, other)}\`.`);
  }
  if (rule.allowedWhen) {
    const other = ctx.input.options[rule.allowedWhen.option];
    if (typeof other !== "string" || !rule.allowedWhen.values.includes(other)) {
      error(
        ctx,
        "option.allowedWhen",
        "option_invalid",
        param,
        `\`${field}\` applies only when \`${rule.allowedWhen.option}\` is ${rule.allowedWhen.values.join(" or ")}.`,
        `Drop \`${param}\`, or set \`${optionParam(ctx, rule.allowedWhen.option)}\` to ${rule.allowedWhen.values.join(" or ")}.`,
      );
    }
  }
  if (rule.textOnly && ctx.items.length > 0) {
    error(
      ctx,
      "option.textOnly",
      "option_invalid",
      param,
      `\`${field}\` is for posts without media on ${ctx.name}; this post has ${plural(ctx.items.length, "media item")}.`,
      mediaFix(ctx, `Drop \`${param}\`, or remove the media for this network`),
    );
  }
  if (rule.variants && ctx.accountVariant !== null && !rule.variants.includes(ctx.accountVariant)) {
    const code: ErrorCode = ctx.platform === "instagram" ? "photo_page_door_required" : "option_invalid";
    error(
      ctx,
      "option.variant",
      code,
      param,
      `\`${field}\` works only on ${ctx.name} accounts connected through ${rule.variants.join(" or ")}; this one was connected through ${ctx.accountVariant}.`,
      code === "photo_page_door_required" ? fixFor(code) : `Reconnect the account with GET /v1/connect-link?platform=${ctx.platform}&variant=${rule.variants[0]}, or drop \`${param}\`.`,
    );
  }
  const value = ctx.input.options[field];
  if (rule.valueAccountKinds && typeof value === "string") {
    const kinds = rule.valueAccountKinds[value];
    if (kinds && (ctx.accountKind === null || !kinds.includes(ctx.accountKind))) {
      error(
        ctx,
        "option.accountKindValue",
        "option_invalid",
        param,
        `\`${field}\` ${value} is only for ${kinds.join(" or ")} posts on ${ctx.name}${ctx.accountKind ? `; this post is published as ${ctx.accountKind}` : ""}.`,
        optionFix(ctx, field, `Choose another value for \`${param}\``),
      );
    }
  }
  if (rule.appliesToMedia && ctx.items.length > 0 && !ctx.items.some((item) => item.media.kind === rule.appliesToMedia)) {
    warn(ctx, "option.appliesTo", "option_invalid", param, `\`${field}\` applies only to ${rule.appliesToMedia} posts on ${ctx.name}; it is ignored on this post.`, `Drop \`${param}\`.`);
  } else if (rule.appliesToPostTypes && ctx.postType !== null && !rule.appliesToPostTypes.includes(ctx.postType)) {
    warn(
      ctx,
      "option.appliesTo",
      "option_invalid",
      param,
      `\`${field}\` applies only to ${rule.appliesToPostTypes.join(", ")} posts on ${ctx.name}; it is ignored on a ${ctx.postType} post.`,
      `Drop \`${param}\`, or set \`${optionParam(ctx, ctx.rules.postTypes?.option ?? "postType")}\` to ${rule.appliesToPostTypes.join(" or ")}.`,
    );
  }
}

/** Option values and options the post's kind does not take, by the network's own rules.ts (the one its publish plan reads). */
export function optionPostKind(ctx: Ctx): void {
  const rules = ctx.rules.postKinds;
  if (!rules) return;
  for (const { name, expected } of failedChecks(rules, ctx.input.options)) {
    if (!ctx.typedOptions.has(name)) continue; // option.type already says so
    const param = optionParam(ctx, name);
    error(ctx, "option.constraints", "option_invalid", param, `\`${name}\` must be ${expected} on ${ctx.name}.`, `Change \`${param}\` to ${expected}.`);
  }
  const kind = rules.kindOf({ options: ctx.input.options, media: ctx.items.map((i) => i.media.kind), text: ctx.input.text });
  if (kind === null) return; // the media rules say why
  for (const { name, scope } of optionsOutsideKind(rules, kind, ctx.input.options)) {
    const param = optionParam(ctx, name);
    const message = `${outsideKindMessage(rules, name, scope, kind)} (${ctx.name})`;
    if (scope.outside === "refused")
      error(ctx, "option.postKind", "option_invalid", param, message, `Drop \`${param}\`, or change the media or post type so the post is ${scope.kinds.map((k) => rules.label(k)).join(" or ")}.`);
    else warn(ctx, "option.postKind", "option_invalid", param, message, `Drop \`${param}\`.`);
  }
}
