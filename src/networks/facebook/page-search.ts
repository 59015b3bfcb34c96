import * as v from "valibot";
import type { NetworkPlace, PlaceSearchQuery } from "../facets/discover.js";
import type { ErrorTable } from "../http.js";
import type { NetworkContext } from "../types.js";
import { graphRequest, graphUrl } from "./graph.js";

/**
 * Places on Meta's networks are Facebook Pages with a `location`: `GET /pages/search?q=` finds
 * them by name (it takes no point, so a point given with `q` ranks the results by distance).
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
