import type { ErrorCode } from "../infra/error-catalogue.js";
import type { NetworkCapabilities } from "./capabilities-schema.js";
import type { NetworkOptionRules } from "./option-scope.js";
import type { BudgetRules, PollingRules, TokenRenewal } from "./rules-background.js";

export type { BudgetRules, ConnectionFacts, PollingRules, RenewalTokens, TokenRenewal } from "./rules-background.js";

/**
 * The shape of a network's `rules.ts`: what Chorus enforces or schedules for the network that the
 * public capability record (capabilities.ts, GET /v1/platforms) has no field for. The data lives
 * in the network's folder; the engines that apply it live in the domain (publishing/posts/validation, the
 * inbox poller, token renewal, the allowance read) and reach it by one lookup,
 * `rulesFor(platform)` in registry.ts, so publishing, validation and the route descriptions read
 * the same row.
 */
export interface NetworkRules {
  /** Pre-publish checks beyond the capability record, run by POST /v1/posts/validate and by publishing. */
  validation: ValidationRules;
  tokens: TokenRenewal;
  /** How often the inbox poller reads what the network does not push; absent is the poller's default (five minutes). */
  polling?: PollingRules;
  /**
   * The `capabilities.rateLimits` scope that bounds how many posts one account may publish, for a
   * network that documents such a window but has no endpoint to read it (GET .../allowance).
   */
  postingWindowScope?: string;
  /**
   * What the network pushes to Chorus itself (Meta's webhooks, POST /webhooks/meta): never polled,
   * so the push stays the one source of those events and the network's quota is not spent twice.
   */
  pushed?: readonly PushedKind[];
  /** The per-app budget background calls are held to (domain/accounts/budgets); absent: none is kept. */
  budget?: BudgetRules;
  /** Thread chains (`thread` on a post): absent where the network has no reply chain of one's own posts. */
  thread?: ThreadRules;
  /** The card the network draws by itself from a link in the text: absent where a text link gets none. */
  linkCard?: LinkCardRule;
  /**
   * Formats beyond a plain post that the network's plan chooses by the media or an option
   * (carousels, polls, video pins, photo posts), listed by GET /v1/platforms. Each row is built
   * from the constants the publish plan and validation read, so the list cannot drift from them;
   * post types (`validation.postTypes`) are listed from their own rows and need none here.
   */
  formats?: readonly FormatRow[];
}

/** One format as GET /v1/platforms lists it. */
export interface FormatRow {
  id: string;
  description: string;
  /** How a post asks for it: the media it carries or the option that selects it. */
  selectedBy: string;
  /** The media it takes; absent for a text-only format (a poll). */
  media?: { kinds: readonly MediaKind[]; minItems: number; maxItems: number; minVideoSeconds?: number; maxVideoSeconds?: number; maxAspectRatio?: number };
  /** Numeric limits of the format's own fields (a poll's choices and duration). */
  limits?: Readonly<Record<string, number>>;
}

/** A chain's limits, read by POST /v1/posts/validate and by publishing alike. */
export interface ThreadRules {
  /** Most items in one chain, the post itself included. */
  maxItems: number;
}

/** Where a network shows a link card without being asked (the dashboard's compose preview reads it). */
export interface LinkCardRule {
  /** Which link of the text the card is of; posts with media show the media instead. */
  link: "first" | "last";
  /** The boolean option that turns the card off (`false`). */
  optOut?: string;
  /** The option whose URL is shown instead of the text's link. */
  option?: string;
  /** The document the fact comes from. */
  source: string;
}

export type PushedKind = "comment" | "mention" | "message";

export type TextCounting = NetworkCapabilities["text"]["counting"];

export type MediaKind = "image" | "video" | "document";

/** Media rules of one post type (Instagram and Facebook `postType`), applied on top of the capability record. */
export interface PostTypeRule {
  /** What the post type is, for GET /v1/platforms `formats`. */
  description?: string;
  /** Kinds this post type takes; a kind not listed is `image_not_supported` / `video_not_supported`. */
  kinds?: readonly MediaKind[];
  mediaRequired?: boolean;
  /** Most media items in one post of this type. */
  maxItems?: number;
  minVideoSeconds?: number;
  maxVideoSeconds?: number;
  /** `false` when the capability's aspect-ratio bounds do not apply (Instagram reels and stories are 9:16). */
  aspectRatio?: boolean;
  /** Widest width:height this post type takes, on top of the capability's bounds (YouTube Shorts: 1, square or taller). */
  maxAspectRatio?: number;
}

/** Constraints on one `platformOptions` field beyond its capability type, values and maxLength. */
export interface OptionRule {
  /** Strings: fewest characters. */
  minLength?: number;
  /** Strings: characters the value may not contain. */
  forbiddenChars?: string;
  /** Strings: the shape of an id the network issues (a place id from GET /v1/discover/places), and what it is called. */
  pattern?: { regex: RegExp; meaning: string };
  /** Integers: bounds, inclusive. */
  min?: number;
  max?: number;
  /** Integers: a 0-based index into the post's images (below the number of images). */
  indexOfImages?: boolean;
  /** Arrays: bounds on the number of items. */
  minItems?: number;
  maxItems?: number;
  /** Arrays of strings: bounds on each item's length, counted in `itemCounting` (default characters). */
  itemMinLength?: number;
  itemMaxLength?: number;
  itemCounting?: TextCounting;
  /** Other options that must be set when this one is. */
  requires?: readonly string[];
  /** Other options that cannot be set together with this one. */
  excludes?: readonly string[];
  /** This option must be set when `option` has one of `values`. */
  requiredWhen?: { option: string; values: readonly string[] };
  /** Not required (despite the capability) when `option` has one of `values`. */
  notRequiredWhen?: { option: string; values: readonly string[] };
  /** This option is refused unless `option` has one of `values`. */
  allowedWhen?: { option: string; values: readonly string[] };
  /** Refused when the post has media (polls, link previews, cards). */
  textOnly?: boolean;
  /** Has an effect only when the post carries this kind of media; otherwise a warning says it is ignored. */
  appliesToMedia?: MediaKind;
  /** Has an effect only on these post types; otherwise a warning says it is ignored. */
  appliesToPostTypes?: readonly string[];
  /** Only accounts connected through one of these variants can use it (`photo_page_door_required`). */
  variants?: readonly string[];
  /** Values only some account kinds may use: value → account kinds. */
  valueAccountKinds?: Readonly<Record<string, readonly string[]>>;
  /** The value is a `med_` id of a file the network takes besides `media` (YouTube thumbnail): what it must be. */
  mediaRef?: { kinds: readonly MediaKind[]; mimeTypes: readonly string[]; maxBytes: number; what: string };
}

