import { type ErrorCode, errorCatalogue } from "../../../infra/error-catalogue.js";
import type { NetworkCapabilities as PlatformCapabilities } from "../../../networks/capabilities-schema.js";
import type { PlatformId } from "../../../networks/platform-ids.js";
import type { PublishMedia } from "../../../networks/publish-types.js";
import { type MediaKind, type NetworkRules, type OptionRule, type PostTypeRule, networkRules } from "./network-rules.js";
import {
  countCashtags,
  countHashtags,
  countMentions,
  countText,
  emojiAsBytesLength,
  findUrls,
  type TextCounting,
  utf16Length,
} from "./text-length.js";

/**
 * The pre-publish check of one target: the capability record of its network plus the network's
 * extra rules (network-rules.ts), applied to the text, media facts and options this target would
 * publish. Pure: no database, no network, no HTTP. `POST /v1/posts/validate` returns its result;
 * publishing refuses a target that has any error (spec: "Codes returned before publishing").
 */

/** The facts of one media file the check reads; a `PublishMedia` has all of them. */
export type MediaFacts = Pick<PublishMedia, "id" | "kind" | "mimeType" | "bytes" | "width" | "height" | "durationSeconds" | "alt">;

export interface CheckTargetInput {
  platform: PlatformId;
  capabilities: PlatformCapabilities;
  /** The text this network gets (the post's `text` or its `textOverrides` entry). */
  text: string;
  /** The title, when the caller resolved it apart from the options; defaults to `options.title`. */
  title?: string | null;
  media: readonly MediaFacts[];
  /** `platformOptions.<platform>` as sent. */
  options: Readonly<Record<string, unknown>>;
  /** The account's connect variant (Instagram: `facebook_login` or `instagram_login`); null or omitted when unknown. */
  accountVariant?: string | null;
  /**
   * Destination inside the account (page id, board id, location, organisation URN) when it was
   * resolved apart from the options; it satisfies the network's required destination option.
   */
  destination?: string | null;
  /** What the post is published as, where the network distinguishes it (LinkedIn: `personal` or `organization`); null when unknown. */
  accountKind?: string | null;
  /** The request field the text came from: `text` (default) or `textOverrides.<platform>`. */
  textParam?: string;
  /** The request field the media came from: `media` (default) or `mediaOverrides.<platform>`; alt-text issues name `mediaAlt` or `mediaAltOverrides.<platform>` to match. */
  mediaParam?: string;
  /** The account's publish-info (TikTok creator_info), when it was read; enables the creator-level checks. */
  publishInfo?: Readonly<Record<string, unknown>> | null;
  /** The network's extra rules; defaults to `networkRules[platform]`. */
  rules?: NetworkRules;
}

/** Every rule the engine runs, by name; each issue says which one produced it. */
export const ruleNames = [
  "media.required",
  "media.videoOnly",
  "media.postTypeKinds",
  "media.kindNotAccepted",
  "media.mixed",
  "media.count",
  "media.format",
  "media.bytes",
  "media.maxDimensions",
  "media.minDimensions",
  "media.aspectRatio",
  "media.duration",
  "media.accountKindVideo",
  "media.altText",
  "media.sameDimensions",
  "text.length",
  "text.extraLimits",
  "text.forbiddenChars",
  "text.advisoryCount",
  "text.hashtags",
  "text.mentions",
  "text.links",
  "text.cashtags",
  "option.unknown",
  "option.type",
  "option.value",
  "option.maxLength",
  "option.required",
  "option.constraints",
  "option.requires",
  "option.excludes",
  "option.requiredWhen",
  "option.allowedWhen",
  "option.textOnly",
  "option.variant",
  "option.accountKindValue",
  "option.appliesTo",
  "title.required",
  "title.forbiddenChars",
  "title.length",
  "title.photoOnly",
  "brandedContent.private",
  "publishInfo.privacyLevel",
  "publishInfo.maxVideoSeconds",
] as const;
export type RuleName = (typeof ruleNames)[number];

export interface Issue {
  code: ErrorCode;
  /** The request field at fault: `text` / `textOverrides.<p>`, `media` / `mediaOverrides.<p>`, `platformOptions.<p>.<field>`. */
  param: string;
  message: string;
  fix: string;
  rule: RuleName;
}

export interface CheckResult {
  /** Blocking: the target is refused before anything is sent. */
  errors: Issue[];
  /** Advisory: the target goes ahead. */
  warnings: Issue[];
}

// ---------------------------------------------------------------------------------------------
// Context shared by the rules

