import { fetchSource, freshState, type MergeItem, mergePages, sourceStatesOf } from "./merge-pages.js";
import type { NetworkPage } from "./facets/inbox.js";

/**
 * One account's list read from several destinations (a person's Facebook pages, a member's
 * LinkedIn organisations, a Google profile's locations), each with its own network cursor. The
 * pages are merged newest first with the same merge the spanning reads use, and the position in
 * each destination travels in the account's network cursor (itself inside Chorus's signed one).
 */

export async function mergeDestinations<T extends MergeItem>(
  destinations: readonly string[],
  cursor: string | null,
  limit: number,
  fetchPage: (destination: string, cursor: string | null, size: number) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<NetworkPage<T>> {
  const states = sourceStatesOf(cursor);
  const sources = await Promise.all(destinations.filter((d) => !states[d]?.done).map((d) => fetchSource(d, states[d] ?? freshState, limit, (at, size) => fetchPage(d, at, size))));
  const merged = mergePages(sources, limit);
  const next = { ...states, ...merged.states };
  const more = destinations.some((d) => !next[d]?.done);
  return { items: merged.items.map((entry) => entry.item), cursor: more ? JSON.stringify(next) : null };
}
