import { describe, expect, it } from "vitest";
import { type CheckTargetInput, checkTarget, type Issue, type MediaFacts, type RuleName, ruleNames } from "../../src/domain/publishing/posts/validation/check-target.js";
import { countText, emojiAsBytesLength, findUrls, utf16Length, weightedLength } from "../../src/domain/publishing/posts/validation/text-length.js";
import type { ErrorCode } from "../../src/infra/error-catalogue.js";
import { blueskyCapabilities } from "../../src/networks/bluesky/capabilities.js";
import type { NetworkCapabilities as PlatformCapabilities } from "../../src/networks/capabilities-schema.js";
import { facebookCapabilities } from "../../src/networks/facebook/capabilities.js";
import { googleBusinessCapabilities } from "../../src/networks/googlebusiness/capabilities.js";
import { instagramCapabilities } from "../../src/networks/instagram/capabilities.js";
import { linkedinCapabilities } from "../../src/networks/linkedin/capabilities.js";
import { pinterestCapabilities } from "../../src/networks/pinterest/capabilities.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { threadsCapabilities } from "../../src/networks/threads/capabilities.js";
import { tiktokCapabilities } from "../../src/networks/tiktok/capabilities.js";
import { twitterCapabilities } from "../../src/networks/twitter/capabilities.js";
import { youtubeCapabilities } from "../../src/networks/youtube/capabilities.js";

const capabilities: Record<PlatformId, PlatformCapabilities> = {
  twitter: twitterCapabilities,
  bluesky: blueskyCapabilities,
  youtube: youtubeCapabilities,
  tiktok: tiktokCapabilities,
  instagram: instagramCapabilities,
  facebook: facebookCapabilities,
  linkedin: linkedinCapabilities,
  pinterest: pinterestCapabilities,
  threads: threadsCapabilities,
  googlebusiness: googleBusinessCapabilities,
};

const MB = 1024 * 1024;
const img = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  id: "med_img",
  kind: "image",
  mimeType: "image/jpeg",
  bytes: 200_000,
  width: 1080,
  height: 1350,
  durationSeconds: null,
  alt: "A cat on a mat",
  ...over,
});
const vid = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  id: "med_vid",
  kind: "video",
  mimeType: "video/mp4",
  bytes: 10 * MB,
  width: 1080,
  height: 1920,
  durationSeconds: 30,
  alt: null,
  ...over,
});
const doc = (over: Partial<MediaFacts> = {}): MediaFacts => ({
  id: "med_doc",
  kind: "document",
  mimeType: "application/pdf",
  bytes: 2 * MB,
  width: 0,
  height: 0,
  durationSeconds: null,
  alt: null,
  ...over,
});
/** TikTok photo bounds are 540x960 to 1080x1920. */
const tiktokImg = (over: Partial<MediaFacts> = {}) => img({ width: 1080, height: 1920, ...over });

/** The smallest input each network accepts without an error or a warning. */
const valid: Record<PlatformId, Omit<CheckTargetInput, "platform" | "capabilities">> = {
  twitter: { text: "Hello", media: [], options: {} },
  bluesky: { text: "Hello", media: [], options: {} },
  youtube: { text: "A description", media: [vid()], options: { title: "My video" } },
  tiktok: { text: "Hello", media: [tiktokImg()], options: { privacyLevel: "PUBLIC_TO_EVERYONE" } },
  instagram: { text: "Hello", media: [img()], options: {}, accountVariant: "facebook_login" },
  facebook: { text: "Hello", media: [], options: { pageId: "1234" } },
  linkedin: { text: "Hello", media: [], options: {} },
  pinterest: { text: "Hello", media: [img()], options: { boardId: "5678" } },
  threads: { text: "Hello", media: [], options: {} },
  googlebusiness: { text: "Hello", media: [], options: {} },
};

function check(platform: PlatformId, over: Partial<CheckTargetInput> = {}) {
  return checkTarget({ platform, capabilities: capabilities[platform], ...valid[platform], ...over });
}

const repeat = (s: string, n: number) => s.repeat(n);
const FAMILY = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}"; // 👨‍👩‍👧‍👦, 7 code points, 25 UTF-8 bytes
const E_ACUTE = "e\u0301"; // e + combining acute: 1 grapheme, 2 code points