interface Item {
  media: MediaFacts;
  index: number;
}

interface Ctx {
  input: CheckTargetInput;
  caps: PlatformCapabilities;
  rules: NetworkRules;
  name: string;
  platform: PlatformId;
  items: Item[];
  images: Item[];
  videos: Item[];
  /** Images and no video: TikTok's photo posts, and the text limit some networks give them. */
  photoPost: boolean;
  postType: string | null;
  postTypeRule: PostTypeRule | null;
  /** Kinds already refused as a whole (not accepted, wrong post type): per-file checks skip them. */
  refusedKinds: Set<MediaKind>;
  /** Options that passed their type check, so later rules can read them safely. */
  typedOptions: Set<string>;
  title: unknown;
  accountVariant: string | null;
  accountKind: string | null;
  destination: string | null;
  errors: Issue[];
  warnings: Issue[];
}

/** A rule reads the context and records issues; the issues name the rule (one function may hold several related ones). */
type Rule = (ctx: Ctx) => void;

function fixFor(code: ErrorCode): string {
  return errorCatalogue[code].fix ?? errorCatalogue[code].meaning;
}

function error(ctx: Ctx, rule: RuleName, code: ErrorCode, param: string, message: string, fix?: string): void {
  ctx.errors.push({ code, param, message, fix: fix ?? fixFor(code), rule });
}

function warn(ctx: Ctx, rule: RuleName, code: ErrorCode, param: string, message: string, fix?: string): void {
  ctx.warnings.push({ code, param, message, fix: fix ?? fixFor(code), rule });
}

const textParam = (ctx: Ctx) => ctx.input.textParam ?? "text";
const mediaParam = (ctx: Ctx) => ctx.input.mediaParam ?? "media";
const altParam = (ctx: Ctx) => (mediaParam(ctx).startsWith("mediaOverrides.") ? `mediaAltOverrides.${ctx.platform}` : "mediaAlt");
const optionParam = (ctx: Ctx, field: string) => `platformOptions.${ctx.platform}.${field}`;
/** A fix, plus the per-network override as the alternative unless the field already is the override. */
const textFix = (ctx: Ctx, what: string) =>
  textParam(ctx) === "text" ? `${what}, or give ${ctx.name} its own text with \`textOverrides.${ctx.platform}\`.` : `${what}.`;
const mediaFix = (ctx: Ctx, what: string) =>
  mediaParam(ctx) === "media" ? `${what}, or give ${ctx.name} its own media with \`mediaOverrides.${ctx.platform}\`.` : `${what}.`;

