import * as v from "valibot";
import type { NetworkPlace, PlaceSearchQuery } from "../facets/discover.js";
import type { ErrorTable } from "../http.js";
import type { NetworkContext } from "../types.js";
import { graphRequest, graphUrl } from "./graph.js";

/**
 * Places on Meta's networks are Facebook Pages with a `location`: `GET /pages/search?q=` finds
 * them by name (it takes no point, so a point given with `q` ranks the results by distance), and
 * the Places Search API near a point when no name is given.
 * The Page id is what Instagram takes as `location_id` and Facebook as `place`.
 */

const Pages = v.object({
  data: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      location: v.optional(
        v.object({ street: v.optional(v.string()), city: v.optional(v.string()), country: v.optional(v.string()), latitude: v.optional(v.number()), longitude: v.optional(v.number()) }),
      ),
    }),
  ),
});

/** A PlaceInformation node of the Places Search API; `page` is the place's Page, whose id tags posts. */
const PlaceInformation = v.object({
  data: v.array(
    v.object({
      name: v.string(),
      page: v.optional(v.object({ id: v.string() })),
      location: v.optional(
        v.object({ street: v.optional(v.string()), city: v.optional(v.string()), country: v.optional(v.string()), latitude: v.optional(v.number()), longitude: v.optional(v.number()) }),
      ),
    }),
  ),
});

/**
 * Places near a point without a name: Pages search takes no point, so this asks the Places Search
 * API (`GET /search?type=place&center=<lat>,<lng>`, developers.facebook.com/docs/places/web/search),
 * which takes `q` or `center` and answers PlaceInformation nodes; their `page` id is the one posts
 * are tagged with, so places without a Page are left out.
 */
export async function searchPlacesNear(
  net: NetworkContext,
  table: ErrorTable,
  base: string,
  version: string,
  accessToken: string,
  point: { latitude: number; longitude: number },
): Promise<NetworkPlace[]> {
  const url = graphUrl(base, version, "search", { type: "place", center: `${point.latitude},${point.longitude}`, fields: "name,location,page", access_token: accessToken });
  const body = await graphRequest(net, table, url, PlaceInformation);
  return body.data.flatMap((place): NetworkPlace[] =>
    place.page
      ? [
          {
            id: place.page.id,
            name: place.name,
            address: place.location?.street ?? null,
            city: place.location?.city ?? null,
            country: place.location?.country ?? null,
            latitude: place.location?.latitude ?? null,
            longitude: place.location?.longitude ?? null,
          },
        ]
      : [],
  );
}

export async function searchPagePlaces(net: NetworkContext, table: ErrorTable, base: string, version: string, accessToken: string, query: PlaceSearchQuery & { q: string }): Promise<NetworkPlace[]> {
  const body = await graphRequest(net, table, graphUrl(base, version, "pages/search", { q: query.q, fields: "id,name,location", access_token: accessToken }), Pages);
  const places = body.data.flatMap((page): NetworkPlace[] =>
    page.location
      ? [
          {
            id: page.id,
            name: page.name,
            address: page.location.street ?? null,
            city: page.location.city ?? null,
            country: page.location.country ?? null,
            latitude: page.location.latitude ?? null,
            longitude: page.location.longitude ?? null,
          },
        ]
      : [],
  );
  const { latitude, longitude } = query;
  if (latitude === undefined || longitude === undefined) return places;
  const distance = (p: NetworkPlace) => (p.latitude === null || p.longitude === null ? Number.POSITIVE_INFINITY : (p.latitude - latitude) ** 2 + (p.longitude - longitude) ** 2);
  return [...places].sort((a, b) => distance(a) - distance(b));
}
