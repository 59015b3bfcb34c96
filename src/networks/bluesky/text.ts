/**
 * Bluesky limits text in grapheme clusters (what a reader sees as one character: an emoji with
 * modifiers, a letter with combining accents) and, separately, in UTF-8 bytes.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** Whether `text` fits a lexicon string with `maxGraphemes` and `maxLength` (bytes). */
export function fitsLexiconString(text: string, limits: { graphemes: number; bytes: number }): boolean {
  return countGraphemes(text) <= limits.graphemes && utf8Length(text) <= limits.bytes;
}