const isSet = (value: unknown) => value !== undefined && value !== null;
const optionSet = (ctx: Ctx, name: string) => isSet(ctx.input.options[name]);
const label = (item: Item) => `media[${item.index}] (${item.media.id})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const MB = 1024 * 1024;
function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return bytes % (1024 * MB) === 0 ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}

const UNIT: Record<TextCounting, string> = {
  characters: "characters",
  graphemes: "characters (grapheme clusters)",
  bytes: "UTF-8 bytes",
  weighted: "weighted characters (URLs 23, CJK and emoji 2)",
};

// ---------------------------------------------------------------------------------------------
// Formats

const FORMAT_ALIASES: Record<string, string> = {
  jpg: "jpeg",
  pjpeg: "jpeg",
  quicktime: "mov",
  "x-m4v": "m4v",
  "x-msvideo": "avi",
  "x-ms-wmv": "wmv",
  "x-flv": "flv",
  "3gpp": "3gp",
  "x-ms-bmp": "bmp",
  "x-png": "png",
};
const FORMAT_NAMES: Record<string, string> = { webp: "WebP", webm: "WebM", mov: "MOV (QuickTime)" };

/** `image/jpeg`, `jpeg`, `jpg` → `jpeg`; `video/quicktime`, `mov` → `mov`. Capability lists use either form. */
export function formatToken(format: string): string {
  const bare = format.toLowerCase().split(";")[0]?.trim() ?? "";
  const sub = bare.includes("/") ? bare.slice(bare.indexOf("/") + 1) : bare;
  return FORMAT_ALIASES[sub] ?? sub;
}
const formatName = (token: string) => FORMAT_NAMES[token] ?? token.toUpperCase();

// ---------------------------------------------------------------------------------------------
// Media rules

function mediaRequired(ctx: Ctx): void {
  if (ctx.items.length > 0) return;
  const byPostType = ctx.postTypeRule?.mediaRequired === true;
  if (!ctx.caps.media.required && !byPostType) return;
  const message = ctx.caps.media.videoOnly
    ? `${ctx.name} publishes video only: the video file itself is required.`
    : byPostType && !ctx.caps.media.required
      ? `${ctx.name} ${ctx.postType} posts need media; ${ctx.name} cannot publish them as text alone.`
      : `${ctx.name} cannot publish text alone.`;
  error(ctx, "media.required", "media_required", mediaParam(ctx), message, mediaFix(ctx, `Attach ${ctx.caps.media.videoOnly ? "a video" : "an image or video"} (upload it with POST /v1/media)`));
}

function mediaVideoOnly(ctx: Ctx): void {
  if (!ctx.caps.media.videoOnly || ctx.images.length === 0) return;
  ctx.refusedKinds.add("image");
  error(ctx, "media.videoOnly", "video_required", mediaParam(ctx), `${ctx.name} publishes video only; this post has ${plural(ctx.images.length, "image")}.`, mediaFix(ctx, "Attach a video instead of the images"));
}

function mediaPostTypeKinds(ctx: Ctx): void {
  const kinds = ctx.postTypeRule?.kinds;
  if (!kinds) return;
  const where = `${ctx.name} ${ctx.postType} posts`;
  if (ctx.images.length > 0 && !kinds.includes("image") && !ctx.refusedKinds.has("image")) {
    ctx.refusedKinds.add("image");
    error(ctx, "media.postTypeKinds", "image_not_supported", mediaParam(ctx), `${where} take no images.`, mediaFix(ctx, `Attach a video, or choose another \`${ctx.rules.postTypes?.option ?? "postType"}\``));
  }
  if (ctx.videos.length > 0 && !kinds.includes("video") && !ctx.refusedKinds.has("video")) {
    ctx.refusedKinds.add("video");
    error(ctx, "media.postTypeKinds", "video_not_supported", mediaParam(ctx), `${where} take no video.`, mediaFix(ctx, `Attach images, or choose another \`${ctx.rules.postTypes?.option ?? "postType"}\``));
  }
}

function mediaKindNotAccepted(ctx: Ctx): void {
  const m = ctx.caps.media;
  if (ctx.images.length > 0 && m.maxImages === 0 && !ctx.refusedKinds.has("image")) {
    ctx.refusedKinds.add("image");
    error(ctx, "media.kindNotAccepted", "image_not_supported", mediaParam(ctx), `${ctx.name} takes no images.`);
  }
  if (ctx.videos.length > 0 && m.maxVideos === 0 && !ctx.refusedKinds.has("video")) {
    ctx.refusedKinds.add("video");
    error(ctx, "media.kindNotAccepted", "video_not_supported", mediaParam(ctx), `${ctx.name} takes no video.`, mediaFix(ctx, "Remove the video for this network, or post images"));
  }
}

function mediaMixed(ctx: Ctx): void {
  if (ctx.caps.media.mixed || ctx.images.length === 0 || ctx.videos.length === 0) return;
  if (ctx.refusedKinds.has("image") || ctx.refusedKinds.has("video")) return;
  ctx.refusedKinds.add("video");
  error(ctx, "media.mixed", "video_not_supported", mediaParam(ctx), `${ctx.name} does not mix images and video in one post.`, mediaFix(ctx, "Post either the images or the video"));
}

function mediaCount(ctx: Ctx): void {
  const m = ctx.caps.media;
  const images = ctx.refusedKinds.has("image") ? 0 : ctx.images.length;
  const videos = ctx.refusedKinds.has("video") ? 0 : ctx.videos.length;
  const before = ctx.errors.length;
  if (m.maxImages > 0 && images > m.maxImages) {
    error(ctx, "media.count", "field_invalid", mediaParam(ctx), `${ctx.name} takes at most ${plural(m.maxImages, "image")} in one post; this post has ${images}.`, mediaFix(ctx, `Keep at most ${m.maxImages}`));
  }
  if (m.maxVideos > 0 && videos > m.maxVideos) {
    error(ctx, "media.count", "field_invalid", mediaParam(ctx), `${ctx.name} takes at most ${plural(m.maxVideos, "video")} in one post; this post has ${videos}.`, mediaFix(ctx, `Keep at most ${m.maxVideos}`));
  }
  const maxItems = ctx.postTypeRule?.maxItems ?? ctx.rules.maxMediaItems;
  const total = images + videos;
  if (maxItems !== undefined && total > maxItems && ctx.errors.length === before) {
    const what = ctx.postTypeRule?.maxItems !== undefined ? `${ctx.name} ${ctx.postType} posts take` : `${ctx.name} takes`;
    error(ctx, "media.count", "field_invalid", mediaParam(ctx), `${what} at most ${plural(maxItems, "media item")}; this post has ${total}.`, mediaFix(ctx, `Keep at most ${maxItems}`));
  }
}

