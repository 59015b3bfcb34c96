import { ApiError } from "../../infra/errors.js";
import type { DiscoverFacet } from "../facets/discover.js";
import type { NetworkContext } from "../types.js";
import { facebookDefaultApiVersion, facebookUrls } from "../meta/facebook-graph.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { searchPagePlaces, searchPlacesNear } from "../meta/page-search.js";

/**
 * Facebook's discovery: places through Page search. Facebook has a creator marketplace (Creator
 * Discovery), but Meta has not published the path of its search edge, so creator search is
 * `creator_marketplace_unavailable` rather than absent. Post search and public profiles have no
 * Graph API for pages Chorus does not manage.
 */
const version = (net: NetworkContext) => net.config.apiVersion ?? facebookDefaultApiVersion;

export const facebookDiscover: DiscoverFacet = {
  creatorMarketplace: "unpublished",
  noCreatorSearch: {
    message:
      "Facebook has a creator marketplace (Creator Discovery, permission facebook_creator_marketplace_discovery), but Meta has not published the path of its search edge, so no app can call it.",
    fix: "Search creators with an Instagram account connected through Facebook Login (variant facebook_login): the Instagram Creator Marketplace API is published and reaches the same brands' creators.",
  },
  noProfileLookup: {
    message:
      "Facebook's Graph API reads only the pages the connected person manages: another page needs Meta's Page Public Metadata Access feature (App Review), which Chorus does not request, and people's profiles are not readable by any app.",
    fix: "Look up a page's Instagram professional account with an Instagram account connected through Facebook Login, or find a page with a location through GET /v1/discover/places?q=<name>.",
  },

  async searchPlaces(tokens, query, net) {
    if (query.q) return searchPagePlaces(net, facebookErrorTable, facebookUrls.graph, version(net), tokens.accessToken, { ...query, q: query.q });
    if (query.latitude === undefined || query.longitude === undefined) {
      throw new ApiError("field_required", {
        param: "q",
        platform: "facebook",
        message: "A place search needs `q`, or `latitude` and `longitude`.",
        fix: "Send `q` (a place name), or a point as `latitude` and `longitude`.",
      });
    }
    return searchPlacesNear(net, facebookErrorTable, facebookUrls.graph, version(net), tokens.accessToken, { latitude: query.latitude, longitude: query.longitude });
  },
};
