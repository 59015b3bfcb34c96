import type { ErrorCode } from "../../../infra/error-catalogue.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { youtubeThumbnailMaxBytes, youtubeThumbnailTypes } from "../../../networks/youtube/capabilities.js";
import type { NetworkOptionRules } from "../../../networks/option-scope.js";
import { facebookRules } from "../../../networks/facebook/rules.js";
import { instagramRules } from "../../../networks/instagram/rules.js";
import { threadsRules } from "../../../networks/threads/rules.js";
import { threadsTextLength, threadsTextLimit } from "../../../networks/threads/text.js";
import type { TextCounting } from "./text-length.js";

/**
 * What a network enforces that the public capability record (GET /v1/platforms) has no field
 * for: post types with their own media rules, option constraints written only in option
 * descriptions, title rules, secondary text limits. Kept as data, one entry per network, so the
 * engine in check-target.ts stays generic. Every value cites the capability note, option
 * description or network sheet it comes from.
 */

export type MediaKind = "image" | "video";

/** Media rules of one post type (Instagram and Facebook `postType`), applied on top of the capability record. */
export interface PostTypeRule {
  /** Kinds this post type takes; a kind not listed is `image_not_supported` / `video_not_supported`. */
  kinds?: readonly MediaKind[];
  mediaRequired?: boolean;
  /** Most media items in one post of this type. */
  maxItems?: number;
  minVideoSeconds?: number;
  maxVideoSeconds?: number;
  /** `false` when the capability's aspect-ratio bounds do not apply (Instagram reels and stories are 9:16). */
  aspectRatio?: boolean;
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

export interface NetworkRules {
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
  /** Most media items in one post, images and videos together (carousels). */
  maxMediaItems?: number;
  /** Which kind the capability's aspect-ratio bounds are about (default both). */
  aspectRatioAppliesTo?: MediaKind | "both";
  /** Post types selected by an option, each with its own media rules. */
  postTypes?: { option: string; default: string; types: Readonly<Record<string, PostTypeRule>> };
  /** Rules for `platformOptions.<p>.title`; its length comes from the capability option's maxLength. */
  title?: { required?: boolean; forbiddenChars?: string; photoPostsOnly?: boolean };
  /** The option that names the destination; a target with a `destination` satisfies it when required. */
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
  /** The network's own table of which post kinds each option applies to (its `rules.ts`, which its publish plan reads too). */
  postKinds?: NetworkOptionRules;
}

const poll = { minItems: 2, maxItems: 4, itemMinLength: 1, itemMaxLength: 25 } as const;

export const networkRules: Record<PlatformId, NetworkRules> = {
  twitter: {
    // Capability note: at most one cashtag per post on self-serve apps.
    maxCashtags: 1,
    altText: {},
    options: {
      pollOptions: { ...poll, textOnly: true, requires: ["pollDurationMinutes"] },
      pollDurationMinutes: { min: 5, max: 10080, requires: ["pollOptions"] },
      taggedUserIds: { maxItems: 10, appliesToMedia: "image" },
      excludeReplyUserIds: { requires: ["replyToPostId"] },
      shareWithFollowers: { requires: ["forSuperFollowersOnly"] },
      cardUri: { textOnly: true, excludes: ["pollOptions", "quotePostId"] },
    },
  },
  bluesky: {
    // Capability note: "At most 300 grapheme clusters and 3,000 UTF-8 bytes".
    extraTextLimits: [{ counting: "bytes", maxLength: 3000 }],
    // Sheet: `alt` is required on every image (it may be empty).
    altText: {},
    options: {
      langs: { maxItems: 3 },
      tags: { maxItems: 8, itemMinLength: 1, itemMaxLength: 64, itemCounting: "graphemes" },
    },
  },
  youtube: {
    // Spec: text_invalid for the description (no < or >, length); title_invalid for the title.
    textTooLongCode: "text_invalid",
    textForbiddenChars: "<>",
    title: { required: true, forbiddenChars: "<>" },
    options: {
      // Discovery document, thumbnails.set mediaUpload: image/jpeg or image/png, maxSize 2097152.
      thumbnail: { appliesToMedia: "video", mediaRef: { kinds: ["image"], mimeTypes: youtubeThumbnailTypes, maxBytes: youtubeThumbnailMaxBytes, what: "custom thumbnail" } },
    },
  },
  tiktok: {
    // Capability note: TikTok counts UTF-16 code units (an emoji uses 2 of the 2,200).
    advisoryTextCount: { count: "utf16", maxLength: 2200, how: "TikTok counts UTF-16 code units, so most emoji use 2" },
    // Capability note: photo posts send the text as `description` (4,000).
    photoPostTextMaxLength: 4000,
    title: { photoPostsOnly: true },
    brandedContent: { toggle: "brandContentToggle", privacyOption: "privacyLevel", privateValues: ["SELF_ONLY"] },
    publishInfo: { privacyOption: "privacyLevel", privacyOptionsField: "privacyLevelOptions", maxVideoSecondsField: "maxVideoPostDurationSec" },
    options: {
      // Sheet: privacy_level is required for DIRECT_POST; inbox uploads (MEDIA_UPLOAD) are finished in the app.
      privacyLevel: { notRequiredWhen: { option: "postMode", values: ["MEDIA_UPLOAD"] } },
      disableDuet: { appliesToMedia: "video" },
      disableStitch: { appliesToMedia: "video" },
      videoCoverTimestampMs: { appliesToMedia: "video", min: 0 },
      isAigc: { appliesToMedia: "video" },
      photoCoverIndex: { appliesToMedia: "image", min: 0, indexOfImages: true },
      autoAddMusic: { appliesToMedia: "image" },
    },
  },
  instagram: {
    // Capability note: at most 30 hashtags and 20 @-mentions per caption.
    maxHashtags: 30,
    maxMentions: 20,
    // Option postType: a carousel holds 2-10 items.
    maxMediaItems: 10,
    // Sheet: 4:5 to 1.91:1 is the image rule; reels and story video take 0.01:1 to 10:1.
    aspectRatioAppliesTo: "image",
    altText: { option: "altText" },
    postTypes: {
      option: "postType",
      default: "feed",
      types: {
        feed: {},
        // Option description: one video, 3 s to 15 min.
        reel: { kinds: ["video"], maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 900, aspectRatio: false },
        // Option description: one image or video up to 60 s (sheet: story video 3-60 s).
        story: { maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 60, aspectRatio: false },
      },
    },
    // Which options each kind of post takes: networks/instagram/rules.ts.
    postKinds: instagramRules,
    options: {
      // A place is a Facebook Page: its id is digits (GET /v1/discover/places on an Instagram or Facebook account).
      locationId: { pattern: { regex: /^[0-9]{1,30}$/, meaning: "the numeric id of a place from GET /v1/discover/places on this Instagram account" } },
      collaborators: { maxItems: 3 },
      productTags: { variants: ["facebook_login"] },
      thumbOffset: { min: 0 },
    },
  },
  facebook: {
    destinationOption: "pageId",
    postTypes: {
      option: "postType",
      default: "feed",
      types: {
        // Option description: the feed takes text, a link, photos or one video.
        feed: {},
        // Option description: a story is one photo (video stories are not published yet).
        story: { kinds: ["image"], mediaRequired: true, maxItems: 1 },
      },
    },
    // Which options each kind of post takes: networks/facebook/rules.ts.
    postKinds: facebookRules,
  },
  linkedin: {
    destinationOption: "author",
    // Option author: an organisation URN posts as the organisation; without it the member posts.
    // The adapter also takes a member URN as author (publish.ts): that is a personal profile too.
    destinationAccountKind: { withDestination: "organization", without: "personal", byPrefix: { "urn:li:person:": "personal" } },
    // Capability comment and sheet: 1:2.4 to 2.4:1 is the video rule; images have no ratio bound.
    aspectRatioAppliesTo: "video",
    altText: {},
    // The spec's error table refuses video posts to a personal profile (prof_video_unsupported),
    // and its error codes are the contract. LinkedIn's Videos API itself would take a
    // member-owned video under w_member_social; Chorus keeps the spec's one rule, stated in the
    // error's fix: post the video as an organisation (option author), or post images.
    videoUnsupportedForAccountKinds: ["personal"],
    options: {
      // Option description: CONNECTIONS is for member posts only.
      visibility: { valueAccountKinds: { CONNECTIONS: ["personal"] } },
      // articleTitle is required with articleUrl; an article is the post's content, so no media.
      articleUrl: { requires: ["articleTitle"], textOnly: true },
      articleTitle: { requires: ["articleUrl"] },
      articleDescription: { requires: ["articleUrl"] },
      mediaTitle: { appliesToMedia: "video" },
    },
  },
  pinterest: {
    destinationOption: "boardId",
    // Capability comment: a carousel is 2 to 5 images of identical dimensions.
    sameImageDimensions: true,
    altText: { option: "altText" },
    options: {
      coverImageUrl: { appliesToMedia: "video" },
      coverImageKeyFrameTime: { appliesToMedia: "video", min: 0 },
      altText: { appliesToMedia: "image" },
    },
  },
  threads: {
    // threads.md §2: emoji count as their UTF-8 byte length, and Threads refuses a text over 500 counted so.
    networkTextCount: { count: threadsTextLength, maxLength: threadsTextLimit, how: "Threads counts an emoji as its UTF-8 byte length" },
    // At most 5 links per post [3p].
    maxLinks: 5,
    altText: { option: "altText" },
    // Which options each kind of post takes, and what their values must be: networks/threads/rules.ts.
    postKinds: threadsRules,
    options: {
      // Location search answers numeric ids (Threads "Location Tagging" guide).
      locationId: { pattern: { regex: /^[0-9]{1,30}$/, meaning: "the numeric id of a place from GET /v1/discover/places on this Threads account" } },
    },
  },
  googlebusiness: {
    destinationOption: "location",
    options: {
      // Option descriptions: EVENT and OFFER need eventTitle, eventStart and eventEnd; alertType only with ALERT;
      // callToActionUrl for every type except CALL.
      eventTitle: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      eventStart: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      eventEnd: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      alertType: { allowedWhen: { option: "topicType", values: ["ALERT"] } },
      callToActionUrl: { requiredWhen: { option: "callToActionType", values: ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP"] } },
      offerCouponCode: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
      offerRedeemOnlineUrl: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
      offerTermsConditions: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
    },
  },
};
