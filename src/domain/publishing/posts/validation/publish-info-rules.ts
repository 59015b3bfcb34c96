import { type Ctx, error, label, mediaFix, mediaParam, optionParam } from "./rule-context.js";
import { checkedItems } from "./media-rules.js";

export function brandedContentPrivate(ctx: Ctx): void {
  const branded = ctx.rules.brandedContent;
  if (!branded || ctx.input.options[branded.toggle] !== true) return;
  const privacy = ctx.input.options[branded.privacyOption];
  if (typeof privacy !== "string" || !branded.privateValues.includes(privacy)) return;
  const open = (ctx.caps.options[branded.privacyOption]?.values ?? []).filter((v) => !branded.privateValues.includes(v));
  error(
    ctx,
    "brandedContent.private",
    "branded_content_private",
    optionParam(ctx, branded.privacyOption),
    `A paid partnership (\`${branded.toggle}\`) cannot be ${privacy} on ${ctx.name}.`,
    open.length > 0 ? `Use ${open.join(", ")} for \`${optionParam(ctx, branded.privacyOption)}\`, or drop \`${optionParam(ctx, branded.toggle)}\`.` : undefined,
  );
}

const stringArray = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null);

export function publishInfoPrivacy(ctx: Ctx): void {
  const spec = ctx.rules.publishInfo;
  const info = ctx.input.publishInfo;
  if (!spec || !info || !ctx.typedOptions.has(spec.privacyOption)) return;
  const offered = stringArray(info[spec.privacyOptionsField]);
  const value = ctx.input.options[spec.privacyOption];
  if (!offered || typeof value !== "string" || offered.includes(value)) return;
  error(
    ctx,
    "publishInfo.privacyLevel",
    "clip_privacy_level",
    optionParam(ctx, spec.privacyOption),
    `${value} is not offered to this ${ctx.name} account; it offers ${offered.join(", ") || "none"}.`,
    `Use one of ${offered.join(", ")} (GET /v1/social-accounts/{id}/publish-info).`,
  );
}

export function publishInfoMaxVideo(ctx: Ctx): void {
  const spec = ctx.rules.publishInfo;
  const info = ctx.input.publishInfo;
  if (!spec || !info) return;
  const max = info[spec.maxVideoSecondsField];
  if (typeof max !== "number") return;
  const networkMax = ctx.postTypeRule?.maxVideoSeconds ?? ctx.caps.media.maxVideoSeconds;
  if (networkMax !== null && max >= networkMax) return; // media.duration already holds the tighter bound
  for (const item of checkedItems(ctx)) {
    const seconds = item.media.durationSeconds;
    if (item.media.kind !== "video" || seconds === null || seconds <= max) continue;
    if (networkMax !== null && seconds > networkMax) continue; // reported by media.duration
    error(
      ctx,
      "publishInfo.maxVideoSeconds",
      "field_invalid",
      mediaParam(ctx),
      `${label(item)} lasts ${seconds} s; this ${ctx.name} account may post videos up to ${max} s.`,
      mediaFix(ctx, `Trim the video to ${max} s or less`),
    );
  }
}