/**
 * What a network enforces that the capability record has no field for: post types with their own
 * media rules, option constraints written only in option descriptions, title rules, secondary
 * text limits. Every value cites the capability note, option description or network sheet it
 * comes from; the engine (domain/publishing/posts/validation/check-target.ts) stays generic.
 */
export interface ValidationRules {
  /** Limits on the text besides `capabilities.text` (all blocking). */
  extraTextLimits?: readonly { counting: TextCounting; maxLength: number }[];
  /** Text limit of photo posts where it differs from `capabilities.text.maxLength`. */
  photoPostTextMaxLength?: number;
  /** Code for text over the limit, where the spec names a network-specific one. */
  textTooLongCode?: Extract<ErrorCode, "text_too_long" | "text_invalid">;
  /** Characters the text may not contain (`text_invalid`). */
  textForbiddenChars?: string;
  /**
   * A count the capability note describes but the counting enum cannot express; over the limit
   * gives a warning, not an error.
   */
  advisoryTextCount?: { count: "utf16" | "emojiBytes"; maxLength: number; how: string };
  /** The network's own count of the text where it refuses past a limit the counting enum cannot express (an error). */
  networkTextCount?: { count: (text: string) => number; maxLength: number; how: string };
  /** Entity ceilings from capability notes; over them gives a warning. */
  maxHashtags?: number;
  maxMentions?: number;
  maxLinks?: number;
  maxCashtags?: number;
  /** Document posts (PDF, DOCX, PPTX): absent where the network takes no documents. */
  documents?: { mimeTypes: readonly string[]; maxBytes: number; maxPages?: number; titleOption: string };
  /** Most media items in one post, images and videos together (carousels). */
  maxMediaItems?: number;
  /** Which kind the capability's aspect-ratio bounds are about (default both). */
  aspectRatioAppliesTo?: MediaKind | "both";
  /** Post types selected by an option, each with its own media rules. */
  postTypes?: { option: string; default: string; types: Readonly<Record<string, PostTypeRule>> };
  /** Rules for `platformOptions.<p>.title`; its length comes from the capability option's maxLength. */
  title?: { required?: boolean; forbiddenChars?: string; photoPostsOnly?: boolean };
  /** The option that names the destination inside the account; a target with a `destination` satisfies it when required. */
  destinationOption?: string;
  /**
   * The account kind when the caller does not give one: which kind posting with and without a
   * destination means, and destinations that name another kind by their prefix (LinkedIn: an
   * `author` of `urn:li:person:` is a member, so a personal profile).
   */
  destinationAccountKind?: { withDestination: string; without: string; byPrefix?: Readonly<Record<string, string>> };
  /** A paid-partnership toggle that cannot go with a private audience (`branded_content_private`). */
  brandedContent?: { toggle: string; privacyOption: string; privateValues: readonly string[] };
  /** Creator-level limits read from GET /v1/social-accounts/{id}/publish-info. */
  publishInfo?: { privacyOption: string; privacyOptionsField: string; maxVideoSecondsField: string };
  /** Alt text is sent to the network (from `mediaAlt`, or from `option` when given); missing alt gives a warning. */
  altText?: { option?: string };
  /** Account kinds that cannot post video (`prof_video_unsupported`). */
  videoUnsupportedForAccountKinds?: readonly string[];
  /** Images of one post must share their dimensions (Pinterest carousels); a warning. */
  sameImageDimensions?: boolean;
  options?: Readonly<Record<string, OptionRule>>;
  /** The network's own table of which post kinds each option applies to, which its publish plan reads too. */
  postKinds?: NetworkOptionRules;
  /** Whether `firstComment` can be posted under the network's posts, and its limits (first-comment-rule.ts). */
  firstComment?: FirstCommentRule;
}

/**
 * A network's first comment: posted through its API with a text of at most `maxLength` (in
 * `counting`, `source` says where the number comes from), or not possible, with `instead`: what
 * the caller can do on that network in its place (the refusal's fix).
 */
export type FirstCommentRule =
  | {
      maxLength: number;
      counting: TextCounting;
      source: string;
      /** The files the comment may carry; absent: text only, and media is refused with `first_comment_media_unsupported`. */
      media?: FirstCommentMediaRule;
      /** For a text-only comment: what to do instead of attaching media (the refusal's fix). */
      mediaInstead?: string;
    }
  | { unsupported: true; why: string; instead: string };

/** Files in a first comment: how many, of which types, how large, and where the numbers come from. */
export interface FirstCommentMediaRule {
  maxItems: number;
  mimeTypes: readonly string[];
  /** Null where the network documents no byte cap (LinkedIn images: a pixel cap only). */
  maxBytes: number | null;
  /** A lower cap for images where the network sizes them apart from videos (Threads: 8 MB images, 1 GB videos). */
  imageMaxBytes?: number;
  source: string;
}