describe("countText", () => {
  it.each([
    // X weighted (twitter-text v3)
    ["weighted: 280 ASCII", repeat("a", 280), "weighted", 280],
    ["weighted: 281 ASCII", repeat("a", 281), "weighted", 281],
    ["weighted: a URL counts 23 however long", "https://example.com/a/very/long/path/that/goes/on/and/on?with=query", "weighted", 23],
    ["weighted: text around a URL", "Read https://example.com/x now", "weighted", 5 + 23 + 4],
    ["weighted: a bare domain with a common TLD", "see example.com/docs", "weighted", 4 + 23],
    ["weighted: trailing punctuation is not part of the URL", "see https://example.com.", "weighted", 4 + 23 + 1],
    ["weighted: CJK counts 2", "日本語", "weighted", 6],
    ["weighted: emoji counts 2", "😀", "weighted", 2],
    ["weighted: a ZWJ family emoji counts 2 as one emoji", FAMILY, "weighted", 2],
    ["weighted: skin tone and flag are one emoji each", "👍🏽🇺🇸", "weighted", 4],
    ["weighted: keycap", "1\uFE0F\u20E3", "weighted", 2],
    ["weighted: NFC first (e + combining acute is é)", E_ACUTE, "weighted", 1],
    ["weighted: Latin-1 and general punctuation weigh 1", "é—“”", "weighted", 4],
    ["weighted: other scripts above U+10FF weigh 2", "ሀ", "weighted", 2],
    // Bluesky graphemes
    ["graphemes: combining marks join their base", repeat(E_ACUTE, 300), "graphemes", 300],
    ["graphemes: a ZWJ family is one", FAMILY, "graphemes", 1],
    // bytes
    ["bytes: ASCII", "abc", "bytes", 3],
    ["bytes: é is 2, 日 is 3, 😀 is 4", "é日😀", "bytes", 9],
    ["bytes: ZWJ family", FAMILY, "bytes", 25],
    // characters = code points
    ["characters: emoji is one code point", "😀", "characters", 1],
    ["characters: combining mark is its own code point", E_ACUTE, "characters", 2],
  ] as const)("%s", (_name, text, counting, expected) => {
    expect(countText(text, counting)).toBe(expected);
  });

  it("reads X's weighting from the X capabilities file", () => {
    expect(weightedLength("ab", { scale: 100, defaultWeight: 300, transformedUrlLength: 10, emojiParsingEnabled: true, ranges: [{ start: 0x61, end: 0x61, weight: 100 }] })).toBe(4);
    expect(weightedLength("x.com/a", { scale: 1, defaultWeight: 1, transformedUrlLength: 10, emojiParsingEnabled: false, ranges: [] })).toBe(10);
  });

  it("finds URLs the way X links them", () => {
    expect(findUrls("a https://x.com/p b").map((u) => u.url)).toEqual(["https://x.com/p"]);
    expect(findUrls("www.example.co.uk and example.org").map((u) => u.url)).toEqual(["www.example.co.uk", "example.org"]);
    expect(findUrls("(https://en.wikipedia.org/wiki/Foo_(bar)).").map((u) => u.url)).toEqual(["https://en.wikipedia.org/wiki/Foo_(bar)"]);
    // Not URLs: an email address, file names, a bare two-label ccTLD domain without a path.
    expect(findUrls("me@example.com Node.js config.ts example.de")).toEqual([]);
    expect(findUrls("example.de/page").map((u) => u.url)).toEqual(["example.de/page"]);
  });

  it("counts the advisory units: UTF-16 code units and Threads' emoji-as-bytes", () => {
    expect(utf16Length("a😀")).toBe(3);
    expect(emojiAsBytesLength("hi 😀")).toBe(3 + 4);
    expect(emojiAsBytesLength(FAMILY)).toBe(25);
  });
});

describe("checkTarget: minimal valid posts", () => {
  it.each(Object.keys(valid) as PlatformId[])("%s: no errors, no warnings", (platform) => {
    expect(check(platform)).toEqual({ errors: [], warnings: [] });
  });
});

interface Row {
  rule: RuleName;
  code: ErrorCode;
  level: "error" | "warning";
  param: string;
  platform: PlatformId;
  input: Partial<CheckTargetInput>;
  /** Text the message or fix must contain (the count and the limit, where there are some). */
  says?: string[];
}

const tiktokOpts = { privacyLevel: "PUBLIC_TO_EVERYONE" };
const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");

