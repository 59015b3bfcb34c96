import * as v from "valibot";
import { fetchSource, freshState, type MergeItem, mergePages, type SourceState } from "./merge-pages.js";
import type { NetworkPage } from "./facets/inbox.js";

/**
 * One account's list read from several destinations (a person's Facebook pages, a member's
 * LinkedIn organisations, a Google profile's locations), each with its own network cursor. The
 * pages are merged newest first with the same merge the spanning reads use, and the position in
 * each destination travels in the account's network cursor (itself inside Chorus's signed one).
 */

const StateSchema = v.record(
  v.string(),
  v.object({ cursor: v.nullable(v.string()), size: v.nullable(v.number()), after: v.nullable(v.object({ createdAt: v.string(), id: v.string() })), done: v.boolean() }),
);

function statesOf(cursor: string | null): Record<string, SourceState> {
  if (cursor === null) return {};
  try {
    return v.parse(StateSchema, JSON.parse(cursor));
  } catch {
    // The spanning cursor is signed, so this is only ever a cursor of an older Chorus: start over.
    return {};
  }
}

export async function mergeDestinations<T extends MergeItem>(
  destinations: readonly string[],
  cursor: string | null,
  limit: number,
  fetchPage: (destination: string, cursor: string | null, size: number) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<NetworkPage<T>> {
  const states = statesOf(cursor);
  const sources = await Promise.all(destinations.filter((d) => !states[d]?.done).map((d) => fetchSource(d, states[d] ?? freshState, limit, (at, size) => fetchPage(d, at, size))));
  const merged = mergePages(sources, limit);
  const next = { ...states, ...merged.states };
  const more = destinations.some((d) => !next[d]?.done);
  return { items: merged.items.map((entry) => entry.item), cursor: more ? JSON.stringify(next) : null };
}
