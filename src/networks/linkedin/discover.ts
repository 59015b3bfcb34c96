import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { DiscoverFacet, NetworkPublicProfile } from "../facets/discover.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinScopes, linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * LinkedIn public profiles are organisations only (Organization Lookup API, Community Management):
 * `GET /rest/organizations?q=vanityName&vanityName=` (permission rw_organization_admin, a
 * three-legged token) finds a company page by the name in its URL, linkedin.com/company/{vanityName};
 * a non-administrator gets the lookup fields (id, localizedName, vanityName, localizedWebsite,
 * logo). LinkedIn has no lookup of members by anyone but themselves. Followers come from
 * `GET /rest/networkSizes/{org urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` when LinkedIn lets the
 * connection read it (refused: null, not 0); there is no following or post count.
 */

const Organizations = v.object({
  elements: v.array(
    v.object({
      id: v.number(),
      localizedName: v.optional(v.string()),
      vanityName: v.optional(v.string()),
      localizedWebsite: v.optional(v.string()),
      localizedDescription: v.optional(v.string()),
    }),
  ),
});
const NetworkSize = v.object({ firstDegreeSize: v.number() });

async function followersOf(tokens: TokenSet, net: NetworkContext, id: number): Promise<number | null> {
  try {
    const url = `${linkedinUrls.rest}/networkSizes/${encodeURIComponent(`urn:li:organization:${id}`)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`;
    const response = await callNetwork(net, linkedinErrorTable, url, { headers: linkedinRestHeaders(tokens, net) });
    return parseNetworkBody("linkedin", NetworkSize, response.body, "networkSizes").firstDegreeSize;
  } catch (error) {
    // A page the member has no role on may keep its count to itself: the profile is still the answer.
    if (error instanceof ApiError && (error.code === "missing_scope" || error.code === "missing_permission")) return null;
    throw error;
  }
}

export const linkedinDiscover: DiscoverFacet = {
  async lookupProfile(tokens, handle, _caller, net): Promise<NetworkPublicProfile> {
    if (!tokens.scopes.includes(linkedinScopes.organizationAdmin)) {
      throw new ApiError("missing_scope", {
        param: "account",
        platform: "linkedin",
        message: "LinkedIn looks organisations up only for connections with rw_organization_admin (Community Management API), which this one lacks.",
        fix: "Reconnect LinkedIn with the organization variant (GET /v1/connect-link?platform=linkedin&variant=organization).",
      });
    }
    const url = new URL(`${linkedinUrls.rest}/organizations`);
    url.searchParams.set("q", "vanityName");
    url.searchParams.set("vanityName", handle);
    const response = await callNetwork(net, linkedinErrorTable, url.toString(), { headers: linkedinRestHeaders(tokens, net) });
    const organization = parseNetworkBody("linkedin", Organizations, response.body, "organizations vanityName").elements[0];
    if (!organization) {
      throw new ApiError("handle_not_found", {
        param: "handle",
        platform: "linkedin",
        message: `No LinkedIn company page has the vanity name ${handle}. LinkedIn looks up organisations only (the name in linkedin.com/company/{name}); members cannot be looked up.`,
        fix: "Use the name from the page's URL, linkedin.com/company/{name}. A person's profile cannot be read through LinkedIn's API.",
      });
    }
    const vanity = organization.vanityName ?? handle;
    return {
      id: `urn:li:organization:${organization.id}`,
      handle: vanity,
      displayName: organization.localizedName ?? null,
      bio: organization.localizedDescription ?? null,
      // The logo is an image URN (logoV2), not a URL anyone can open.
      avatarUrl: null,
      url: `https://www.linkedin.com/company/${vanity}/`,
      website: organization.localizedWebsite ?? null,
      verified: null,
      followersCount: await followersOf(tokens, net, organization.id),
      followingCount: null,
      postsCount: null,
    };
  },
};
