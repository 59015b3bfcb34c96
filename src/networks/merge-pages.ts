import * as v from "valibot";

/**
 * The pure part of a spanning read: pages from several networks merged newest first into one
 * page, and where each network stands afterwards. No I/O, so every edge can be unit-tested.
 */

/** Where one account's read stands between pages. */
export interface SourceState {
  /** The network's own cursor of the page being consumed (null: the newest page). */
  cursor: string | null;
  /** Page size asked of the network for that page, so reading it again returns the same page. */
  size: number | null;
  /** The last item of that page already returned to the client, or null when none was. */
  after: { createdAt: string; id: string } | null;
  /** The network has nothing more. */
  done: boolean;
}

export const freshState: SourceState = { cursor: null, size: null, after: null, done: false };

const SourceStatesSchema = v.record(
  v.string(),
  v.object({ cursor: v.nullable(v.string()), size: v.nullable(v.number()), after: v.nullable(v.object({ createdAt: v.string(), id: v.string() })), done: v.boolean() }),
);

/** Each source's position, as a network cursor of a merged read carries them; none for a first page. */
export function sourceStatesOf(cursor: string | null): Record<string, SourceState> {
  if (cursor === null) return {};
  try {
    return v.parse(SourceStatesSchema, JSON.parse(cursor));
  } catch {
    // The spanning cursor is signed, so this is only ever a cursor of an older Chorus: start over.
    return {};
  }
}

export interface MergeItem {
  id: string;
  createdAt: string;
}

/** One network page as fetched: read at `cursor`, newest first, with the network's next cursor. */
export interface FetchedPage<T> {
  cursor: string | null;
  items: T[];
  next: string | null;
}

/** One account's pages for this read: the page at `state.cursor` and, when it had too little left, the ones after it. */
export interface FetchedSource<T extends MergeItem> {
  key: string;
  state: SourceState;
  pages: FetchedPage<T>[];
  /** The page size used for every fetch. */
  size: number;
}

/** Pages fetched ahead of one that was mostly read already, so a page of the merge is rarely cut short. */
const MAX_PAGES_PER_READ = 3;

/**
 * Reads one account's pages for a merge of `limit` items: the page where it stopped, and the next
 * ones while fewer than `limit` unread items are in hand because that page was mostly returned
 * already, or while the network answers empty pages with a cursor.
 */
export async function fetchSource<T extends MergeItem>(
  key: string,
  state: SourceState,
  limit: number,
  fetchPage: (cursor: string | null, size: number) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<FetchedSource<T>> {
  const size = state.size ?? limit;
  const pages: FetchedPage<T>[] = [];
  let cursor = state.cursor;
  let unreadCount = 0;
  for (let i = 0; i < MAX_PAGES_PER_READ; i++) {
    const page = await fetchPage(cursor, size);
    pages.push({ cursor, items: page.items, next: page.cursor });
    unreadCount += i === 0 ? unread(page.items, state.after).length : page.items.length;
    // A fresh page that came back short is taken as it is: one more round trip would cost every
    // page its latency. Only a page read again after being partly returned, or an empty page with
    // a cursor, is followed.
    const partlyReturned = i === 0 && state.after !== null;
    if (unreadCount >= limit || page.cursor === null || (!partlyReturned && page.items.length > 0)) break;
    cursor = page.cursor;
  }
  return { key, state, pages, size };
}

const newerFirst = (a: MergeItem, b: MergeItem) => (a.createdAt === b.createdAt ? 0 : a.createdAt > b.createdAt ? -1 : 1);

/**
 * What of a page is still unread: after the item returned last. That item is found by id, which
 * keeps the network's own order among equal timestamps; when it is gone (deleted since), the
 * position decides instead.
 */
export function unread<T extends MergeItem>(items: T[], after: SourceState["after"]): T[] {
  if (!after) return items;
  const index = items.findIndex((item) => item.id === after.id);
  if (index >= 0) return items.slice(index + 1);
  return items.filter((item) => item.createdAt < after.createdAt);
}

export interface MergeResult<T> {
  items: { key: string; item: T }[];
  states: Record<string, SourceState>;
}

/**
 * K-way merge, newest first; equal times go to the lower source key, then the network's own
 * order, so the same data always merges the same way. The merge stops early when a source has
 * nothing left in hand but a full page more at the network: its unseen items may be newer than
 * anything still in hand, so emitting past that point could put an item on the wrong page.
 */
export function mergePages<T extends MergeItem>(sources: FetchedSource<T>[], limit: number): MergeResult<T> {
  const ordered = [...sources].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Each source's unread items in order, each with the index of the page it came from.
  const buffers = ordered.map((source) => source.pages.flatMap((page, p) => (p === 0 ? unread(page.items, source.state.after) : page.items).map((item) => ({ item, page: p }))));
  // A source blocks the merge only when its last page came back full: a short page with a cursor
  // is almost always the end (Bluesky's AppView names a cursor even on its last page), and making
  // every other network wait a round trip for it would cut most merged pages short. Its cursor is
  // kept, so whatever it still has comes on a later page: never lost, never repeated.
  const hasMore = (source: FetchedSource<T>) => {
    const last = source.pages.at(-1);
    return last !== undefined && last.next !== null && last.items.length >= source.size;
  };
  const taken = ordered.map(() => 0);
  const items: { key: string; item: T }[] = [];
  while (items.length < limit) {
    let best = -1;
    let blocked = false;
    for (const [i, source] of ordered.entries()) {
      const head = buffers[i]?.[taken[i] ?? 0];
      if (!head) {
        if (hasMore(source)) blocked = true;
        continue;
      }
      const current = best >= 0 ? buffers[best]?.[taken[best] ?? 0] : undefined;
      if (!current || newerFirst(head.item, current.item) < 0) best = i;
    }
    if (blocked || best < 0) break;
    const entry = buffers[best]?.[taken[best] ?? 0];
    const source = ordered[best];
    if (!entry || !source) break;
    items.push({ key: source.key, item: entry.item });
    taken[best] = (taken[best] ?? 0) + 1;
  }
  const states: Record<string, SourceState> = {};
  for (const [i, source] of ordered.entries()) {
    states[source.key] = stateAfter(source, buffers[i] ?? [], taken[i] ?? 0);
  }
  return { items, states };
}

/** Where a source stands once `count` of its unread items were returned. */
function stateAfter<T extends MergeItem>(source: FetchedSource<T>, buffer: { item: T; page: number }[], count: number): SourceState {
  const lastPage = source.pages.at(-1);
  if (count >= buffer.length) {
    // Everything in hand was returned: the next read starts at the network's next page.
    const next = lastPage?.next ?? null;
    return next === null ? { ...freshState, done: true } : { ...freshState, cursor: next };
  }
  const last = buffer[count - 1];
  if (!last) return source.state;
  const page = source.pages[last.page];
  if (!page) return source.state;
  if (page.items.at(-1)?.id === last.item.id) return { ...freshState, cursor: page.next };
  return { cursor: page.cursor, size: source.size, after: { createdAt: last.item.createdAt, id: last.item.id }, done: false };
}
