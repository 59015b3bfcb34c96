import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { searchCreators } from "../../../domain/insights/index.js";
import { searchPlaces } from "../../../domain/insights/index.js";
import { listProfilePosts, lookupPublicProfile } from "../../../domain/insights/index.js";
import { searchPosts } from "../../../domain/insights/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { CreatorsQuery, DiscoverPostsQuery, HandleParam, PlacesQuery, ProfilePostsQuery, ProfileQuery } from "./query-schema.js";
import { CreatorListSchema, DiscoveredPostListSchema, PlaceListSchema, PublicProfileSchema } from "./schema.js";

const tags = ["Discovery"];
/** What any read on one connection can answer besides its own codes. */
const accountErrors = ["account_unknown", "needs_reauth", "missing_permission", "missing_scope", "platform_unavailable", "platform_rejected"] as const;

export const discoverRoutes = new Hono<AppEnv>()
  .get(
    "/discover/posts",
    describeRoute({
      operationId: "searchPosts",
      tags,
      summary: "Search public posts across networks",
      description:
        "Runs one search on every connected account whose network has post search (or on `account`), in parallel with a timeout per network, merged by time (each network's own order is kept). Networks without search, and searches a network's rules refuse, are `problems`: Instagram searches single hashtags only (`search_keyword_unsupported` for several words), at most 30 different hashtags per account per 7 days (`hashtag_search_limit` for the 31st), `sort=recent` covers its last 24 hours, and its results carry `authorHidden: true` and no author. X searches the last 7 days.",
      security,
      responses: {
        200: jsonResponse(DiscoveredPostListSchema, "A page of posts and the networks that could not search."),
        ...errorResponses(["cursor_invalid", "account_unknown"]),
      },
    }),
    validate("query", DiscoverPostsQuery),
    async (c) => c.json(await searchPosts({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/discover/profiles/:handle",
    describeRoute({
      operationId: "getPublicProfile",
      tags,
      summary: "Look up a public profile",
      description:
        "Another account's public profile on the network of `account`. Counts are null where the network does not publish them. A numeric id is `handle_not_a_username`; Instagram answers only for professional accounts (`handle_not_found` otherwise) and only through Facebook Login; Threads only for public profiles with at least 100 followers, by exact username, and publishes no following or post count (null); LinkedIn looks up company pages only, by the vanity name in linkedin.com/company/{name} (organization variant), with followers where LinkedIn shares them and null otherwise, and never members.",
      security,
      responses: {
        200: jsonResponse(PublicProfileSchema, "The profile."),
        ...errorResponses(["handle_not_a_username", "handle_not_found", "capability_unsupported", "photo_page_door_required", "rate_limited", ...accountErrors]),
      },
    }),
    validate("param", HandleParam),
    validate("query", ProfileQuery),
    async (c) => c.json(await lookupPublicProfile({ ctx: c.get("ctx"), input: { handle: c.req.valid("param").handle, account: c.req.valid("query").account } })),
  )
  .get(
    "/discover/profiles/:handle/posts",
    describeRoute({
      operationId: "listPublicProfilePosts",
      tags,
      summary: "A public profile's posts",
      description:
        "The public posts of `handle` on the network of `account`, newest first. A network that cannot read them, a timeout or a refusal is a `problems` entry; a handle that does not exist is 404 `handle_not_found`.",
      security,
      responses: {
        200: jsonResponse(DiscoveredPostListSchema, "A page of posts."),
        ...errorResponses(["handle_not_a_username", "handle_not_found", "cursor_invalid", "account_unknown"]),
      },
    }),
    validate("param", HandleParam),
    validate("query", ProfilePostsQuery),
    async (c) => c.json(await listProfilePosts({ ctx: c.get("ctx"), input: { handle: c.req.valid("param").handle, ...c.req.valid("query") } })),
  )
  .get(
    "/discover/creators",
    describeRoute({
      operationId: "searchCreators",
      tags,
      summary: "Find creators for partnerships",
      description:
        "Searches the creator marketplace of the account's network: Instagram accounts connected through Facebook Login (`discovers.creators` on the account says whether it works before you ask). An Instagram account connected through its own login is `photo_page_door_required`; a Facebook page is `creator_marketplace_unavailable` (Meta publishes no search edge for it); other networks are `creator_search_unsupported`. A brand that has not accepted the marketplace terms is 409 `creator_marketplace_not_onboarded`. Test data is `sample: true` with `portfolioUrl: null`.",
      security,
      responses: {
        200: jsonResponse(CreatorListSchema, "A page of creators."),
        ...errorResponses([
          "creator_marketplace_not_onboarded",
          "creator_marketplace_unavailable",
          "creator_search_unsupported",
          "photo_page_door_required",
          "cursor_invalid",
          "rate_limited",
          ...accountErrors,
        ]),
      },
    }),
    validate("query", CreatorsQuery),
    async (c) => c.json(await searchCreators({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/discover/places",
    describeRoute({
      operationId: "searchPlaces",
      tags,
      summary: "Find places to tag",
      description:
        "Places on the account's network, by name (`q`) and/or near a point (`latitude` and `longitude`, always together). The `id` goes in `platformOptions.<platform>.locationId` and works only on that network (`option_invalid` elsewhere). Instagram and Facebook search Facebook Pages with a location (by name through Pages search; near a point without a name through Meta's Places Search API, nearest first); Threads uses its own location search (ids work only on Threads). Networks without place search are `place_search_unsupported`.",
      security,
      responses: {
        200: jsonResponse(PlaceListSchema, "The places found."),
        ...errorResponses(["place_search_unsupported", "photo_page_door_required", "rate_limited", ...accountErrors]),
      },
    }),
    validate("query", PlacesQuery),
    async (c) => c.json(await searchPlaces({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  );
