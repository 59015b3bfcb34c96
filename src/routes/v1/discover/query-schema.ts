import * as v from "valibot";
import { discoveredMediaTypes, searchModes, searchSorts } from "../../../networks/facets/discover.js";
import { parseIsoTimestamp, TIMESTAMP_EXAMPLE, wallAsUtc } from "../../../infra/iso-timestamp.js";
import { cursorQuery, limitQuery } from "../../openapi-helpers.js";

/** Query schemas of the discovery routes; strict, so an unknown parameter is a 400 naming it. */

const accountId = v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"));
const requiredAccount = v.pipe(accountId, v.description("The connected account (`acc_…`) whose network is asked."));
const optionalAccount = v.pipe(v.optional(accountId), v.description("One connected account (`acc_…`); omit for every account that can search."));

/** A date-time with `Z` or an offset, answered as UTC; a date the calendar lacks is a 400. */
function timestampQuery(description: string) {
  return v.pipe(
    v.optional(v.string()),
    v.check(
      (text) =>
        text === undefined ||
        (() => {
          const parsed = parseIsoTimestamp(text);
          return parsed.ok && parsed.offsetMinutes !== null;
        })(),
      `must be an ISO 8601 date-time with Z or an offset, such as ${TIMESTAMP_EXAMPLE}`,
    ),
    v.transform((text) => {
      if (text === undefined) return undefined;
      const parsed = parseIsoTimestamp(text);
      if (!parsed.ok || parsed.offsetMinutes === null) return undefined;
      return new Date(wallAsUtc(parsed.wall) - parsed.offsetMinutes * 60_000).toISOString();
    }),
    v.description(description),
  );
}

/** A decimal query number within bounds (a coordinate). */
function coordinateQuery(name: string, bound: number) {
  return v.pipe(
    v.optional(v.string()),
    v.check((text) => text === undefined || /^-?\d{1,3}(\.\d{1,12})?$/.test(text), "must be a decimal number such as 48.8584"),
    v.transform((text) => (text === undefined ? undefined : Number(text))),
    v.check((n) => n === undefined || (n >= -bound && n <= bound), `must be between -${bound} and ${bound}`),
    v.description(`${name} in decimal degrees, -${bound} to ${bound}; only together with the other coordinate.`),
  );
}

export const DiscoverPostsQuery = v.strictObject({
  q: v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"), v.maxLength(512, "must be at most 512 characters"), v.description("What to search for: words, or a hashtag with `mode=tag`.")),
  mode: v.pipe(v.optional(v.picklist(searchModes), "keyword"), v.description("`keyword` (default) or `tag` (q is one hashtag, with or without #).")),
  sort: v.pipe(v.optional(v.picklist(searchSorts), "top"), v.description("`top` (default, each network's relevance) or `recent`.")),
  mediaType: v.pipe(v.optional(v.picklist(discoveredMediaTypes)), v.description("Only posts with this kind of media.")),
  author: v.pipe(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(253))), v.description("Only posts by this handle (with or without @).")),
  since: timestampQuery("Only posts created at or after this time."),
  until: timestampQuery("Only posts created before this time."),
  account: optionalAccount,
  cursor: cursorQuery,
  limit: limitQuery(),
});

export const HandleParam = v.strictObject({
  handle: v.pipe(v.string(), v.minLength(1), v.maxLength(260), v.description("The person's handle, with or without @ (URL-encode the @ as %40 or leave it out).")),
});

export const ProfileQuery = v.strictObject({ account: requiredAccount });
export const ProfilePostsQuery = v.strictObject({ account: requiredAccount, cursor: cursorQuery, limit: limitQuery() });

export const CreatorsQuery = v.strictObject({
  account: v.pipe(accountId, v.description("A Facebook page, or an Instagram account connected through Facebook Login (see its `discovers.creators`).")),
  q: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(200))), v.description("Words about the creators sought (their interests, bio).")),
  countries: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(200))), v.description("Comma-separated ISO 3166-1 alpha-2 codes of the creators' countries, such as US,GB.")),
  limit: limitQuery(50, 50),
  cursor: cursorQuery,
});

export const PlacesQuery = v.strictObject({
  account: requiredAccount,
  q: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(200))), v.description("A place name.")),
  latitude: coordinateQuery("Latitude", 90),
  longitude: coordinateQuery("Longitude", 180),
});