/** Files of kinds the post can take at all; per-file checks look only at these. */
const checkedItems = (ctx: Ctx) => ctx.items.filter((item) => !ctx.refusedKinds.has(item.media.kind));

function mediaFormat(ctx: Ctx): void {
  for (const item of checkedItems(ctx)) {
    const list = item.media.kind === "image" ? ctx.caps.media.imageFormats : ctx.caps.media.videoFormats;
    if (list.length === 0) continue;
    const accepted = [...new Set(list.map(formatToken))];
    const token = formatToken(item.media.mimeType);
    if (accepted.includes(token)) continue;
    error(
      ctx,
      "media.format",
      "media_type_unsupported",
      mediaParam(ctx),
      `${label(item)} is ${formatName(token)}; ${ctx.name} takes ${item.media.kind === "image" ? "images" : "video"} as ${accepted.map(formatName).join(", ")}.`,
      mediaFix(ctx, `Convert the file to ${accepted.map(formatName).join(" or ")}`),
    );
  }
}

function mediaBytes(ctx: Ctx): void {
  for (const item of checkedItems(ctx)) {
    const max = item.media.kind === "image" ? ctx.caps.media.maxImageBytes : ctx.caps.media.maxVideoBytes;
    if (max === null || item.media.bytes <= max) continue;
    error(ctx, "media.bytes", "media_too_large", mediaParam(ctx), `${label(item)} is ${formatBytes(item.media.bytes)}; ${ctx.name} takes ${item.media.kind === "image" ? "images" : "videos"} up to ${formatBytes(max)}.`, `Compress or resize the file below ${formatBytes(max)}.`);
  }
}

function mediaMaxDimensions(ctx: Ctx): void {
  const { maxWidth, maxHeight } = ctx.caps.media;
  if (maxWidth === null && maxHeight === null) return;
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (kind !== "image" || width === null || height === null) continue;
    if ((maxWidth === null || width <= maxWidth) && (maxHeight === null || height <= maxHeight)) continue;
    const bound = `${maxWidth ?? "any"}x${maxHeight ?? "any"}`;
    error(ctx, "media.maxDimensions", "image_too_large", mediaParam(ctx), `${label(item)} is ${width}x${height}; ${ctx.name} takes images up to ${bound} pixels.`, `Resize the image to at most ${bound} pixels.`);
  }
}

function mediaMinDimensions(ctx: Ctx): void {
  const { minWidth, minHeight } = ctx.caps.media;
  if (minWidth === null && minHeight === null) return;
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (kind !== "image" || width === null || height === null) continue;
    if ((minWidth === null || width >= minWidth) && (minHeight === null || height >= minHeight)) continue;
    const bound = minHeight === null ? `${minWidth} pixels wide` : minWidth === null ? `${minHeight} pixels high` : `${minWidth}x${minHeight} pixels`;
    error(ctx, "media.minDimensions", "image_too_small", mediaParam(ctx), `${label(item)} is ${width}x${height}; ${ctx.name} needs images of at least ${bound}.`, `Use an image of at least ${bound}.`);
  }
}

/** Ratios are compared with 0.1% slack, so a crop one pixel off 4:5 or 1.91:1 is not refused. */
const RATIO_SLACK = 0.001;
/** 0.8 → "4:5", 0.75 → "3:4", 1.91 → "1.91:1", 1/2.4 → "1:2.4": small whole ratios as such, others against 1. */
function ratioText(r: number): string {
  for (let b = 1; b <= 10; b++) {
    const a = r * b;
    if (Math.abs(a - Math.round(a)) < 1e-9 && Math.round(a) >= 1 && Math.round(a) <= 10) return `${Math.round(a)}:${b}`;
  }
  return r >= 1 ? `${+r.toFixed(2)}:1` : `1:${+(1 / r).toFixed(2)}`;
}

