import type { ValidationRules } from "../../../../networks/rules-schema.js";
import { measureText } from "./text-measure.js";
import { countCashtags, countHashtags, countMentions, countText, emojiAsBytesLength, findUrls, utf16Length } from "./text-length.js";
import { type Ctx, error, optionParam, plural, type Rule, type RuleName, textFix, textParam, UNIT, warn } from "./rule-context.js";

/** The rules on a target's text (length the network's way, forbidden characters, entity ceilings) and its title. */

export function textLength(ctx: Ctx): void {
  const { count, limit, counting } = measureText(ctx.input.text, ctx.caps, ctx.rules, ctx.photoPost);
  if (count <= limit) return;
  const photoLimit = ctx.photoPost ? ctx.rules.photoPostTextMaxLength : undefined;
  const code = ctx.rules.textTooLongCode ?? "text_too_long";
  const what = photoLimit !== undefined ? `${ctx.name} photo posts allow` : `${ctx.name} allows`;
  error(ctx, "text.length", code, textParam(ctx), `The text is ${count} ${UNIT[counting]}; ${what} ${limit}.`, textFix(ctx, `Shorten the text by at least ${count - limit}`));
}

export function textExtraLimits(ctx: Ctx): void {
  for (const { counting, maxLength } of ctx.rules.extraTextLimits ?? []) {
    const count = countText(ctx.input.text, counting);
    if (count <= maxLength) continue;
    error(
      ctx,
      "text.extraLimits",
      ctx.rules.textTooLongCode ?? "text_too_long",
      textParam(ctx),
      `The text is ${count} ${UNIT[counting]}; ${ctx.name} also allows at most ${maxLength} ${UNIT[counting]}.`,
      textFix(ctx, `Shorten the text by at least ${count - maxLength} ${UNIT[counting]}`),
    );
  }
}

export function textForbiddenChars(ctx: Ctx): void {
  const chars = ctx.rules.textForbiddenChars;
  if (!chars) return;
  const found = [...new Set([...ctx.input.text].filter((c) => chars.includes(c)))];
  if (found.length === 0) return;
  error(ctx, "text.forbiddenChars", "text_invalid", textParam(ctx), `${ctx.name} rejects text containing ${found.join(" or ")}.`, textFix(ctx, `Remove every ${[...chars].join(" and ")}`));
}

export function textAdvisoryCount(ctx: Ctx): void {
  const advisory = ctx.rules.advisoryTextCount;
  if (!advisory) return;
  // Photo posts with their own limit are counted against that limit instead.
  const limit = ctx.photoPost && ctx.rules.photoPostTextMaxLength !== undefined ? ctx.rules.photoPostTextMaxLength : advisory.maxLength;
  const capabilityCount = countText(ctx.input.text, ctx.caps.text.counting);
  if (capabilityCount > limit) return; // already an error
  const count = advisory.count === "utf16" ? utf16Length(ctx.input.text) : emojiAsBytesLength(ctx.input.text);
  if (count <= limit) return;
  warn(
    ctx,
    "text.advisoryCount",
    "text_too_long",
    textParam(ctx),
    `${advisory.how}: counted that way the text is ${count} of ${limit}, and ${ctx.name} may refuse it.`,
    textFix(ctx, `Shorten the text by ${count - limit} (fewer emoji helps)`),
  );
}

/** The network's own count, where it refuses the text past the limit (Threads: emoji as UTF-8 bytes); the count is the publish plan's. */
export function textNetworkCount(ctx: Ctx): void {
  const own = ctx.rules.networkTextCount;
  if (!own) return;
  if (countText(ctx.input.text, ctx.caps.text.counting) > own.maxLength) return; // already an error
  const count = own.count(ctx.input.text);
  if (count <= own.maxLength) return;
  error(
    ctx,
    "text.networkCount",
    ctx.rules.textTooLongCode ?? "text_too_long",
    textParam(ctx),
    `${own.how}: counted that way the text is ${count} of ${own.maxLength}.`,
    textFix(ctx, `Shorten the text by ${count - own.maxLength} (fewer emoji helps)`),
  );
}

/** A ceiling on hashtags, mentions, links or cashtags from a capability note: over it gives a warning. */
function entityCeiling(rule: RuleName, what: string, pick: (rules: ValidationRules) => number | undefined, count: (text: string) => number): Rule {
  return (ctx) => {
    const max = pick(ctx.rules);
    if (max === undefined) return;
    const n = count(ctx.input.text);
    if (n <= max) return;
    warn(ctx, rule, "field_invalid", textParam(ctx), `The text has ${plural(n, what)}; ${ctx.name} allows ${max} per post and may refuse it.`, textFix(ctx, `Keep at most ${plural(max, what)}`));
  };
}
export const textHashtags = entityCeiling("text.hashtags", "hashtag", (r) => r.maxHashtags, countHashtags);
export const textMentions = entityCeiling("text.mentions", "@-mention", (r) => r.maxMentions, countMentions);
export const textLinks = entityCeiling(
  "text.links",
  "link",
  (r) => r.maxLinks,
  (t) => findUrls(t).length,
);
export const textCashtags = entityCeiling("text.cashtags", "cashtag", (r) => r.maxCashtags, countCashtags);

export function titleRules(ctx: Ctx): void {
  const rules = ctx.rules.title;
  const param = optionParam(ctx, "title");
  const title = ctx.title;
  if (title !== undefined && title !== null && typeof title !== "string") return; // option.type
  const set = typeof title === "string";
  if (rules?.photoPostsOnly && !ctx.photoPost) {
    if (set)
      warn(ctx, "title.photoOnly", "option_invalid", param, `${ctx.name} uses a separate title on photo posts only; it is ignored on this post (the text is the caption).`, `Drop \`${param}\`.`);
    return;
  }
  if (rules?.required && (!set || title.trim() === "")) {
    error(ctx, "title.required", "title_invalid", param, `${ctx.name} needs a title${set ? " that is not blank" : ""}.`, `Set \`${param}\`${maxTitleText(ctx)}.`);
    return;
  }
  if (!set) return;
  const forbidden = rules?.forbiddenChars ? [...new Set([...title].filter((c) => rules.forbiddenChars?.includes(c)))] : [];
  if (forbidden.length > 0) {
    error(
      ctx,
      "title.forbiddenChars",
      "title_invalid",
      param,
      `${ctx.name} rejects titles containing ${forbidden.join(" or ")}.`,
      `Remove every ${[...(rules?.forbiddenChars ?? "")].join(" and ")} from \`${param}\`.`,
    );
  }
  const max = ctx.caps.options.title?.maxLength;
  const length = countText(title, "characters");
  if (max !== undefined && length > max) {
    const where = rules?.photoPostsOnly ? `${ctx.name} photo posts allow` : `${ctx.name} allows`;
    error(ctx, "title.length", "title_too_long", param, `The title is ${length} characters; ${where} ${max}.`, `Shorten \`${param}\` by at least ${length - max} characters.`);
  }
}

function maxTitleText(ctx: Ctx): string {
  const max = ctx.caps.options.title?.maxLength;
  const chars = ctx.rules.title?.forbiddenChars;
  const parts = [max !== undefined ? `1-${max} characters` : null, chars ? `no ${[...chars].join(" or ")}` : null].filter((p) => p !== null);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
