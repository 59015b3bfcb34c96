/**
 * Text no store keeps as sent: a NUL (U+0000) is refused by Postgres in text and jsonb alike, and
 * an unpaired UTF-16 surrogate (`\ud800` in JSON) is not text at all: jsonb refuses it and UTF-8
 * encoders silently turn it into U+FFFD, so keeping it would either fail or change the value.
 */
const NUL = "\u0000";
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasInvalidCharacters(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}