function mediaAspectRatio(ctx: Ctx): void {
  const bounds = ctx.caps.media.aspectRatio;
  if (bounds === null || ctx.postTypeRule?.aspectRatio === false) return;
  const appliesTo = ctx.rules.aspectRatioAppliesTo ?? "both";
  for (const item of checkedItems(ctx)) {
    const { kind, width, height } = item.media;
    if (appliesTo !== "both" && appliesTo !== kind) continue;
    if (width === null || height === null || width <= 0 || height <= 0) continue;
    const ratio = width / height;
    if (ratio >= bounds.min * (1 - RATIO_SLACK) && ratio <= bounds.max * (1 + RATIO_SLACK)) continue;
    const range = `${ratioText(bounds.min)} and ${ratioText(bounds.max)}`;
    error(ctx, "media.aspectRatio", "aspect_ratio_unsupported", mediaParam(ctx), `${label(item)} is ${width}x${height} (${ratioText(ratio)}); ${ctx.name} takes ${kind === "image" ? "images" : "videos"} between ${range}.`, `Crop the ${kind} to a ratio between ${range}.`);
  }
}

function mediaDuration(ctx: Ctx): void {
  const min = ctx.postTypeRule?.minVideoSeconds ?? ctx.caps.media.minVideoSeconds;
  const max = ctx.postTypeRule?.maxVideoSeconds ?? ctx.caps.media.maxVideoSeconds;
  const where = ctx.postTypeRule?.maxVideoSeconds !== undefined || ctx.postTypeRule?.minVideoSeconds !== undefined ? `${ctx.name} ${ctx.postType} posts take` : `${ctx.name} takes`;
  for (const item of checkedItems(ctx)) {
    const seconds = item.media.durationSeconds;
    if (item.media.kind !== "video" || seconds === null) continue;
    if (min !== null && seconds < min) {
      error(ctx, "media.duration", "field_invalid", mediaParam(ctx), `${label(item)} lasts ${seconds} s; ${where} videos of at least ${min} s.`, mediaFix(ctx, `Use a video of at least ${min} s`));
    } else if (max !== null && seconds > max) {
      error(ctx, "media.duration", "field_invalid", mediaParam(ctx), `${label(item)} lasts ${seconds} s; ${where} videos up to ${max} s.`, mediaFix(ctx, `Trim the video to ${max} s or less`));
    }
  }
}

function mediaAccountKindVideo(ctx: Ctx): void {
  const kinds = ctx.rules.videoUnsupportedForAccountKinds;
  if (!kinds || ctx.accountKind === null || !kinds.includes(ctx.accountKind)) return;
  const first = ctx.videos[0];
  if (!first || ctx.refusedKinds.has("video")) return;
  ctx.refusedKinds.add("video");
  error(ctx, "media.accountKindVideo", "prof_video_unsupported", mediaParam(ctx), `${label(first)} is a video, and video posts to a ${ctx.accountKind} ${ctx.name} profile are not accepted.`);
}

function mediaAltText(ctx: Ctx): void {
  const alt = ctx.rules.altText;
  if (!alt) return;
  if (alt.option && typeof ctx.input.options[alt.option] === "string" && String(ctx.input.options[alt.option]).trim() !== "") return;
  const missing = checkedItems(ctx).filter((item) => item.media.kind === "image" && (item.media.alt ?? "").trim() === "");
  if (missing.length === 0) return;
  const where = alt.option ? ` (or \`${optionParam(ctx, alt.option)}\`)` : "";
  warn(
    ctx,
    "media.altText",
    "field_required",
    altParam(ctx),
    `${plural(missing.length, "image")} ha${missing.length === 1 ? "s" : "ve"} no alt text (${missing.map(label).join(", ")}); ${ctx.name} shows alt text to people using screen readers.`,
    `Describe each image in \`${altParam(ctx)}\`${where}.`,
  );
}

function mediaSameDimensions(ctx: Ctx): void {
  if (!ctx.rules.sameImageDimensions || ctx.refusedKinds.has("image")) return;
  const sizes = new Set(ctx.images.filter((i) => i.media.width !== null && i.media.height !== null).map((i) => `${i.media.width}x${i.media.height}`));
  if (sizes.size <= 1) return;
  warn(ctx, "media.sameDimensions", "field_invalid", mediaParam(ctx), `${ctx.name} expects every image of a multi-image post to have the same dimensions; these have ${[...sizes].join(", ")}.`, mediaFix(ctx, "Crop the images to one size"));
}

// ---------------------------------------------------------------------------------------------
// Text rules

