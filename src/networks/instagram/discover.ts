import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { extractGraphError, extraString, graphUrl, parseGraphBody } from "../meta/graph.js";
import { searchPagePlaces, searchPlacesNear } from "../meta/page-search.js";
import type { DiscoveredMediaType, DiscoveredPost, DiscoverFacet, NetworkCreator } from "../facets/discover.js";
import { classifyFailure, readBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramUrls } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";
import { doorOf, igVersion } from "./connect.js";

/**
 * Instagram's public reads, all through the Facebook-login door (graph.facebook.com): hashtag
 * search (`ig_hashtag_search`, then the hashtag's `top_media` or `recent_media`), business
 * discovery of professional accounts, the creator marketplace (with the linked Page's token) and
 * places, which are Facebook Pages with a location (`pages/search`); their Page id is what
 * Instagram takes as `location_id`. The Instagram-login door has none of these.
 *
 * Hashtag results never say who posted them (the edges have no owner field), so every result is
 * `authorHidden`. Chorus enforces the search rules before calling (`postSearchRules`).
 */

const MEDIA_FIELDS = "id,caption,media_type,permalink,like_count,comments_count,timestamp";
const PROFILE_FIELDS = "id,username,name,biography,website,profile_picture_url,followers_count,follows_count,media_count";
const CREATOR_FIELDS = "id,username,is_account_verified,biography,country,profile_picture_url,has_brand_partnership_experience";
/** Graph's page size cap on the hashtag edges. */
const MAX_HASHTAG_PAGE = 50;

const Media = v.object({
  id: v.string(),
  caption: v.optional(v.string()),
  media_type: v.optional(v.string()),
  permalink: v.optional(v.string()),
  like_count: v.optional(v.number()),
  comments_count: v.optional(v.number()),
  timestamp: v.optional(v.string()),
  username: v.optional(v.string()),
});
const Paging = v.optional(v.object({ cursors: v.optional(v.object({ after: v.optional(v.string()) })), next: v.optional(v.string()) }));
const MediaPage = v.object({ data: v.array(Media), paging: Paging });
const HashtagSearch = v.object({ data: v.array(v.object({ id: v.string() })) });
const Discovery = v.object({
  business_discovery: v.object({
    id: v.string(),
    username: v.string(),
    name: v.optional(v.string()),
    biography: v.optional(v.string()),
    website: v.optional(v.string()),
    profile_picture_url: v.optional(v.string()),
    followers_count: v.optional(v.number()),
    follows_count: v.optional(v.number()),
    media_count: v.optional(v.number()),
    media: v.optional(MediaPage),
  }),
});
const Creators = v.object({
  data: v.array(
    v.object({
      id: v.string(),
      username: v.string(),
      is_account_verified: v.optional(v.boolean()),
      biography: v.optional(v.string()),
      country: v.optional(v.string()),
      profile_picture_url: v.optional(v.string()),
      has_brand_partnership_experience: v.optional(v.boolean()),
    }),
  ),
  paging: Paging,
});
const PageToken = v.object({ id: v.string(), access_token: v.string() });

function requireDoor(tokens: TokenSet, feature: string): void {
  if (doorOf(tokens) !== "facebook_login") {
    throw new ApiError("photo_page_door_required", { param: "account", platform: "instagram", message: `Instagram's ${feature} works only on accounts connected through Facebook Login.` });
  }
}

type GraphAnswer = { ok: true; body: unknown } | { ok: false; error: ApiError; code: string | null; subcode: string | null; message: string };

/** A Graph GET whose refusal the caller may need to tell apart before it is classified. */
async function graphGet(net: NetworkContext, url: string): Promise<GraphAnswer> {
  let response: Response;
  try {
    response = await net.fetch(url);
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError("platform_unavailable", { platform: "instagram", message: "instagram could not be reached" });
  }
  const body = await readBody(response);
  if (response.ok) return { ok: true, body };
  const failure = { status: response.status, headers: response.headers, body };
  const extracted = extractGraphError(failure);
  return { ok: false, error: classifyFailure(table, failure, net.now()), code: extracted.networkCode, subcode: extracted.subcode, message: extracted.message };
}

