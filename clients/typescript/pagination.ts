import type { ChorusErrorBody } from "./errors.js";
import { unwrap } from "./errors.js";

/** One page of any Chorus list: `cursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/**
 * Every item of a list, page after page, as an async iterator: `fetchPage` is called with the
 * previous page's cursor (undefined first) until the cursor is null. A refused page throws its
 * typed error.
 *
 *   for await (const post of paginate((cursor) => chorus.GET("/v1/posts", { params: { query: { cursor } } }))) …
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<{ data?: Page<T>; error?: ChorusErrorBody; response?: Response }>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = unwrap(await fetchPage(cursor));
    yield* page.items;
    cursor = page.cursor ?? undefined;
  } while (cursor !== undefined);
}