function textLength(ctx: Ctx): void {
  const { counting } = ctx.caps.text;
  const photoLimit = ctx.photoPost ? ctx.rules.photoPostTextMaxLength : undefined;
  const limit = photoLimit ?? ctx.caps.text.maxLength;
  const count = countText(ctx.input.text, counting);
  if (count <= limit) return;
  const code = ctx.rules.textTooLongCode ?? "text_too_long";
  const what = photoLimit !== undefined ? `${ctx.name} photo posts allow` : `${ctx.name} allows`;
  error(ctx, "text.length", code, textParam(ctx), `The text is ${count} ${UNIT[counting]}; ${what} ${limit}.`, textFix(ctx, `Shorten the text by at least ${count - limit}`));
}

function textExtraLimits(ctx: Ctx): void {
  for (const { counting, maxLength } of ctx.rules.extraTextLimits ?? []) {
    const count = countText(ctx.input.text, counting);
    if (count <= maxLength) continue;
    error(ctx, "text.extraLimits", ctx.rules.textTooLongCode ?? "text_too_long", textParam(ctx), `The text is ${count} ${UNIT[counting]}; ${ctx.name} also allows at most ${maxLength} ${UNIT[counting]}.`, textFix(ctx, `Shorten the text by at least ${count - maxLength} ${UNIT[counting]}`));
  }
}

function textForbiddenChars(ctx: Ctx): void {
  const chars = ctx.rules.textForbiddenChars;
  if (!chars) return;
  const found = [...new Set([...ctx.input.text].filter((c) => chars.includes(c)))];
  if (found.length === 0) return;
  error(ctx, "text.forbiddenChars", "text_invalid", textParam(ctx), `${ctx.name} rejects text containing ${found.join(" or ")}.`, textFix(ctx, `Remove every ${[...chars].join(" and ")}`));
}

function textAdvisoryCount(ctx: Ctx): void {
  const advisory = ctx.rules.advisoryTextCount;
  if (!advisory) return;
  // Photo posts with their own limit are counted against that limit instead.
  const limit = ctx.photoPost && ctx.rules.photoPostTextMaxLength !== undefined ? ctx.rules.photoPostTextMaxLength : advisory.maxLength;
  const capabilityCount = countText(ctx.input.text, ctx.caps.text.counting);
  if (capabilityCount > limit) return; // already an error
  const count = advisory.count === "utf16" ? utf16Length(ctx.input.text) : emojiAsBytesLength(ctx.input.text);
  if (count <= limit) return;
  warn(ctx, "text.advisoryCount", "text_too_long", textParam(ctx), `${advisory.how}: counted that way the text is ${count} of ${limit}, and ${ctx.name} may refuse it.`, textFix(ctx, `Shorten the text by ${count - limit} (fewer emoji helps)`));
}

/** A ceiling on hashtags, mentions, links or cashtags from a capability note: over it gives a warning. */
function entityCeiling(rule: RuleName, what: string, pick: (rules: NetworkRules) => number | undefined, count: (text: string) => number): Rule {
  return (ctx) => {
    const max = pick(ctx.rules);
    if (max === undefined) return;
    const n = count(ctx.input.text);
    if (n <= max) return;
    warn(ctx, rule, "field_invalid", textParam(ctx), `The text has ${plural(n, what)}; ${ctx.name} allows ${max} per post and may refuse it.`, textFix(ctx, `Keep at most ${plural(max, what)}`));
  };
}
const textHashtags = entityCeiling("text.hashtags", "hashtag", (r) => r.maxHashtags, countHashtags);
const textMentions = entityCeiling("text.mentions", "@-mention", (r) => r.maxMentions, countMentions);
const textLinks = entityCeiling("text.links", "link", (r) => r.maxLinks, (t) => findUrls(t).length);
const textCashtags = entityCeiling("text.cashtags", "cashtag", (r) => r.maxCashtags, countCashtags);

// ---------------------------------------------------------------------------------------------
// Option rules

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

const optionFix = (ctx: Ctx, field: string, what: string) => `${what}; GET /v1/platforms/${ctx.platform} lists \`${field}\` and its valid values.`;

