import { errorCatalogue, type ErrorCode } from "../../../../infra/error-catalogue.js";
import type { NetworkCapabilities as PlatformCapabilities } from "../../../../networks/capabilities-schema.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import type { PublishMedia } from "../../../../networks/publish-types.js";
import type { MediaKind, PostTypeRule, ValidationRules } from "../../../../networks/rules-schema.js";
import type { TextCounting } from "./text-length.js";

/**
 * What the rules of the pre-publish check share (check-target.ts runs them): the check's input
 * and result, the context each rule reads, how a rule records an issue with its code's fix, and
 * the names the messages use for params, sizes and formats.
 */

/** The facts of one media file the check reads; a `PublishMedia` has all of them. */
export type MediaFacts = Pick<PublishMedia, "id" | "kind" | "mimeType" | "bytes" | "width" | "height" | "durationSeconds" | "alt" | "pages">;

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
  /** The network's extra rules; defaults to its `rules.ts` (`validation`). */
  rules?: ValidationRules;
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
  "media.document",
  "text.length",
  "text.extraLimits",
  "text.forbiddenChars",
  "text.advisoryCount",
  "text.networkCount",
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
  "option.postKind",
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

export interface Item {
  media: MediaFacts;
  index: number;
}

export interface Ctx {
  input: CheckTargetInput;
  caps: PlatformCapabilities;
  rules: ValidationRules;
  name: string;
  platform: PlatformId;
  /** Images and videos; documents are apart (`documents`), so the picture and video rules never see them. */
  items: Item[];
  images: Item[];
  videos: Item[];
  documents: Item[];
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
export type Rule = (ctx: Ctx) => void;

export function fixFor(code: ErrorCode): string {
  return errorCatalogue[code].fix ?? errorCatalogue[code].meaning;
}

export function error(ctx: Ctx, rule: RuleName, code: ErrorCode, param: string, message: string, fix?: string): void {
  ctx.errors.push({ code, param, message, fix: fix ?? fixFor(code), rule });
}

export function warn(ctx: Ctx, rule: RuleName, code: ErrorCode, param: string, message: string, fix?: string): void {
  ctx.warnings.push({ code, param, message, fix: fix ?? fixFor(code), rule });
}

export const textParam = (ctx: Ctx) => ctx.input.textParam ?? "text";
export const mediaParam = (ctx: Ctx) => ctx.input.mediaParam ?? "media";
export const altParam = (ctx: Ctx) => (mediaParam(ctx).startsWith("mediaOverrides.") ? `mediaAltOverrides.${ctx.platform}` : "mediaAlt");
export const optionParam = (ctx: Ctx, field: string) => `platformOptions.${ctx.platform}.${field}`;
/** A fix, plus the per-network override as the alternative unless the field already is the override. */
export const textFix = (ctx: Ctx, what: string) => (textParam(ctx) === "text" ? `${what}, or give ${ctx.name} its own text with \`textOverrides.${ctx.platform}\`.` : `${what}.`);
export const mediaFix = (ctx: Ctx, what: string) => (mediaParam(ctx) === "media" ? `${what}, or give ${ctx.name} its own media with \`mediaOverrides.${ctx.platform}\`.` : `${what}.`);

export const isSet = (value: unknown) => value !== undefined && value !== null;
export const optionSet = (ctx: Ctx, name: string) => isSet(ctx.input.options[name]);
export const label = (item: Item) => `media[${item.index}] (${item.media.id})`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const MB = 1024 * 1024;
export function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return bytes % (1024 * MB) === 0 ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}

export const UNIT: Record<TextCounting, string> = {
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
  "vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};
const FORMAT_NAMES: Record<string, string> = { webp: "WebP", webm: "WebM", mov: "MOV (QuickTime)", docx: "Word (DOCX)", pptx: "PowerPoint (PPTX)" };

/** `image/jpeg`, `jpeg`, `jpg` → `jpeg`; `video/quicktime`, `mov` → `mov`. Capability lists use either form. */
export function formatToken(format: string): string {
  const bare = format.toLowerCase().split(";")[0]?.trim() ?? "";
  const sub = bare.includes("/") ? bare.slice(bare.indexOf("/") + 1) : bare;
  return FORMAT_ALIASES[sub] ?? sub;
}
export const formatName = (token: string) => FORMAT_NAMES[token] ?? token.toUpperCase();
