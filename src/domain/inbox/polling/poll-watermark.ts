import type { PolledItem } from "./polled-feeds.js";

/** Where a feed's poll stopped: the newest item's time, and every id seen at exactly that time. */
export interface Watermark {
  at: Date | null;
  ids: readonly string[];
}

/** Newer than the mark, or as new and not yet seen (two items may share a second). */
export function isNew(item: PolledItem, mark: Watermark): boolean {
  if (!mark.at) return true;
  const at = Date.parse(item.createdAt);
  return at > mark.at.getTime() || (at === mark.at.getTime() && !mark.ids.includes(item.id));
}

/** Older than the mark: on a newest-first feed, nothing after it can be new, so paging stops. */
export const isOlder = (item: PolledItem, mark: Watermark): boolean => mark.at !== null && Date.parse(item.createdAt) < mark.at.getTime();

/** The mark after seeing `items`: it never moves back (a late page of an older poll cannot undo a newer one). */
export function advance(mark: Watermark, items: readonly PolledItem[]): Watermark {
  let at = mark.at?.getTime() ?? Number.NEGATIVE_INFINITY;
  let ids = new Set(mark.ids);
  for (const item of items) {
    const t = Date.parse(item.createdAt);
    if (Number.isNaN(t) || t < at) continue;
    if (t > at) {
      at = t;
      ids = new Set();
    }
    ids.add(item.id);
  }
  return Number.isFinite(at) ? { at: new Date(at), ids: [...ids] } : mark;
}

/** The newest item by time (for X's `since_id`), or null when there is none. */
export function newestOf(items: readonly PolledItem[]): PolledItem | null {
  let newest: PolledItem | null = null;
  for (const item of items) if (!newest || Date.parse(item.createdAt) > Date.parse(newest.createdAt)) newest = item;
  return newest;
}
