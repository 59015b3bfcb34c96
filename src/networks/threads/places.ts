import * as v from "valibot";
import { graphRequest, graphUrl } from "../meta/graph.js";
import type { NetworkPlace, PlaceSearchQuery } from "../facets/discover.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsUrls } from "./capabilities.js";
import { threadsErrorTable } from "./errors.js";

/**
 * Threads location search (Meta's "Location Tagging" guide, 2025; permission
 * `threads_location_tagging`): `GET /location_search` with `q`, or `latitude` and `longitude`, or
 * all three; the answer is not paginated. The id goes on a container as `location_id`. Until the
 * app is approved for the permission Threads searches only "Menlo Park", whatever is asked.
 */

const version = (net: NetworkContext) => net.config.apiVersion ?? threadsDefaultApiVersion;
const FIELDS = "id,name,address,city,country,latitude,longitude,postal_code";

const Locations = v.object({
  data: v.array(
    v.object({
      // The guide's example shows a JSON number; Graph ids are usually strings.
      id: v.union([v.string(), v.number()]),
      name: v.string(),
      address: v.optional(v.nullable(v.string())),
      city: v.optional(v.nullable(v.string())),
      country: v.optional(v.nullable(v.string())),
      latitude: v.optional(v.nullable(v.number())),
      longitude: v.optional(v.nullable(v.number())),
    }),
  ),
});

export async function searchThreadsLocations(tokens: TokenSet, query: PlaceSearchQuery, net: NetworkContext): Promise<NetworkPlace[]> {
  const url = graphUrl(threadsUrls.graph, version(net), "location_search", {
    q: query.q,
    latitude: query.latitude === undefined ? undefined : String(query.latitude),
    longitude: query.longitude === undefined ? undefined : String(query.longitude),
    fields: FIELDS,
    access_token: tokens.accessToken,
  });
  const body = await graphRequest(net, threadsErrorTable, url, Locations);
  return body.data.map((place) => ({
    id: String(place.id),
    name: place.name,
    address: place.address ?? null,
    city: place.city ?? null,
    country: place.country ?? null,
    latitude: place.latitude ?? null,
    longitude: place.longitude ?? null,
  }));
}
