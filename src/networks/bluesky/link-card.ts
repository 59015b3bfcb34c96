import type { NetworkContext } from "../types.js";
import { BLUESKY_POST_LIMITS } from "./capabilities.js";

/**
 * The link card (`app.bsky.embed.external`) under a post with a link and no media. Neither the
 * PDS nor the AppView fetches the page: the client reads its OpenGraph tags and uploads the
 * thumbnail itself, as the Bluesky app does. A card is a nicety, so every failure on the page's
 * side (unreachable, no title, thumbnail too large or not an image) gives a post without a card,
 * never a failed post; only the PDS refusing the thumbnail upload stops the publish, because it
 * would refuse the post too.
 *
 * The page address comes from the post text, so it is fetched as untrusted input, through the
 * outbound guard (`net.fetchUserUrl`): https only, no private or local address at any of at most
 * three redirects, a 5-second timeout and a size cap.
 */

export interface BlobRef {
  $type: "blob";
  ref: { $link: string };
  mimeType: string;
  size: number;
}

export interface ExternalEmbed {
  $type: "app.bsky.embed.external";
  external: { uri: string; title: string; description: string; thumb?: BlobRef };
}

const PAGE_LIMIT_BYTES = 512 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1_000;

function fetchableUrl(raw: string, base?: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const ipLiteral = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
  const local = host === "localhost" || !host.includes(".") || /\.(localhost|local|internal|home|lan)$/.test(host);
  return ipLiteral || local || url.username || url.password ? null : url;
}

/**
 * GET through the outbound guard (every hop checked, https only, time and size caps); null when
 * anything is off, since a card is optional. Pages are cut at the cap (the tags are in the head);
 * a thumbnail over the cap is skipped.
 */
async function fetchChecked(net: NetworkContext, url: URL, accept: string, maxBytes: number, truncate: boolean): Promise<{ headers: Headers; body: Uint8Array } | null> {
  if (!net.fetchUserUrl) return null;
  try {
    const answer = await net.fetchUserUrl(url.toString(), {
      method: "GET",
      headers: { accept, "user-agent": "Chorus link preview (+https://github.com/chorus-social)" },
      timeoutMs: FETCH_TIMEOUT_MS,
      maxRedirects: MAX_REDIRECTS,
      maxBytes,
      truncate,
    });
    return answer.status >= 200 && answer.status < 300 && answer.body.byteLength > 0 ? answer : null;
  } catch {
    return null;
  }
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16) || 0xfffd);
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)) || 0xfffd);
    return named[entity.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  const value = match?.[2] ?? match?.[3] ?? match?.[4];
  return value === undefined ? null : decodeEntities(value).trim();
}

/** The content of the first `<meta property|name=…>` among `keys`, in the order of `keys`. */
function meta(html: string, keys: string[]): string | null {
  const tags = html.match(/<meta\b[^>]*>/gi) ?? [];
  for (const key of keys) {
    for (const tag of tags) {
      const name = attribute(tag, "property") ?? attribute(tag, "name");
      if (name?.toLowerCase() === key) {
        const content = attribute(tag, "content");
        if (content) return content;
      }
    }
  }
  return null;
}

function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

function imageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return "image/gif";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.byteLength > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * Builds the card for `uri`, uploading its thumbnail with `upload` (uploadBlob, right before the
 * post is written). Returns null when the page has no title to show.
 */
export async function fetchLinkCard(uri: string, net: NetworkContext, upload: (bytes: Uint8Array, contentType: string) => Promise<BlobRef>): Promise<ExternalEmbed | null> {
  const start = fetchableUrl(uri);
  if (!start) return null;
  const page = await fetchChecked(net, start, "text/html,application/xhtml+xml", PAGE_LIMIT_BYTES, true);
  if (!page || !/html/i.test(page.headers.get("content-type") ?? "")) return null;
  const html = new TextDecoder().decode(page.body);
  const title = meta(html, ["og:title", "twitter:title"]) ?? decodeEntities(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? "").trim();
  if (!title) return null;
  const description = meta(html, ["og:description", "twitter:description", "description"]) ?? "";
  const external: ExternalEmbed["external"] = { uri, title: clip(title, TITLE_MAX), description: clip(description, DESCRIPTION_MAX) };
  const imageUrl = meta(html, ["og:image", "og:image:url", "twitter:image"]);
  const image = imageUrl ? fetchableUrl(imageUrl, uri) : null;
  if (image) {
    const bytes = (await fetchChecked(net, image, "image/*", BLUESKY_POST_LIMITS.thumbBytes, false))?.body ?? null;
    const type = bytes ? imageType(bytes) : null;
    if (bytes && type) external.thumb = await upload(bytes, type);
  }
  return { $type: "app.bsky.embed.external", external };
}