/** Unknown names, types, enumerations, maxLength and required options, from the capability record. */
function optionSchemaRules(ctx: Ctx): void {
  const specs = ctx.caps.options;
  for (const [field, value] of Object.entries(ctx.input.options)) {
    if (!isSet(value)) continue;
    const param = optionParam(ctx, field);
    const spec = Object.hasOwn(specs, field) ? specs[field] : undefined;
    if (!spec) {
      error(ctx, "option.unknown", "option_invalid", param, `\`${field}\` is not an option of ${ctx.name}.`, `Remove \`${param}\`; GET /v1/platforms/${ctx.platform} lists the options ${ctx.name} takes.`);
      continue;
    }
    if (!typeMatches(spec.type, value)) {
      error(ctx, "option.type", "option_invalid", param, `\`${field}\` must be ${spec.type === "integer" || spec.type === "array" || spec.type === "object" ? "an" : "a"} ${spec.type}.`, optionFix(ctx, field, `Send \`${param}\` as ${spec.type === "integer" || spec.type === "array" || spec.type === "object" ? "an" : "a"} ${spec.type}`));
      continue;
    }
    ctx.typedOptions.add(field);
    if (spec.values) {
      const values = spec.values;
      const bad = (Array.isArray(value) ? value : [value]).filter((v) => typeof v !== "string" || !values.includes(v));
      if (bad.length > 0) {
        ctx.typedOptions.delete(field);
        error(ctx, "option.value", "option_invalid", param, `${bad.map((v) => JSON.stringify(v)).join(", ")} ${bad.length === 1 ? "is" : "are"} not ${bad.length === 1 ? "a valid value" : "valid values"} of \`${field}\`; ${ctx.name} takes ${values.join(", ")}.`, optionFix(ctx, field, `Use one of ${values.join(", ")}`));
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
function optionConstraintRules(ctx: Ctx): void {
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
function optionRelationRules(ctx: Ctx): void {
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
      error(ctx, "option.allowedWhen", "option_invalid", param, `\`${field}\` applies only when \`${rule.allowedWhen.option}\` is ${rule.allowedWhen.values.join(" or ")}.`, `Drop \`${param}\`, or set \`${optionParam(ctx, rule.allowedWhen.option)}\` to ${rule.allowedWhen.values.join(" or ")}.`);
    }
  }
  if (rule.textOnly && ctx.items.length > 0) {
    error(ctx, "option.textOnly", "option_invalid", param, `\`${field}\` is for posts without media on ${ctx.name}; this post has ${plural(ctx.items.length, "media item")}.`, mediaFix(ctx, `Drop \`${param}\`, or remove the media for this network`));
  }
  if (rule.variants && ctx.accountVariant !== null && !rule.variants.includes(ctx.accountVariant)) {
    const code: ErrorCode = ctx.platform === "instagram" ? "photo_page_door_required" : "option_invalid";
    error(ctx, "option.variant", code, param, `\`${field}\` works only on ${ctx.name} accounts connected through ${rule.variants.join(" or ")}; this one was connected through ${ctx.accountVariant}.`, code === "photo_page_door_required" ? fixFor(code) : `Reconnect the account with GET /v1/connect-link?platform=${ctx.platform}&variant=${rule.variants[0]}, or drop \`${param}\`.`);
  }
  const value = ctx.input.options[field];
  if (rule.valueAccountKinds && typeof value === "string") {
    const kinds = rule.valueAccountKinds[value];
    if (kinds && (ctx.accountKind === null || !kinds.includes(ctx.accountKind))) {
      error(ctx, "option.accountKindValue", "option_invalid", param, `\`${field}\` ${value} is only for ${kinds.join(" or ")} posts on ${ctx.name}${ctx.accountKind ? `; this post is published as ${ctx.accountKind}` : ""}.`, optionFix(ctx, field, `Choose another value for \`${param}\``));
    }
  }
  if (rule.appliesToMedia && ctx.items.length > 0 && !ctx.items.some((item) => item.media.kind === rule.appliesToMedia)) {
    warn(ctx, "option.appliesTo", "option_invalid", param, `\`${field}\` applies only to ${rule.appliesToMedia} posts on ${ctx.name}; it is ignored on this post.`, `Drop \`${param}\`.`);
  } else if (rule.appliesToPostTypes && ctx.postType !== null && !rule.appliesToPostTypes.includes(ctx.postType)) {
    warn(ctx, "option.appliesTo", "option_invalid", param, `\`${field}\` applies only to ${rule.appliesToPostTypes.join(", ")} posts on ${ctx.name}; it is ignored on a ${ctx.postType} post.`, `Drop \`${param}\`, or set \`${optionParam(ctx, ctx.rules.postTypes?.option ?? "postType")}\` to ${rule.appliesToPostTypes.join(" or ")}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Title

function titleRules(ctx: Ctx): void {
  const rules = ctx.rules.title;
  const param = optionParam(ctx, "title");
  const title = ctx.title;
  if (title !== undefined && title !== null && typeof title !== "string") return; // option.type
  const set = typeof title === "string";
  if (rules?.photoPostsOnly && !ctx.photoPost) {
    if (set) warn(ctx, "title.photoOnly", "option_invalid", param, `${ctx.name} uses a separate title on photo posts only; it is ignored on this post (the text is the caption).`, `Drop \`${param}\`.`);
    return;
  }
  if (rules?.required && (!set || title.trim() === "")) {
    error(ctx, "title.required", "title_invalid", param, `${ctx.name} needs a title${set ? " that is not blank" : ""}.`, `Set \`${param}\`${maxTitleText(ctx)}.`);
    return;
  }
  if (!set) return;
  const forbidden = rules?.forbiddenChars ? [...new Set([...title].filter((c) => rules.forbiddenChars?.includes(c)))] : [];
  if (forbidden.length > 0) {
    error(ctx, "title.forbiddenChars", "title_invalid", param, `${ctx.name} rejects titles containing ${forbidden.join(" or ")}.`, `Remove every ${[...(rules?.forbiddenChars ?? "")].join(" and ")} from \`${param}\`.`);
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

// ---------------------------------------------------------------------------------------------
// Network-specific combinations

function brandedContentPrivate(ctx: Ctx): void {
  const branded = ctx.rules.brandedContent;
  if (!branded || ctx.input.options[branded.toggle] !== true) return;
  const privacy = ctx.input.options[branded.privacyOption];
  if (typeof privacy !== "string" || !branded.privateValues.includes(privacy)) return;
  const open = (ctx.caps.options[branded.privacyOption]?.values ?? []).filter((v) => !branded.privateValues.includes(v));
  error(ctx, "brandedContent.private", "branded_content_private", optionParam(ctx, branded.privacyOption), `A paid partnership (\`${branded.toggle}\`) cannot be ${privacy} on ${ctx.name}.`, open.length > 0 ? `Use ${open.join(", ")} for \`${optionParam(ctx, branded.privacyOption)}\`, or drop \`${optionParam(ctx, branded.toggle)}\`.` : undefined);
}

const stringArray = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null);

function publishInfoPrivacy(ctx: Ctx): void {
  const spec = ctx.rules.publishInfo;
  const info = ctx.input.publishInfo;
  if (!spec || !info || !ctx.typedOptions.has(spec.privacyOption)) return;
  const offered = stringArray(info[spec.privacyOptionsField]);
  const value = ctx.input.options[spec.privacyOption];
  if (!offered || typeof value !== "string" || offered.includes(value)) return;
  error(ctx, "publishInfo.privacyLevel", "clip_privacy_level", optionParam(ctx, spec.privacyOption), `${value} is not offered to this ${ctx.name} account; it offers ${offered.join(", ") || "none"}.`, `Use one of ${offered.join(", ")} (GET /v1/social-accounts/{id}/publish-info).`);
}

function publishInfoMaxVideo(ctx: Ctx): void {
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
    error(ctx, "publishInfo.maxVideoSeconds", "field_invalid", mediaParam(ctx), `${label(item)} lasts ${seconds} s; this ${ctx.name} account may post videos up to ${max} s.`, mediaFix(ctx, `Trim the video to ${max} s or less`));
  }
}

// ---------------------------------------------------------------------------------------------

/** The rules, in the order their issues are reported. */
const allRules: readonly Rule[] = [
  mediaRequired,
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
  mediaDuration,
  publishInfoMaxVideo,
  mediaAltText,
  mediaSameDimensions,
  textLength,
  textExtraLimits,
  textForbiddenChars,
  textAdvisoryCount,
  textHashtags,
  textMentions,
  textLinks,
  textCashtags,
  optionSchemaRules,
  optionConstraintRules,
  optionRelationRules,
  titleRules,
  brandedContentPrivate,
  publishInfoPrivacy,
];

function postTypeOf(input: CheckTargetInput, rules: NetworkRules): { postType: string | null; postTypeRule: PostTypeRule | null } {
  const spec = rules.postTypes;
  if (!spec) return { postType: null, postTypeRule: null };
  const chosen = input.options[spec.option];
  const postType = typeof chosen === "string" && Object.hasOwn(spec.types, chosen) ? chosen : spec.default;
  return { postType, postTypeRule: spec.types[postType] ?? null };
}

/** The account kind a network's rules derive from the destination (LinkedIn: an organisation `author` means an organisation, none or a member URN the personal profile). */
function accountKindOf(input: CheckTargetInput, rules: NetworkRules): string | null {
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
  const ruleData = input.rules ?? networkRules[input.platform];
  const items = input.media.map((media, index) => ({ media, index }));
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