async function graphRead<S extends v.GenericSchema>(net: NetworkContext, url: string, schema: S): Promise<v.InferOutput<S>> {
  const answer = await graphGet(net, url);
  if (!answer.ok) throw answer.error;
  return parseGraphBody(table, schema, answer.body);
}

const api = (net: NetworkContext, path: string, params: Record<string, string | undefined>) => graphUrl(instagramUrls.facebookGraph, igVersion(net), path, params);

function mediaTypeOf(type: string | undefined): DiscoveredMediaType {
  if (type === "VIDEO" || type === "REELS") return "video";
  if (type === "IMAGE" || type === "CAROUSEL_ALBUM") return "image";
  return "text";
}

function toPost(media: v.InferOutput<typeof Media>, author: { id: string; username: string } | null): DiscoveredPost | null {
  if (!media.timestamp || Number.isNaN(Date.parse(media.timestamp))) return null;
  return {
    id: media.id,
    url: media.permalink ?? null,
    text: media.caption ?? null,
    author: author ? { id: author.id, handle: author.username, displayName: null, avatarUrl: null, url: `https://www.instagram.com/${author.username}/` } : null,
    authorHidden: author === null,
    mediaType: mediaTypeOf(media.media_type),
    createdAt: new Date(media.timestamp).toISOString(),
    likeCount: media.like_count ?? null,
    replyCount: media.comments_count ?? null,
    // Instagram publishes no repost count on media.
    repostCount: null,
  };
}

/** Business discovery's refusal of a username it cannot show: unknown, personal, or age-gated (code 110 "Invalid user id" in the sandbox; unverified against a live app). */
const notProfessional = (answer: Extract<GraphAnswer, { ok: false }>) => answer.code === "110" || answer.subcode === "2207013";

async function discovery(tokens: TokenSet, handle: string, fields: string, net: NetworkContext): Promise<v.InferOutput<typeof Discovery>["business_discovery"]> {
  requireDoor(tokens, "business discovery");
  const igUserId = extraString(tokens, "igUserId", "instagram");
  const answer = await graphGet(net, api(net, igUserId, { fields: `business_discovery.username(${handle}){${fields}}`, access_token: tokens.accessToken }));
  if (!answer.ok) {
    if (notProfessional(answer)) {
      throw new ApiError("handle_not_found", {
        param: "handle",
        platform: "instagram",
        message: `Instagram shows no professional account named ${handle}: business discovery answers only for public business and creator accounts.`,
      });
    }
    throw answer.error;
  }
  return parseGraphBody(table, Discovery, answer.body).business_discovery;
}

