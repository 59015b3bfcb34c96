import type { PlatformCapabilities } from "../../../../networks/capabilities-schema.js";
import { twitterTextCounting } from "../../../../networks/twitter/capabilities.js";
import { COUNTRY_TLDS, GENERIC_TLDS } from "./tlds.js";

/**
 * Text length the way each network counts it. Pure functions: no I/O, no globals beyond
 * `Intl.Segmenter` (Node 20 and workerd both have it).
 */

export type TextCounting = PlatformCapabilities["text"]["counting"];

/** X's weighting data, in the shape of twitter-text's config (read from the X capabilities file). */
export interface WeightedCountingConfig {
  scale: number;
  defaultWeight: number;
  transformedUrlLength: number;
  emojiParsingEnabled: boolean;
  ranges: readonly { start: number; end: number; weight: number }[];
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Length of `text` in the unit `counting` names (see the capability schema). */
export function countText(text: string, counting: TextCounting): number {
  switch (counting) {
    case "characters":
      return codePointLength(text);
    case "graphemes":
      return graphemeLength(text);
    case "bytes":
      return utf8Length(text);
    case "weighted":
      return weightedLength(text);
  }
}

/** Unicode code points (a lone surrogate counts as one). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Extended grapheme clusters, what a reader sees as one character (Bluesky's unit). */
export function graphemeLength(text: string): number {
  let n = 0;
  for (const _ of graphemeSegmenter.segment(text)) n++;
  return n;
}

/** UTF-8 bytes; a lone surrogate is encoded as U+FFFD (3 bytes), as TextEncoder does. */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** UTF-16 code units (JavaScript's `length`; TikTok's unit: an astral emoji is 2). */
export function utf16Length(text: string): number {
  return text.length;
}

/**
 * An emoji as one unit: a grapheme that holds a pictographic character shown as emoji (emoji
 * presentation, a variation selector 16 or a skin-tone modifier, or a ZWJ sequence of those), a
 * flag (regional-indicator pair) or a keycap. Text-presentation symbols without VS16 (©, ™) are
 * not emoji here, as in twitter-text.
 */
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const EMOJI_MARKER = /\p{Emoji_Presentation}|\uFE0F|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20E3/u;

export function isEmojiGrapheme(grapheme: string): boolean {
  return PICTOGRAPHIC.test(grapheme) && EMOJI_MARKER.test(grapheme);
}

/**
 * Threads counts an emoji as its UTF-8 byte length and everything else as one character per code
 * point (capability note). Used only for an advisory warning: the capability record says
 * `characters`, and the counting enum has no unit for this.
 */
export function emojiAsBytesLength(text: string): number {
  let n = 0;
  for (const { segment } of graphemeSegmenter.segment(text)) {
    n += isEmojiGrapheme(segment) ? utf8Length(segment) : codePointLength(segment);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// URLs, as X (and link counting) sees them

const TLDS = [...GENERIC_TLDS, ...COUNTRY_TLDS].sort((a, b) => b.length - a.length).join("|");

const URL_PATTERN = new RegExp(
  [
    // With a scheme: everything up to whitespace or a character URLs never hold unescaped.
    String.raw`\bhttps?:\/\/[^\s<>"]+`,
    // Without a scheme: a dotted domain ending in a known TLD, not inside a word, an email or a path.
    String.raw`(?<![\p{L}\p{N}@$#_.\-\/])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${TLDS})(?![\p{L}\p{N}_\-])(?::\d{1,5})?(?:[\/?#][^\s<>"]*)?`,
  ].join("|"),
  "giu",
);
const TRAILING_PUNCTUATION = /[.,:;!?'"…]+$/u;
const SHORT_COUNTRY_DOMAIN = new RegExp(String.raw`^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.(?:${COUNTRY_TLDS.join("|")})$`, "i");

export interface FoundUrl {
  url: string;
  /** UTF-16 offsets into the searched text, end exclusive. */
  start: number;
  end: number;
}

/** Trims what ends a sentence rather than a URL, and a closing bracket the URL did not open. */
function trimUrl(url: string): string {
  let out = url;
  for (;;) {
    const before = out;
    out = out.replace(TRAILING_PUNCTUATION, "");
    for (const [open, close] of [
      ["(", ")"],
      ["[", "]"],
    ] as const) {
      if (out.endsWith(close) && out.split(open).length < out.split(close).length) out = out.slice(0, -1);
    }
    if (out === before) return out;
  }
}

/** URLs in `text`: `http(s)://…` and bare domains with a common TLD (`example.com/path`). */
export function findUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    const start = match.index ?? 0;
    if (!/^https?:\/\//i.test(url) && SHORT_COUNTRY_DOMAIN.test(url)) continue;
    if (url.length === 0) continue;
    found.push({ url, start, end: start + url.length });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// X's weighted length (twitter-text v3)

function codePointWeight(cp: number, config: WeightedCountingConfig): number {
  for (const range of config.ranges) {
    if (cp >= range.start && cp <= range.end) return range.weight;
  }
  return config.defaultWeight;
}

function weighSpan(span: string, config: WeightedCountingConfig): number {
  let total = 0;
  for (const { segment } of graphemeSegmenter.segment(span)) {
    if (config.emojiParsingEnabled && isEmojiGrapheme(segment)) {
      total += config.defaultWeight;
      continue;
    }
    for (const ch of segment) total += codePointWeight(ch.codePointAt(0) ?? 0, config);
  }
  return total;
}

/**
 * X's count: the text is NFC-normalised; every URL counts `transformedUrlLength` (23); an emoji
 * (a whole ZWJ sequence, flag, keycap or skin-toned emoji) counts the default weight (2); every
 * other code point weighs what its range says (Latin and common punctuation 1) or the default
 * (2: CJK, other scripts above U+10FF, astral characters).
 */
export function weightedLength(text: string, config: WeightedCountingConfig = twitterTextCounting): number {
  const normalized = text.normalize("NFC");
  let total = 0;
  let position = 0;
  for (const url of findUrls(normalized)) {
    total += weighSpan(normalized.slice(position, url.start), config);
    total += config.transformedUrlLength * config.scale;
    position = url.end;
  }
  total += weighSpan(normalized.slice(position), config);
  return total / config.scale;
}

// ---------------------------------------------------------------------------------------------
// Entities counted for advisory warnings

const HASHTAG = /(?<![\p{L}\p{N}_&#＃])[#＃][\p{L}\p{M}\p{N}_]*[\p{L}\p{M}_][\p{L}\p{M}\p{N}_]*/gu;
const MENTION = /(?<![\p{L}\p{N}_@＠.])[@＠][A-Za-z0-9_.]+/gu;
const CASHTAG = /(?<![\p{L}\p{N}_$])\$[A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?(?![\p{L}\p{N}_])/gu;

export function countHashtags(text: string): number {
  return [...text.matchAll(HASHTAG)].length;
}

export function countMentions(text: string): number {
  return [...text.matchAll(MENTION)].length;
}

export function countCashtags(text: string): number {
  return [...text.matchAll(CASHTAG)].length;
}
