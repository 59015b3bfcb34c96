import type { DomainContext } from "../../domain/core/index.js";
import type { SocialAccountView } from "../../domain/accounts/index.js";
import { type TextMeasure, countText, findUrls, getMedia, shownTextMeasure } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { adapterFor, rulesFor } from "../../networks/registry.js";
import { isPlatformId } from "../../networks/registry.js";
import { type ComposeExtras, mediaFor, textFor } from "./compose-extras.js";
import type { LibraryItem } from "./media-page.js";
import { libraryItems } from "./media-routes.js";
import { networkName } from "./plain-words.js";
import { type PostForm, mediaOf } from "./post-form-read.js";

/** One file as a network shows it: the box it is drawn in (its own shape, or the shape the network crops it to). */
export interface PreviewMedia {
  item: LibraryItem;
  alt: string;
  /** The box's width and height (the file's own, or cropped). */
  box: { width: number; height: number };
  /** Why the box is not the file's own shape, in words; null when it is shown whole. */
  crop: string | null;
}

export interface PreviewText {
  text: string;
  measure: TextMeasure;
}

/** One ticked account's post as its network will show it. */
export interface PreviewTarget {
  account: string;
  platform: string;
  handle: string;
  post: PreviewText;
  /** The link the network draws a card for, with its host (`off`: the form turned the card off); null when it draws none. */
  card: { url: string; host: string; off: boolean } | null;
  media: PreviewMedia[];
  /** True when these are the network's own files (`mediaOverrides`), not the post's. */
  ownMedia: boolean;
  firstComment: { shown: PreviewText | null; refusal: string | null } | null;
  /** Follow-up items, or why the network takes none. */
  thread: { items: PreviewText[]; refusal: string | null };
}

/** The files of the form that are this workspace's, with a signed address each; an unknown id is left to the checks. */
export async function formMedia(ctx: DomainContext, ids: readonly string[]): Promise<Map<string, LibraryItem>> {
  const views = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      try {
        return await getMedia({ ctx, input: { id } });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    }),
  );
  const items = await libraryItems(
    ctx,
    views.filter((view) => view !== null),
  );
  return new Map(items.map((item) => [item.media.id, item]));
}

const ratio = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, ""));

/** The network's bounds on a file's shape (width ÷ height): a file outside them is shown at the nearest bound. */
function boxOf(platform: string, item: LibraryItem): Pick<PreviewMedia, "box" | "crop"> {
  const { width, height } = item.media;
  const bounds = isPlatformId(platform) ? adapterFor(platform).capabilities.media.aspectRatio : null;
  const own = width / height;
  if (!bounds || (own >= bounds.min && own <= bounds.max)) return { box: { width, height }, crop: null };
  const to = own < bounds.min ? bounds.min : bounds.max;
  const box = own < bounds.min ? { width, height: Math.round(width / to) } : { width: Math.round(height * to), height };
  return {
    box,
    crop: `${networkName(platform)} takes shapes from ${ratio(bounds.min)}:1 to ${ratio(bounds.max)}:1 (width to height); this file is ${ratio(own)}:1, so it is cropped to ${ratio(to)}:1 when automatic fixing is on, and refused otherwise.`,
  };
}

/** The link a network cards from this text, when it cards one and the post has no media (`off` when the form turned it off). */
function cardOf(platform: string, text: string, hasMedia: boolean, off: boolean): PreviewTarget["card"] {
  const rule = isPlatformId(platform) ? rulesFor(platform).linkCard : undefined;
  if (!rule || hasMedia) return null;
  const urls = findUrls(text);
  const found = rule.link === "first" ? urls[0] : urls[urls.length - 1];
  if (!found) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(found.url) ? found.url : `https://${found.url}`);
    return { url: found.url, host: url.hostname, off };
  } catch {
    return null;
  }
}

function firstCommentOf(platform: string, text: string): PreviewTarget["firstComment"] {
  if (text.trim() === "" || !isPlatformId(platform)) return null;
  const rule = rulesFor(platform).validation.firstComment;
  if (!rule || "unsupported" in rule) return { shown: null, refusal: rule?.why ?? `${networkName(platform)} has no first comments.` };
  const trimmed = text.trim();
  return { shown: { text: trimmed, measure: { count: countText(trimmed, rule.counting), limit: rule.maxLength, counting: rule.counting, how: null } }, refusal: null };
}

function threadOf(platform: string, items: readonly string[]): PreviewTarget["thread"] {
  const texts = items.map((item) => item.trim()).filter((item) => item !== "");
  if (texts.length === 0 || !isPlatformId(platform)) return { items: [], refusal: null };
  const rules = rulesFor(platform);
  if (!rules.thread) return { items: [], refusal: `${networkName(platform)} has no threads: it refuses a post with follow-up items.` };
  const caps = adapterFor(platform).capabilities;
  // Each item is checked as a post of its own, without media (thread-check.ts).
  return { items: texts.map((text) => ({ text, measure: shownTextMeasure(text, caps, rules.validation, false) })), refusal: null };
}

/**
 * The preview of every ticked account's post: the text after its network's override, counted with
 * the measure the API's length rule uses (text-measure.ts), the link card the network draws, the
 * files (its own, where it has them) in the shape it shows them, and the first comment and follow-ups as they will follow.
 */
export async function previewOf(ctx: DomainContext, form: PostForm, extras: ComposeExtras, accounts: SocialAccountView[], files?: Map<string, LibraryItem>): Promise<PreviewTarget[]> {
  const ticked = accounts.filter((a) => form.accounts.includes(a.id));
  if (ticked.length === 0) return [];
  const main = mediaOf(form);
  const known = files ?? (await formMedia(ctx, allMediaOf(form, extras)));
  return ticked.map((account) => {
    const platform = account.platform;
    const own = mediaFor(main, extras, platform);
    const items = own.media.flatMap((id, i) => {
      const item = known.get(id);
      return item ? [{ item, alt: own.mediaAlt[i] ?? "" }] : [];
    });
    // As the checks decide it (check-target.ts): images and no video.
    const photoPost = items.some((m) => m.item.media.kind === "image") && !items.some((m) => m.item.media.kind === "video");
    const text = textFor(form.text, extras, platform);
    const caps = isPlatformId(platform) ? adapterFor(platform).capabilities : null;
    const measure =
      caps && isPlatformId(platform)
        ? shownTextMeasure(text, caps, rulesFor(platform).validation, photoPost)
        : { count: countText(text, "characters"), limit: Infinity, counting: "characters" as const, how: null };
    return {
      account: account.id,
      platform,
      handle: account.handle,
      post: { text, measure },
      card: cardOf(platform, text, own.media.length > 0, extras.cardOff.includes(platform)),
      media: items.map((m) => ({ ...m, ...boxOf(platform, m.item) })),
      ownMedia: own.own,
      firstComment: firstCommentOf(platform, extras.firstComment),
      thread: threadOf(platform, extras.thread),
    };
  });
}

/** Every file the form names: the post's and each network's own. */
export const allMediaOf = (form: PostForm, extras: ComposeExtras): string[] => [...new Set([...mediaOf(form).media, ...Object.values(extras.media).flat()])];