// biome-ignore format: one case per line, so the table reads (and diffs) as a table
const rows: Record<string, Row> = {
  // ---- media kind and count
  "media required (TikTok, text alone)": { rule: "media.required", code: "media_required", level: "error", param: "media", platform: "tiktok", input: { media: [] } },
  "media required (YouTube needs the video file)": { rule: "media.required", code: "media_required", level: "error", param: "media", platform: "youtube", input: { media: [] } },
  "media required by post type (Facebook story)": { rule: "media.required", code: "media_required", level: "error", param: "media", platform: "facebook", input: { options: { pageId: "1", postType: "story" } } },
  "media param names the override": { rule: "media.required", code: "media_required", level: "error", param: "mediaOverrides.instagram", platform: "instagram", input: { media: [], mediaParam: "mediaOverrides.instagram" } },
  "video only (YouTube with an image)": { rule: "media.videoOnly", code: "video_required", level: "error", param: "media", platform: "youtube", input: { media: [img()] } },
  "post type takes no images (Instagram reel)": { rule: "media.postTypeKinds", code: "image_not_supported", level: "error", param: "media", platform: "instagram", input: { options: { postType: "reel" } } },
  "post type takes no images (Facebook reel)": { rule: "media.postTypeKinds", code: "image_not_supported", level: "error", param: "media", platform: "facebook", input: { media: [img()], options: { pageId: "1", postType: "reel" } } },
  "network takes no video (Google Business)": { rule: "media.kindNotAccepted", code: "video_not_supported", level: "error", param: "media", platform: "googlebusiness", input: { media: [vid()] } },
  "network takes no images (maxImages 0)": {
    rule: "media.kindNotAccepted",
    code: "image_not_supported",
    level: "error",
    param: "media",
    platform: "linkedin",
    input: { media: [img()], capabilities: { ...linkedinCapabilities, media: { ...linkedinCapabilities.media, maxImages: 0 } } },
  },
  "no mixing images and video (X)": { rule: "media.mixed", code: "video_not_supported", level: "error", param: "media", platform: "twitter", input: { media: [img(), vid()] } },
  "too many images (X: 4)": { rule: "media.count", code: "field_invalid", level: "error", param: "media", platform: "twitter", input: { media: [img(), img(), img(), img(), img()] }, says: ["at most 4 images", "has 5"] },
  "too many videos (X: 1)": { rule: "media.count", code: "field_invalid", level: "error", param: "media", platform: "twitter", input: { media: [vid(), vid()] } },
  "too many carousel items (Instagram: 10)": { rule: "media.count", code: "field_invalid", level: "error", param: "media", platform: "instagram", input: { media: [...Array(6).fill(img()), ...Array(5).fill(vid())] }, says: ["10"] },
  "one item per story (Instagram)": { rule: "media.count", code: "field_invalid", level: "error", param: "media", platform: "instagram", input: { media: [img(), img()], options: { postType: "story" } } },
  // The spec's error table: video posts to a personal profile are not accepted (LinkedIn's real rules).
  "LinkedIn video to the member's personal profile (no author)": {
    rule: "media.accountKindVideo",
    code: "prof_video_unsupported",
    level: "error",
    param: "media",
    platform: "linkedin",
    input: { media: [vid({ width: 1920, height: 1080 })] },
    says: ["media[0] (med_vid)", "personal LinkedIn profile", "organisation"],
  },
  "LinkedIn video with a member URN as author": {
    rule: "media.accountKindVideo",
    code: "prof_video_unsupported",
    level: "error",
    param: "mediaOverrides.linkedin",
    platform: "linkedin",
    input: { media: [vid({ width: 1920, height: 1080 })], mediaParam: "mediaOverrides.linkedin", options: { author: "urn:li:person:abc123" } },
  },

  // ---- per file
  "PNG on TikTok": { rule: "media.format", code: "media_type_unsupported", level: "error", param: "media", platform: "tiktok", input: { media: [tiktokImg({ mimeType: "image/png" })] }, says: ["PNG", "JPEG, WebP"] },
  "PNG on Instagram (JPEG only)": { rule: "media.format", code: "media_type_unsupported", level: "error", param: "media", platform: "instagram", input: { media: [img({ mimeType: "image/png" })] } },
  "MKV on YouTube": { rule: "media.format", code: "media_type_unsupported", level: "error", param: "media", platform: "youtube", input: { media: [vid({ mimeType: "video/x-matroska" })] } },
  "Bluesky image over 1,000,000 bytes": { rule: "media.bytes", code: "media_too_large", level: "error", param: "media", platform: "bluesky", input: { media: [img({ bytes: 1_000_001 })] }, says: ["1,000,001 bytes", "1,000,000 bytes"] },
  "X video over 512 MB": { rule: "media.bytes", code: "media_too_large", level: "error", param: "media", platform: "twitter", input: { media: [vid({ bytes: 513 * MB })] }, says: ["512 MB"] },
  "TikTok image above 1080x1920": { rule: "media.maxDimensions", code: "image_too_large", level: "error", param: "media", platform: "tiktok", input: { media: [tiktokImg({ width: 1440, height: 2560 })] }, says: ["1440x2560", "1080x1920"] },
  "TikTok image below 540x960": { rule: "media.minDimensions", code: "image_too_small", level: "error", param: "media", platform: "tiktok", input: { media: [tiktokImg({ width: 500, height: 900 })] }, says: ["540x960"] },
  "Google Business image below 400x300": { rule: "media.minDimensions", code: "image_too_small", level: "error", param: "media", platform: "googlebusiness", input: { media: [img({ width: 300, height: 200 })] } },
  "Instagram image taller than 4:5": { rule: "media.aspectRatio", code: "aspect_ratio_unsupported", level: "error", param: "media", platform: "instagram", input: { media: [img({ width: 1080, height: 1440 })] }, says: ["1080x1440 (3:4)", "between 4:5 and 1.91:1"] },
  "Instagram image wider than 1.91:1": { rule: "media.aspectRatio", code: "aspect_ratio_unsupported", level: "error", param: "media", platform: "instagram", input: { media: [img({ width: 1080, height: 500 })] } },
  "LinkedIn video wider than 2.4:1": { rule: "media.aspectRatio", code: "aspect_ratio_unsupported", level: "error", param: "media", platform: "linkedin", input: { media: [vid({ width: 3000, height: 1000 })], options: { author: "urn:li:organization:1" } } },
  "Instagram reel shorter than 3 s": { rule: "media.duration", code: "field_invalid", level: "error", param: "media", platform: "instagram", input: { media: [vid({ durationSeconds: 2 })], options: { postType: "reel" } }, says: ["2 s", "3 s"] },
  "Instagram story video over 60 s": { rule: "media.duration", code: "field_invalid", level: "error", param: "media", platform: "instagram", input: { media: [vid({ durationSeconds: 61 })], options: { postType: "story" } } },
  "X video over 140 s": { rule: "media.duration", code: "field_invalid", level: "error", param: "media", platform: "twitter", input: { media: [vid({ durationSeconds: 141 })] }, says: ["140 s"] },
  "TikTok video over the creator's cap": {
    rule: "publishInfo.maxVideoSeconds",
    code: "field_invalid",
    level: "error",
    param: "media",
    platform: "tiktok",
    input: { media: [vid({ durationSeconds: 200 })], publishInfo: { privacyLevelOptions: ["PUBLIC_TO_EVERYONE"], maxVideoPostDurationSec: 180 } },
    says: ["180 s"],
  },
  "Bluesky image without alt text": { rule: "media.altText", code: "alt_text_missing", level: "warning", param: "mediaAlt", platform: "bluesky", input: { media: [img({ alt: null })] } },
  "X document": { rule: "media.document", code: "media_type_unsupported", level: "error", param: "media", platform: "twitter", input: { media: [doc()] }, says: ["takes no documents", "PDF"] },
  "LinkedIn document without title": { rule: "media.document", code: "option_invalid", level: "error", param: "platformOptions.linkedin.mediaTitle", platform: "linkedin", input: { media: [doc()] } },
  "LinkedIn document beside an image": { rule: "media.document", code: "field_invalid", level: "error", param: "media", platform: "linkedin", input: { media: [doc(), img()], options: { mediaTitle: "Report" } }, says: ["one document alone"] },
  "LinkedIn document over 100 MB": { rule: "media.document", code: "media_too_large", level: "error", param: "media", platform: "linkedin", input: { media: [doc({ bytes: 100 * MB + 1 })], options: { mediaTitle: "Report" } }, says: ["100 MB"] },
  "YouTube Short wider than square": { rule: "media.aspectRatio", code: "aspect_ratio_unsupported", level: "error", param: "media", platform: "youtube", input: { media: [vid({ width: 1920, height: 1080 })], options: { title: "Harbour", postType: "short" } }, says: ["1920x1080", "1:1"] },
  "YouTube Short over 3 minutes": { rule: "media.duration", code: "field_invalid", level: "error", param: "media", platform: "youtube", input: { media: [vid({ durationSeconds: 181 })], options: { title: "Harbour", postType: "short" } }, says: ["181 s", "180 s"] },
  "Pinterest carousel of different sizes": { rule: "media.sameDimensions", code: "field_invalid", level: "warning", param: "media", platform: "pinterest", input: { media: [img(), img({ width: 1000, height: 1500 })] } },

  // ---- text
  "X: 281 weighted characters": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "twitter", input: { text: repeat("a", 281) }, says: ["281", "280"] },
  "X: 141 CJK characters (282)": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "twitter", input: { text: repeat("日", 141) }, says: ["282"] },
  "X: 141 emoji (282)": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "twitter", input: { text: repeat(FAMILY, 141) }, says: ["282"] },
  "text param names the override": { rule: "text.length", code: "text_too_long", level: "error", param: "textOverrides.twitter", platform: "twitter", input: { text: repeat("a", 281), textParam: "textOverrides.twitter" } },
  "Bluesky: 301 graphemes": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "bluesky", input: { text: repeat(E_ACUTE, 301) }, says: ["301", "300"] },
  "Bluesky: 300 graphemes but over 3,000 bytes": { rule: "text.extraLimits", code: "text_too_long", level: "error", param: "text", platform: "bluesky", input: { text: repeat(FAMILY, 300) }, says: ["7500", "3000"] },
  "Threads: 501 characters": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "threads", input: { text: repeat("a", 501) } },
  "TikTok video caption over 2,200": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "tiktok", input: { text: repeat("a", 2201), media: [vid()] } },
  "TikTok photo description over 4,000": { rule: "text.length", code: "text_too_long", level: "error", param: "text", platform: "tiktok", input: { text: repeat("a", 4001) }, says: ["4001", "photo posts allow 4000"] },
  "YouTube description over 5,000 bytes": { rule: "text.length", code: "text_invalid", level: "error", param: "text", platform: "youtube", input: { text: repeat("é", 2501) }, says: ["5002", "5000"] },
  "YouTube description with < or >": { rule: "text.forbiddenChars", code: "text_invalid", level: "error", param: "text", platform: "youtube", input: { text: "1 < 2" } },
  "TikTok: fine in code points, over in UTF-16": { rule: "text.advisoryCount", code: "text_too_long", level: "warning", param: "text", platform: "tiktok", input: { text: repeat("a", 2150) + repeat("😀", 40), media: [vid()] }, says: ["2230"] },
  "Threads: fine in characters, over with emoji as bytes (refused, as publishing refuses it)": { rule: "text.networkCount", code: "text_too_long", level: "error", param: "text", platform: "threads", input: { text: repeat("a", 490) + repeat("😀", 3) }, says: ["502"] },
  "Instagram: 31 hashtags": { rule: "text.hashtags", code: "field_invalid", level: "warning", param: "text", platform: "instagram", input: { text: tags(31) }, says: ["31 hashtags", "30"] },
  "Instagram: 21 mentions": { rule: "text.mentions", code: "field_invalid", level: "warning", param: "text", platform: "instagram", input: { text: Array.from({ length: 21 }, (_, i) => `@user${i}`).join(" ") } },
  "Threads: 6 links": { rule: "text.links", code: "field_invalid", level: "warning", param: "text", platform: "threads", input: { text: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`).join(" ") } },
  "X: two cashtags": { rule: "text.cashtags", code: "field_invalid", level: "warning", param: "text", platform: "twitter", input: { text: "$AAPL and $TSLA" } },

  // ---- options from the capability record
  "unknown option": { rule: "option.unknown", code: "option_invalid", level: "error", param: "platformOptions.twitter.colour", platform: "twitter", input: { options: { colour: "red" } } },
  "wrong type": { rule: "option.type", code: "option_invalid", level: "error", param: "platformOptions.twitter.madeWithAi", platform: "twitter", input: { options: { madeWithAi: "yes" } } },
  "integer option given a fraction": { rule: "option.type", code: "option_invalid", level: "error", param: "platformOptions.instagram.thumbOffset", platform: "instagram", input: { options: { postType: "reel", thumbOffset: 1.5 }, media: [vid()] } },
  "value not in values": { rule: "option.value", code: "option_invalid", level: "error", param: "platformOptions.twitter.replySettings", platform: "twitter", input: { options: { replySettings: "everyone" } }, says: ["following, mentionedUsers"] },
  "trial reel with a graduation strategy Instagram does not have": { rule: "option.value", code: "option_invalid", level: "error", param: "platformOptions.instagram.trialParams", platform: "instagram", input: { options: { postType: "reel", trialParams: { graduation_strategy: "AUTO" } }, media: [vid()] }, says: ["MANUAL, SS_PERFORMANCE"] },
  "trial reel without its graduation strategy": { rule: "option.value", code: "option_invalid", level: "error", param: "platformOptions.instagram.trialParams", platform: "instagram", input: { options: { postType: "reel", trialParams: { strategy: "MANUAL" } }, media: [vid()] }, says: ["`graduation_strategy` is missing", "`strategy` is not one of its fields"] },
  "array item not in values": { rule: "option.value", code: "option_invalid", level: "error", param: "platformOptions.bluesky.contentLabels", platform: "bluesky", input: { options: { contentLabels: ["nudity", "nsfw"] } } },
  "over maxLength": { rule: "option.maxLength", code: "option_invalid", level: "error", param: "platformOptions.threads.topicTag", platform: "threads", input: { options: { topicTag: repeat("a", 51) } }, says: ["51", "50"] },
  "required option missing (TikTok privacyLevel)": { rule: "option.required", code: "option_invalid", level: "error", param: "platformOptions.tiktok.privacyLevel", platform: "tiktok", input: { options: {} } },
  "required destination missing (Facebook pageId)": { rule: "option.required", code: "option_invalid", level: "error", param: "platformOptions.facebook.pageId", platform: "facebook", input: { options: {} } },

  // ---- option rules from the networks' rules.ts
  "poll with 5 choices": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.twitter.pollOptions", platform: "twitter", input: { options: { pollOptions: ["a", "b", "c", "d", "e"], pollDurationMinutes: 60 } } },
  "poll duration under 5 minutes": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.twitter.pollDurationMinutes", platform: "twitter", input: { options: { pollOptions: ["a", "b"], pollDurationMinutes: 4 } } },
  "Bluesky: 4 languages": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.bluesky.langs", platform: "bluesky", input: { options: { langs: ["en", "de", "fr", "es"] } } },
  "Bluesky: tag over 64 graphemes": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.bluesky.tags", platform: "bluesky", input: { options: { tags: [repeat("a", 65)] } } },
  "Threads: topic tag with '.'": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.threads.topicTag", platform: "threads", input: { options: { topicTag: "a.b" } } },
  "TikTok: cover index beyond the images": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.tiktok.photoCoverIndex", platform: "tiktok", input: { options: { ...tiktokOpts, photoCoverIndex: 2 }, media: [tiktokImg(), tiktokImg()] } },
  "poll without duration": { rule: "option.requires", code: "option_invalid", level: "error", param: "platformOptions.twitter.pollDurationMinutes", platform: "twitter", input: { options: { pollOptions: ["a", "b"] } } },
  "LinkedIn article without title": { rule: "option.requires", code: "option_invalid", level: "error", param: "platformOptions.linkedin.articleTitle", platform: "linkedin", input: { options: { articleUrl: "https://example.com" } } },
  "X card with a poll": { rule: "option.excludes", code: "option_invalid", level: "error", param: "platformOptions.twitter.cardUri", platform: "twitter", input: { options: { cardUri: "card://1", pollOptions: ["a", "b"], pollDurationMinutes: 60 } } },
  "Google Business event without title": { rule: "option.requiredWhen", code: "option_invalid", level: "error", param: "platformOptions.googlebusiness.eventTitle", platform: "googlebusiness", input: { options: { topicType: "EVENT", eventStart: "2030-01-01T10:00:00Z", eventEnd: "2030-01-01T12:00:00Z" } } },
  "Google Business alert type without ALERT": { rule: "option.allowedWhen", code: "option_invalid", level: "error", param: "platformOptions.googlebusiness.alertType", platform: "googlebusiness", input: { options: { alertType: "COVID_19" } } },
  "X poll with media": { rule: "option.textOnly", code: "option_invalid", level: "error", param: "platformOptions.twitter.pollOptions", platform: "twitter", input: { options: { pollOptions: ["a", "b"], pollDurationMinutes: 60 }, media: [img()] } },
  "Facebook link with a photo": { rule: "option.postKind", code: "option_invalid", level: "error", param: "platformOptions.facebook.link", platform: "facebook", input: { options: { pageId: "1", link: "https://example.com" }, media: [img()] } },
  "Instagram product tags through Instagram login": { rule: "option.variant", code: "photo_page_door_required", level: "error", param: "platformOptions.instagram.productTags", platform: "instagram", input: { options: { productTags: [] }, accountVariant: "instagram_login" } },
  "LinkedIn CONNECTIONS as an organisation": { rule: "option.accountKindValue", code: "option_invalid", level: "error", param: "platformOptions.linkedin.visibility", platform: "linkedin", input: { options: { visibility: "CONNECTIONS", author: "urn:li:organization:1" } } },
  "TikTok duet switch on a photo post": { rule: "option.appliesTo", code: "option_invalid", level: "warning", param: "platformOptions.tiktok.disableDuet", platform: "tiktok", input: { options: { ...tiktokOpts, disableDuet: true } } },
  "Instagram share-to-feed on an image (refused, as publishing refuses it)": { rule: "option.postKind", code: "option_invalid", level: "error", param: "platformOptions.instagram.shareToFeed", platform: "instagram", input: { options: { shareToFeed: true } } },
  "Facebook video title on a photo (left out)": { rule: "option.postKind", code: "option_invalid", level: "warning", param: "platformOptions.facebook.title", platform: "facebook", input: { options: { pageId: "1", title: "Harbour" }, media: [img()] } },
  "Threads link attachment that is not a URL": { rule: "option.constraints", code: "option_invalid", level: "error", param: "platformOptions.threads.linkAttachment", platform: "threads", input: { options: { linkAttachment: "not a url" } } },

  // ---- title
  "YouTube without title": { rule: "title.required", code: "title_invalid", level: "error", param: "platformOptions.youtube.title", platform: "youtube", input: { options: {} } },
  "YouTube blank title": { rule: "title.required", code: "title_invalid", level: "error", param: "platformOptions.youtube.title", platform: "youtube", input: { options: { title: "   " } } },
  "YouTube title with < or >": { rule: "title.forbiddenChars", code: "title_invalid", level: "error", param: "platformOptions.youtube.title", platform: "youtube", input: { options: { title: "Best <video>" } } },
  "YouTube title over 100": { rule: "title.length", code: "title_too_long", level: "error", param: "platformOptions.youtube.title", platform: "youtube", input: { options: { title: repeat("a", 101) } } },
  "TikTok photo title over 90": { rule: "title.length", code: "title_too_long", level: "error", param: "platformOptions.tiktok.title", platform: "tiktok", input: { options: { ...tiktokOpts, title: repeat("a", 91) } }, says: ["91", "90"] },
  "TikTok photo title given apart from the options": { rule: "title.length", code: "title_too_long", level: "error", param: "platformOptions.tiktok.title", platform: "tiktok", input: { title: repeat("a", 91) } },
  "Pinterest title over 100": { rule: "title.length", code: "title_too_long", level: "error", param: "platformOptions.pinterest.title", platform: "pinterest", input: { options: { boardId: "1", title: repeat("a", 101) } } },
  "TikTok title on a video post": { rule: "title.photoOnly", code: "option_invalid", level: "warning", param: "platformOptions.tiktok.title", platform: "tiktok", input: { options: { ...tiktokOpts, title: "Hi" }, media: [vid()] } },

  // ---- network combinations
  "TikTok paid partnership set to SELF_ONLY": {
    rule: "brandedContent.private",
    code: "branded_content_private",
    level: "error",
    param: "platformOptions.tiktok.privacyLevel",
    platform: "tiktok",
    input: { options: { privacyLevel: "SELF_ONLY", brandContentToggle: true } },
    says: ["PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR"],
  },
  "TikTok privacy level the account does not offer": {
    rule: "publishInfo.privacyLevel",
    code: "clip_privacy_level",
    level: "error",
    param: "platformOptions.tiktok.privacyLevel",
    platform: "tiktok",
    input: { publishInfo: { privacyLevelOptions: ["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"] } },
  },
};

describe("checkTarget: one row per rule and code", () => {
  it.each(Object.entries(rows))("%s", (_name, row) => {
    const result = check(row.platform, row.input);
    const list: Issue[] = row.level === "error" ? result.errors : result.warnings;
    const issue = list.find((i) => i.rule === row.rule && i.code === row.code);
    expect(issue, JSON.stringify(result, null, 2)).toBeDefined();
    expect(issue?.param).toBe(row.param);
    expect(issue?.fix.length).toBeGreaterThan(0);
    for (const text of row.says ?? []) expect(`${issue?.message} ${issue?.fix}`).toContain(text);
    if (row.level === "warning") expect(result.errors).toEqual([]);
  });

  it("covers every rule and every pre-publish code", () => {
    const used = Object.values(rows);
    const rulesSeen = new Set(used.map((r) => r.rule));
    expect(ruleNames.filter((name) => !rulesSeen.has(name))).toEqual([]);
    const codes: ErrorCode[] = [
      "media_required",
      "video_required",
      "video_not_supported",
      "image_not_supported",
      "media_type_unsupported",
      "image_too_large",
      "image_too_small",
      "aspect_ratio_unsupported",
      "text_too_long",
      "title_too_long",
      "option_invalid",
      "text_invalid",
      "title_invalid",
      "branded_content_private",
      "clip_privacy_level",
      "prof_video_unsupported",
      "media_too_large",
      "photo_page_door_required",
    ];
    const codesSeen = new Set(used.map((r) => r.code));
    expect(codes.filter((code) => !codesSeen.has(code))).toEqual([]);
  });
});

describe("checkTarget: limits are inclusive, and what does not fire", () => {
  it.each<[string, PlatformId, Partial<CheckTargetInput>]>([
    ["X: 280 ASCII", "twitter", { text: repeat("a", 280) }],
    ["X: 140 CJK", "twitter", { text: repeat("日", 140) }],
    ["X: 140 family emoji", "twitter", { text: repeat(FAMILY, 140) }],
    ["X: a long URL counts 23", "twitter", { text: `${repeat("a", 256)} https://example.com/${repeat("p", 300)}` }],
    ["Bluesky: 300 graphemes of 2 code points", "bluesky", { text: repeat(E_ACUTE, 300) }],
    ["Bluesky: image of exactly 1,000,000 bytes", "bluesky", { media: [img({ bytes: 1_000_000 })] }],
    ["YouTube: 5,000 bytes", "youtube", { text: repeat("é", 2500) }],
    ["YouTube: 100-character title", "youtube", { options: { title: repeat("a", 100) } }],
    ["TikTok: photo description of 4,000", "tiktok", { text: repeat("a", 4000) }],
    ["TikTok: 90-character photo title", "tiktok", { options: { ...tiktokOpts, title: repeat("a", 90) } }],
    ["TikTok: 540x960 image", "tiktok", { media: [tiktokImg({ width: 540, height: 960 })] }],
    ["TikTok: WebP", "tiktok", { media: [tiktokImg({ mimeType: "image/webp" })] }],
    ["TikTok: inbox upload needs no privacy level", "tiktok", { options: { postMode: "MEDIA_UPLOAD" }, media: [vid()] }],
    ["TikTok: offered privacy level", "tiktok", { publishInfo: { privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "SELF_ONLY"], maxVideoPostDurationSec: 600 } }],
    ["TikTok: paid partnership in public", "tiktok", { options: { ...tiktokOpts, brandContentToggle: true } }],
    ["Instagram: exactly 4:5", "instagram", { media: [img({ width: 1080, height: 1350 })] }],
    ["Instagram: 1.91:1 rounded to a pixel", "instagram", { media: [img({ width: 1080, height: 566 })] }],
    ["Instagram: a 9:16 reel (ratio bounds are for images)", "instagram", { media: [vid()], options: { postType: "reel" } }],
    ["Instagram: 30 hashtags", "instagram", { text: tags(30) }],
    ["Instagram: alt text from the option", "instagram", { media: [img({ alt: null })], options: { altText: "A cat" } }],
    ["Instagram: carousel of 10 mixed items", "instagram", { media: [...Array(5).fill(img()), ...Array(5).fill(vid())] }],
    ["LinkedIn: wide image (ratio bounds are for video)", "linkedin", { media: [img({ width: 3000, height: 1000 })] }],
    ["LinkedIn: video as an organisation (author option)", "linkedin", { media: [vid({ width: 1920, height: 1080 })], options: { author: "urn:li:organization:1" } }],
    ["LinkedIn: video as an organisation (destination given apart from the options)", "linkedin", { media: [vid({ width: 1920, height: 1080 })], destination: "urn:li:organization:1" }],
    ["LinkedIn: images on the member's personal profile", "linkedin", { media: [img(), img()] }],
    ["LinkedIn: CONNECTIONS as the member", "linkedin", { options: { visibility: "CONNECTIONS" } }],
    ["LinkedIn: CONNECTIONS with a member URN as author", "linkedin", { options: { visibility: "CONNECTIONS", author: "urn:li:person:abc123" } }],
    ["Facebook: destination given apart from the options", "facebook", { options: {}, destination: "1234" }],
    ["Google Business: event with its fields", "googlebusiness", { options: { topicType: "EVENT", eventTitle: "Launch", eventStart: "2030-01-01T10:00:00Z", eventEnd: "2030-01-01T12:00:00Z" } }],
    ["Threads: 5 links", "threads", { text: Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`).join(" ") }],
    ["null options count as not set", "twitter", { options: { replySettings: null } }],
  ])("%s", (_name, platform, input) => {
    expect(check(platform, input)).toEqual({ errors: [], warnings: [] });
  });

  it("refuses a kind once, and skips per-file checks on it", () => {
    const result = check("youtube", { media: [img({ mimeType: "image/png", bytes: 999 * MB })] });
    expect(result.errors.map((e) => e.code)).toEqual(["video_required"]);
  });

  it("reports every file at fault with its index", () => {
    const result = check("tiktok", { media: [tiktokImg(), tiktokImg({ mimeType: "image/png", id: "med_b" }), tiktokImg({ width: 2000, height: 4000, id: "med_c" })] });
    expect(result.errors.map((e) => [e.code, e.message.split(" ")[0]])).toEqual([
      ["media_type_unsupported", "media[1]"],
      ["image_too_large", "media[2]"],
    ]);
  });
});
