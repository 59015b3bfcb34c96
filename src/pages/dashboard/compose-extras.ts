import type { Context } from "hono";
import type { PostView } from "../../domain/publishing/index.js";
import { isPlatformId, rulesFor } from "../../networks/registry.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { field } from "./dashboard-env.js";
import { values } from "./post-form-read.js";

const MAX_TEXT = 65_000;
/** Follow-up items the form offers; the networks' own chains stop at 25 items, the post included. */
export const MAX_THREAD_ITEMS = 24;
const MEDIA_ID = /^med_[0-9A-Za-z]+$/;

/** What Compose and the edit page add to the post form: per-network text, files and link cards, the first comment and a thread's follow-ups. */
export interface ComposeExtras {
  /** `override_<platform>`: that network's own text; empty means the main text. */
  overrides: Record<string, string>;
  /** `ownMedia_<platform>` ticked: the files that network gets instead of the post's (the API's `mediaOverrides`); may be empty. */
  media: Record<string, string[]>;
  /** Alt text of a file only a network's own files have (`alt_<platform>_<id>`); the post's files keep their own. */
  mediaAlt: Record<string, Record<string, string>>;
  /** Networks whose link card option the form showed (`linkCardAsked`): only theirs is sent, so a form without it changes nothing. */
  cardAsked: string[];
  /** Networks whose link card is turned off (their rules' `linkCard.optOut` option sent as false). */
  cardOff: string[];
  firstComment: string;
  /** Follow-up items in order, blanks kept so a refused form comes back as typed. */
  thread: string[];
}

export const noExtras = (): ComposeExtras => ({ overrides: {}, media: {}, mediaAlt: {}, cardAsked: [], cardOff: [], firstComment: "", thread: [] });

/** The option that turns a network's link card off, from its rules; undefined where it draws none or cannot be asked not to. */
export const cardOptOut = (platform: string): string | undefined => (isPlatformId(platform) ? rulesFor(platform).linkCard?.optOut : undefined);

export function readComposeExtras(c: Context<DashboardEnv>): ComposeExtras {
  const extras = noExtras();
  for (const [name, value] of Object.entries(c.var.form)) {
    // `override_<platform>`, `ownMedia_<platform>`, `alt_<platform>_<med id>`.
    const [, kind = "", platform = "", id = ""] = /^(override|ownMedia|alt)_([a-z]+)(?:_(med_[0-9A-Za-z]+))?$/.exec(name) ?? [];
    if (!isPlatformId(platform) || typeof value !== "string") continue;
    if (kind === "override" && value.trim() !== "") extras.overrides[platform] = value.slice(0, MAX_TEXT);
    if (kind === "ownMedia") extras.media[platform] = [...new Set(values(c, `media_${platform}`, 35))].filter((m) => MEDIA_ID.test(m));
    if (kind === "alt" && id !== "") extras.mediaAlt[platform] = { ...extras.mediaAlt[platform], [id]: value.slice(0, 2000) };
  }
  // A card option the form showed and left unticked is the card turned off.
  extras.cardAsked = values(c, "linkCardAsked", 20).filter((p) => cardOptOut(p) !== undefined);
  extras.cardOff = extras.cardAsked.filter((p) => field(c, `linkCard_${p}`) === undefined);
  const thread = values(c, "thread", MAX_THREAD_ITEMS).map((item) => item.slice(0, MAX_TEXT));
  // Trailing empty boxes are the form's spare ones, not items.
  while (thread.length > 0 && thread[thread.length - 1]?.trim() === "") thread.pop();
  return { ...extras, firstComment: (field(c, "firstComment") ?? "").slice(0, MAX_TEXT), thread };
}

/** A stored post's own text, files and link cards per network, as the form shows them. */
export function extrasOfPost(post: PostView): ComposeExtras {
  const mediaAlt = Object.fromEntries(
    Object.entries(post.mediaOverrides).map(([platform, ids]) => [platform, Object.fromEntries(ids.map((id, i) => [id, post.mediaAltOverrides[platform]?.[i] ?? ""]))]),
  );
  const cardOff = Object.entries(post.platformOptions)
    .filter(([platform, options]) => {
      const option = cardOptOut(platform);
      return option !== undefined && options[option] === false;
    })
    .map(([platform]) => platform);
  return {
    ...noExtras(),
    overrides: { ...post.textOverrides },
    media: { ...post.mediaOverrides },
    mediaAlt,
    cardAsked: cardOff,
    cardOff,
    firstComment: post.firstComment?.text ?? "",
    thread: (post.thread ?? []).map((item) => item.text),
  };
}

type StoredReplies = Pick<PostView, "firstComment" | "thread">;

/**
 * The first comment and the chain as the API's fields, from the form's texts: the form edits only
 * their text, so the stored comment's files and the stored items' files are kept.
 * `null` and `[]` where the form has none (PATCH removes them that way).
 */
