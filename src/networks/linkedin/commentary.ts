/**
 * LinkedIn's "little text" format for `commentary`: the characters | { } @ [ ] ( ) < > # \ * _ ~
 * are markup, so plain text escapes them with a backslash; a hashtag is written with the template
 * `{hashtag|\#|tag}` (an escaped `\#tag` shows as plain text, and unescaped markup characters are
 * refused by some API versions). Mentions would need the person's or page's URN, which plain text
 * does not carry, so `@name` stays text.
 */

const RESERVED = /[|{}@[\]()<>#\\*_~]/g;
const HASHTAG = /(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]*[\p{L}][\p{L}\p{N}_]*)/gu;

const escapeReserved = (text: string) => text.replace(RESERVED, (ch) => `\\${ch}`);

export function toLittleText(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const lead = match[1] ?? "";
    const tag = match[2] ?? "";
    const start = (match.index ?? 0) + lead.length;
    out += escapeReserved(text.slice(last, start));
    out += `{hashtag|\\#|${escapeReserved(tag)}}`;
    last = start + 1 + tag.length;
  }
  return out + escapeReserved(text.slice(last));
}
