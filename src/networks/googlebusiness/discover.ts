import type { DiscoverFacet } from "../facets/discover.js";

/**
 * Google Business Profile's discover facet has no reads, only the reason place search is absent:
 * googleLocations:search exists, but it finds Maps listings to claim (with requestAdminRightsUrl),
 * and a local post carries no place tag: offering it as place search would hand out unusable ids.
 */
export const googleBusinessDiscover: DiscoverFacet = {
  noPlaceSearch: {
    message:
      "Google Business Profile posts carry no place tag: a local post belongs to the location it is published to. Google's location search finds Maps listings to claim, which is not something a post can use.",
    fix: "Choose where a Google Business Profile post goes with platformOptions.googlebusiness.location, from GET /v1/social-accounts/{id}/targets.",
  },
};