export function repliesOf(extras: ComposeExtras, stored: StoredReplies) {
  const comment = extras.firstComment.trim();
  const files = stored.firstComment?.media;
  const firstComment = comment === "" ? null : { text: comment, ...(files && files.length > 0 ? { media: files } : {}) };
  const texts = extras.thread.map((text) => text.trim()).filter((text) => text !== "");
  const before = stored.thread ?? [];
  // Edited in place (as many items): files stay by position; items added or removed: only an item whose text is unchanged keeps its files.
  const thread = texts.map((text, i) => {
    const kept = texts.length === before.length ? before[i] : before.find((item) => item.text === text);
    return kept && kept.media.length > 0 ? { text, media: kept.media, mediaAlt: kept.mediaAlt } : { text };
  });
  return { firstComment, thread };
}

/** What of the first comment and the chain an edit changes, as PATCH /v1/posts/{id} takes it: an untouched one is not sent. */
export function repliesChange(extras: ComposeExtras, stored: StoredReplies): { firstComment?: ReturnType<typeof repliesOf>["firstComment"]; thread?: ReturnType<typeof repliesOf>["thread"] } {
  const replies = repliesOf(extras, stored);
  const commentSame = (replies.firstComment?.text ?? "") === (stored.firstComment?.text ?? "");
  const storedItems = stored.thread ?? [];
  const threadSame = replies.thread.length === storedItems.length && replies.thread.every((item, i) => item.text === storedItems[i]?.text);
  return { ...(commentSame ? {} : { firstComment: replies.firstComment }), ...(threadSame ? {} : { thread: replies.thread }) };
}

/** The text a network gets: its own, else the main text, as POST /v1/posts applies `textOverrides`. */
export const textFor = (text: string, extras: ComposeExtras, platform: string): string => (extras.overrides[platform] ?? text).trim();

/** The files (and their alt texts) a network gets: its own when chosen, else the post's, as publishing applies `mediaOverrides`. */
export function mediaFor(main: { media: string[]; mediaAlt: string[] }, extras: ComposeExtras, platform: string): { media: string[]; mediaAlt: string[]; own: boolean } {
  const own = extras.media[platform];
  if (!own) return { ...main, own: false };
  return { media: own, mediaAlt: own.map((id) => (main.media.includes(id) ? (main.mediaAlt[main.media.indexOf(id)] ?? "") : (extras.mediaAlt[platform]?.[id] ?? "")).trim()), own: true };
}

/** Per-network files as the API's `mediaOverrides` and `mediaAltOverrides`, for the networks the post goes to. */
export function mediaOverridesRequest(main: { media: string[]; mediaAlt: string[] }, extras: ComposeExtras, platforms: readonly string[]) {
  const chosen = Object.keys(extras.media).filter((platform) => platforms.includes(platform));
  const mediaOverrides = Object.fromEntries(chosen.map((platform) => [platform, mediaFor(main, extras, platform).media]));
  const mediaAltOverrides = Object.fromEntries(chosen.map((platform) => [platform, mediaFor(main, extras, platform).mediaAlt]));
  return { mediaOverrides, mediaAltOverrides };
}

/** The link card choices the form showed, as `platformOptions`: `false` where turned off; `true` only where `stored` had it off (an edit turning it back on). */
export function cardOptions(extras: ComposeExtras, platforms: readonly string[], stored: ComposeExtras["cardOff"] = []): Record<string, Record<string, boolean>> {
  const options: Record<string, Record<string, boolean>> = {};
  for (const platform of platforms) {
    const option = cardOptOut(platform);
    const off = extras.cardOff.includes(platform);
    if (option && extras.cardAsked.includes(platform) && off !== stored.includes(platform)) options[platform] = { [option]: !off };
  }
  return options;
}

/** Two `platformOptions` records merged per network. */
export function mergeOptions(...all: (Record<string, Record<string, unknown>> | undefined)[]): Record<string, Record<string, unknown>> | undefined {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const options of all) for (const [platform, fields] of Object.entries(options ?? {})) merged[platform] = { ...merged[platform], ...fields };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/**
 * The extras as fields of the API's request, for the networks the post goes to: `textOverrides`,
 * `mediaOverrides`, `firstComment` and `thread`, each left out when empty (the API refuses an empty one).
 */
export function extrasRequest(extras: ComposeExtras, platforms: readonly string[], main: { media: string[]; mediaAlt: string[] }): Record<string, unknown> {
  const textOverrides = Object.fromEntries(
    Object.entries(extras.overrides)
      .filter(([platform]) => platforms.includes(platform))
      .map(([platform, text]) => [platform, text.trim()]),
  );
  const files = mediaOverridesRequest(main, extras, platforms);
  const thread = extras.thread.map((text) => text.trim()).filter((text) => text !== "");
  return {
    ...(Object.keys(textOverrides).length > 0 ? { textOverrides } : {}),
    ...(Object.keys(files.mediaOverrides).length > 0 ? files : {}),
    ...(extras.firstComment.trim() !== "" ? { firstComment: { text: extras.firstComment.trim() } } : {}),
    ...(thread.length > 0 ? { thread: thread.map((text) => ({ text })) } : {}),
  };
}
