/**
 * Threads counts a post's text in characters, except that an emoji counts as its UTF-8 byte
 * length (shared/networks/threads.md §2): "👋" is 4, "👍🏽" (with its skin-tone modifier) 8, a
 * family joined by zero-width joiners far more. Everything else counts one per code point.
 * The limit is 500.
 */
export const threadsTextLimit = 500;

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const emoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const utf8 = new TextEncoder();

export function threadsTextLength(text: string): number {
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    length += emoji.test(segment) ? utf8.encode(segment).length : [...segment].length;
  }
  return length;
}
