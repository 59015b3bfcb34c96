import * as v from "valibot";
import type { NetworkContext } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_POST_LIMITS } from "./capabilities.js";
import { countGraphemes, utf8Length } from "./text.js";
import { blueskyFailure, xrpc } from "./xrpc.js";

/**
 * Rich text: Bluesky shows links, mentions and hashtags only where the record carries a facet for
 * them, and a facet addresses its text by UTF-8 byte offsets (start inclusive, end exclusive), not
 * by JavaScript string indexes. The patterns follow `RichText.detectFacets` of @atproto/api 0.19
 * (rich-text/util.ts), with one difference: only links written with http:// or https:// are
 * linked, because telling `example.com` from `file.txt` needs the full list of top-level domains.
 */

export type FacetFeature = { $type: "app.bsky.richtext.facet#mention"; did: string } | { $type: "app.bsky.richtext.facet#link"; uri: string } | { $type: "app.bsky.richtext.facet#tag"; tag: string };

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: FacetFeature[];
}

/** A mention before its handle is resolved to a DID. */
interface PendingMention {
  index: Facet["index"];
  handle: string;
}

const MENTION = /(^|\s|\()@([a-zA-Z0-9.-]+)(\b)/g;
const LINK = /(^|\s|\()(https?:\/\/\S+)/gi;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: U+20E2 alone is meant: the keycap mark ends a tag as Bluesky's own parser does
const TAG = /(^|\s)[#＃]((?!\ufe0f)[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*[^\d\s\p{P}\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*)?/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/u;
/** A handle is a domain name: at least two labels of letters, digits and inner hyphens. */
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/** Byte offset in UTF-8 of a UTF-16 string index. */
function byteIndex(text: string, index: number): number {
  return utf8Length(text.slice(0, index));
}

function slice(text: string, start: number, end: number): Facet["index"] {
  return { byteStart: byteIndex(text, start), byteEnd: byteIndex(text, end) };
}

function detectLinks(text: string): Facet[] {
  const facets: Facet[] = [];
  for (const match of text.matchAll(LINK)) {
    const lead = match[1] ?? "";
    let uri = match[2] ?? "";
    const start = (match.index ?? 0) + lead.length;
    // Punctuation that ends a sentence is not part of the link; nor is a closing parenthesis
    // when the link has no opening one ("(see https://example.com)").
    if (/[.,;:!?]$/.test(uri)) uri = uri.slice(0, -1);
    if (uri.endsWith(")") && !uri.includes("(")) uri = uri.slice(0, -1);
    try {
      new URL(uri);
    } catch {
      continue;
    }
    facets.push({ index: slice(text, start, start + uri.length), features: [{ $type: "app.bsky.richtext.facet#link", uri }] });
  }
  return facets;
}

function detectMentions(text: string): PendingMention[] {
  const mentions: PendingMention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const lead = match[1] ?? "";
    const handle = (match[2] ?? "").replace(/\.+$/, "");
    if (!HANDLE.test(handle)) continue;
    const start = (match.index ?? 0) + lead.length;
    mentions.push({ index: slice(text, start, start + 1 + handle.length), handle: handle.toLowerCase() });
  }
  return mentions;
}

function detectTags(text: string): Facet[] {
  const facets: Facet[] = [];
  for (const match of text.matchAll(TAG)) {
    const lead = match[1] ?? "";
    const tag = (match[2] ?? "").trim().replace(TRAILING_PUNCTUATION, "");
    if (!tag || countGraphemes(tag) > BLUESKY_POST_LIMITS.tagGraphemes || utf8Length(tag) > BLUESKY_POST_LIMITS.tagBytes) continue;
    const start = (match.index ?? 0) + lead.length;
    // The facet covers the # and the tag; the tag itself is stored without the #.
    facets.push({ index: slice(text, start, start + 1 + tag.length), features: [{ $type: "app.bsky.richtext.facet#tag", tag }] });
  }
  return facets;
}

const ResolvedHandle = v.looseObject({ did: v.pipe(v.string(), v.startsWith("did:")) });

/**
 * `com.atproto.identity.resolveHandle` on the account's PDS (which answers for any handle). A
 * handle that resolves to nothing is not a mention, as in the Bluesky app: the text stays plain.
 * The PDS answers that case with 400 `InvalidRequest` "Unable to resolve handle" (PDS 0.4.217;
 * the lexicon names `HandleNotFound`); any other failure is a real one and stops the publish.
 */
async function resolveHandle(net: NetworkContext, pds: string, handle: string): Promise<string | null> {
  const result = await xrpc<unknown>(net, { base: pds, nsid: BLUESKY_METHODS.resolveHandle, method: "GET", params: { handle } });
  if (!result.ok) {
    if (result.error === "HandleNotFound" || (result.failure.status === 400 && result.error === "InvalidRequest")) return null;
    throw blueskyFailure(net, result.failure);
  }
  const parsed = v.safeParse(ResolvedHandle, result.body);
  return parsed.success ? parsed.output.did : null;
}

/** The link facets of a text, in order: the first one is the link-card candidate. */
export function linkFacets(text: string): Facet[] {
  return detectLinks(text);
}

/**
 * Every facet of `text`, sorted by position, with mentions resolved to DIDs (each handle once).
 * A hashtag or mention inside a link is part of the link only.
 */
export async function buildFacets(text: string, net: NetworkContext, pds: string): Promise<Facet[]> {
  const links = detectLinks(text);
  const insideLink = (index: Facet["index"]) => links.some((l) => index.byteStart < l.index.byteEnd && index.byteEnd > l.index.byteStart);
  const mentions = detectMentions(text).filter((m) => !insideLink(m.index));
  const dids = new Map<string, string | null>();
  for (const handle of new Set(mentions.map((m) => m.handle))) dids.set(handle, await resolveHandle(net, pds, handle));
  const resolved: Facet[] = mentions.flatMap((m) => {
    const did = dids.get(m.handle);
    return did ? [{ index: m.index, features: [{ $type: "app.bsky.richtext.facet#mention" as const, did }] }] : [];
  });
  const tags = detectTags(text).filter((t) => !insideLink(t.index));
  return [...links, ...resolved, ...tags].sort((a, b) => a.index.byteStart - b.index.byteStart);
}
