/**
 * X returns a post's `text` with `&`, `<` and `>` HTML-escaped (`&amp;`, `&lt;`, `&gt;`), and
 * only those. Every post text the adapter hands on is decoded here, once: `&amp;` last, so a
 * literal `&lt;` someone typed (sent as `&amp;lt;`) stays `&lt;`.
 */
export function postText(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