export const instagramDiscover: DiscoverFacet = {
  postSearchRules: { tagOnly: true, uniqueTagsPerWeek: 30, recentWindowHours: 24 },

  async searchPosts(tokens, query, page, net) {
    requireDoor(tokens, "hashtag search");
    const igUserId = extraString(tokens, "igUserId", "instagram");
    // The network cursor carries the hashtag id, so only the first page spends a hashtag search.
    const [knownId, after] = page.cursor ? page.cursor.split(" ") : [];
    let hashtagId = knownId;
    if (!hashtagId) {
      const found = await graphRead(net, api(net, "ig_hashtag_search", { user_id: igUserId, q: query.q.trim().replace(/^#+/, ""), access_token: tokens.accessToken }), HashtagSearch);
      hashtagId = found.data[0]?.id;
      if (!hashtagId) return { items: [], cursor: null };
    }
    const edge = query.sort === "recent" ? "recent_media" : "top_media";
    const body = await graphRead(
      net,
      api(net, `${hashtagId}/${edge}`, { user_id: igUserId, fields: MEDIA_FIELDS, limit: String(Math.min(MAX_HASHTAG_PAGE, page.limit)), after, access_token: tokens.accessToken }),
      MediaPage,
    );
    const since = query.since ? Date.parse(query.since) : Number.NEGATIVE_INFINITY;
    const until = query.until ? Date.parse(query.until) : Number.POSITIVE_INFINITY;
    const items = body.data
      .flatMap((m) => toPost(m, null) ?? [])
      .filter((p) => (!query.mediaType || p.mediaType === query.mediaType) && Date.parse(p.createdAt) >= since && Date.parse(p.createdAt) < until);
    const next = body.paging?.next ? body.paging.cursors?.after : undefined;
    return { items, cursor: next ? `${hashtagId} ${next}` : null };
  },

  async lookupProfile(tokens, handle, _caller, net) {
    const found = await discovery(tokens, handle, PROFILE_FIELDS, net);
    return {
      id: found.id,
      handle: found.username,
      displayName: found.name ?? null,
      bio: found.biography ?? null,
      avatarUrl: found.profile_picture_url ?? null,
      url: `https://www.instagram.com/${found.username}/`,
      website: found.website ?? null,
      // Business discovery has no verification field.
      verified: null,
      followersCount: found.followers_count ?? null,
      followingCount: found.follows_count ?? null,
      postsCount: found.media_count ?? null,
    };
  },

  async profilePosts(tokens, handle, page, net) {
    const size = Math.min(MAX_HASHTAG_PAGE, page.limit);
    const media = page.cursor ? `media.after(${page.cursor}).limit(${size})` : `media.limit(${size})`;
    const found = await discovery(tokens, handle, `id,username,${media}{${MEDIA_FIELDS}}`, net);
    const items = (found.media?.data ?? []).flatMap((m) => toPost(m, { id: found.id, username: found.username }) ?? []);
    const next = found.media?.paging?.next ? found.media.paging.cursors?.after : undefined;
    return { items, cursor: next ?? null };
  },

  creatorsNeedDoor: "facebook_login",

  async searchCreators(tokens, query, _caller, net) {
    requireDoor(tokens, "creator marketplace");
    const igUserId = extraString(tokens, "igUserId", "instagram");
    const pageId = extraString(tokens, "pageId", "instagram");
    // The marketplace answers only the Page access token of the Page linked to the brand's account.
    const page = await graphRead(net, api(net, pageId, { fields: "access_token", access_token: tokens.accessToken }), PageToken);
    const answer = await graphGet(
      net,
      api(net, `${igUserId}/creator_marketplace_creators`, {
        fields: CREATOR_FIELDS,
        query: query.q,
        creator_countries: query.countries.length > 0 ? JSON.stringify(query.countries) : undefined,
        limit: String(query.limit),
        after: query.cursor ?? undefined,
        access_token: page.access_token,
      }),
    );
    if (!answer.ok) {
      // Meta names no code for a brand that has not accepted the marketplace terms; its refusal says so in words.
      if (/terms of service|not onboarded|onboard/i.test(answer.message)) {
        throw new ApiError("creator_marketplace_not_onboarded", {
          param: "account",
          platform: "instagram",
          message: "This brand has not accepted Instagram's creator marketplace terms.",
          fix: "A person who manages the brand must accept them: Meta Business Suite > All tools > Creator marketplace > Get started > accept the Instagram Creator Marketplace Terms (or connect the account again through Facebook Login and accept them when asked). Then search again.",
        });
      }
      throw answer.error;
    }
    const body = parseGraphBody(table, Creators, answer.body);
    const items = body.data.map(
      (c): NetworkCreator => ({
        id: c.id,
        handle: c.username,
        displayName: null,
        avatarUrl: c.profile_picture_url ?? null,
        bio: c.biography ?? null,
        country: c.country ?? null,
        categories: [],
        portfolioUrl: `https://www.instagram.com/${c.username}/`,
        verified: c.is_account_verified ?? null,
        hasBrandPartnershipExperience: c.has_brand_partnership_experience ?? null,
        followsBrand: null,
        sample: false,
      }),
    );
    const next = body.paging?.next ? body.paging.cursors?.after : undefined;
    return { items, cursor: next ?? null };
  },

  async searchPlaces(tokens, query, net) {
    requireDoor(tokens, "place search");
    if (query.q) return searchPagePlaces(net, table, instagramUrls.facebookGraph, igVersion(net), tokens.accessToken, { ...query, q: query.q });
    if (query.latitude === undefined || query.longitude === undefined) {
      throw new ApiError("field_required", {
        param: "q",
        platform: "instagram",
        message: "A place search needs `q`, or `latitude` and `longitude`.",
        fix: "Send `q` (a place name), or a point as `latitude` and `longitude`.",
      });
    }
    return searchPlacesNear(net, table, instagramUrls.facebookGraph, igVersion(net), tokens.accessToken, { latitude: query.latitude, longitude: query.longitude });
  },
};
