import { ApiError } from "../../infra/errors.js";
import type { DiscoverFacet } from "../facets/discover.js";
import type { NetworkContext } from "../types.js";
import { facebookDefaultApiVersion, facebookUrls } from "./capabilities.js";
import { facebookErrorTable } from "./errors.js";
import { searchPagePlaces } from "./page-search.js";

/**
 * Facebook's discovery: places through Page search. Facebook has a creator marketplace (Creator
 * Discovery), but Meta has not published the path of its search edge, so creator search is
 * `creator_marketplace_unavailable` rather than absent. Post search and public profiles have no
 * Graph API for pages Chorus does not manage.
 */
const version = (net: NetworkContext) => net.config.apiVersion ?? facebookDefaultApiVersion;

export const facebookDiscover: DiscoverFacet = {
  creatorMarketplace: "unpublished",

  async searchPlaces(tokens, query, net) {
    if (!query.q) {
      throw new ApiError("field_required", { param: "q", platform: "facebook", message: "Facebook finds places through Page search, which searches by name.", fix: "Send `q` (a place name); `latitude` and `longitude` then rank the places by distance." });
    }
    return searchPagePlaces(net, facebookErrorTable, facebookUrls.graph, version(net), tokens.accessToken, { ...query, q: query.q });
  },
};
