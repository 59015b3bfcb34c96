import * as v from "valibot";
import { cursorQuery } from "../../routes/openapi-helpers.js";

/**
 * The REST list queries take `limit` as text (it arrives in a URL); tool arguments are JSON, so
 * the same bounds and default are stated on a number here. `cursor` is the REST schema itself.
 */
export const pageArguments = {
  limit: v.pipe(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 50), v.description("Page size, 1 to 100; default 50.")),
  cursor: cursorQuery,
};

/** A Chorus id argument, bounded as the REST path parameters are. */
export const idArgument = (what: string) => v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.description(what));
