import type { Context, Hono, Next } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { authenticate, graphError, graphJson, type GraphNode, type GraphProfile, invalidParameter, pageOf, parseFields, selectFields, unsupportedRequest } from "../meta/graph-wire.js";
import { facebookLoginDoor as door } from "../meta/facebook-login.js";
import { mountPageSearch } from "../meta/page-search.js";
import { platform, type SandboxMedia } from "./model.js";

/**
 * Instagram's discovery edges on the simulated graph.facebook.com (Facebook-login door only):
 * hashtag search over every caption of the simulated world, business discovery of the world's
 * professional accounts, the creator marketplace (test data, as Meta's standard access gives)
 * (Page search for places is page-search.ts, shared with the Facebook simulator).
 *
 * Sandbox conventions, like a payment sandbox's test card numbers: a brand whose handle starts
 * with `not-onboarded` has not accepted the creator marketplace terms.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const HASHTAGS_PER_WEEK = 30;

interface Hashtag {
  name: string;
}
interface HashtagQuery {
  hashtagId: string;
  firstAt: string;
}
interface SampleCreator {
  username: string;
  country: string;
  interests: string[];
  biography: string;
  verified: boolean;
  experienced: boolean;
}

/** The marketplace's test creators (Meta's standard access answers test data too). */
const SAMPLE_CREATORS: SampleCreator[] = [
  { username: "sample_baker_us", country: "US", interests: ["FOOD_AND_DRINK"], biography: "Sample creator: bread and pastry (test data).", verified: false, experienced: true },
  { username: "sample_runner_gb", country: "GB", interests: ["FITNESS_AND_WORKOUTS"], biography: "Sample creator: running and training (test data).", verified: true, experienced: false },
  { username: "sample_stylist_fr", country: "FR", interests: ["FASHION", "BEAUTY"], biography: "Sample creator: fashion and beauty (test data).", verified: false, experienced: true },
  { username: "sample_chef_de", country: "DE", interests: ["FOOD_AND_DRINK"], biography: "Sample creator: home cooking (test data).", verified: false, experienced: false },
];

const respond = (picked: GraphNode | Response) => (picked instanceof Response ? picked : graphJson(picked));
const tagPattern = (tag: string) => new RegExp(`(^|[^\\p{L}\\p{N}_])#${tag}(?![\\p{L}\\p{N}_])`, "iu");

/** Records of the world created once, with stable ids, the first time anyone looks. */
async function sampleCreators(deps: SimulatorDeps): Promise<{ id: string; data: SampleCreator }[]> {
  const existing = await deps.store.list<SampleCreator>(platform, "sample_creator");
  const out = existing.length > 0 ? existing.map((r) => ({ id: r.id, data: r.data })) : SAMPLE_CREATORS.map((data) => ({ id: `17841${numericId(12)}`, data }));
  if (existing.length === 0) for (const { id, data } of out) await deps.store.put(platform, "sample_creator", id, data, null);
  return out.sort((a, b) => a.data.username.localeCompare(b.data.username));
}

async function mediaWithTag(deps: SimulatorDeps, tag: string, since: number): Promise<{ id: string; media: SandboxMedia }[]> {
  const pattern = tagPattern(tag);
  return (await deps.store.list<SandboxMedia>(platform, "media"))
    .filter((r) => pattern.test(r.data.caption) && Date.parse(r.data.publishedAt) >= since)
    .map((r) => ({ id: r.id, media: r.data }))
    .sort((a, b) => b.media.publishedAt.localeCompare(a.media.publishedAt) || b.id.localeCompare(a.id));
}

/** The media node as hashtag and discovery edges show it; the owner is never part of a hashtag result. */
function mediaNode(id: string, media: SandboxMedia): GraphNode {
  return {
    id,
    caption: media.caption,
    media_type: media.mediaType ?? "IMAGE",
    permalink: `https://www.instagram.com/p/${media.shortcode ?? id}/`,
    // The sandbox keeps no likes or comments of Instagram media: what it counts is what exists.
    like_count: 0,
    comments_count: 0,
    timestamp: media.publishedAt.replace(/\.\d{3}Z$/, "+0000"),
  };
}

/** `business_discovery.username(x){fields}` split into the username and the inner field list. */
function discoveryField(fields: string | undefined): { username: string; inner: string } | null {
  const match = /^business_discovery\.username\(([^)]*)\)\{(.*)\}$/.exec(fields ?? "");
  return match ? { username: match[1] ?? "", inner: match[2] ?? "" } : null;
}

async function businessDiscovery(c: Context, deps: SimulatorDeps, profile: GraphProfile, asked: { username: string; inner: string }): Promise<Response> {
  const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_basic" });
  if (!auth.ok) return auth.response;
  if (c.req.param("nodeId") !== auth.account.id) return unsupportedRequest("GET", c.req.param("nodeId") ?? "");
  const target = (await deps.store.list<SandboxAccount>(platform, "account")).map((r) => r.data).find((a) => a.handle.toLowerCase() === asked.username.toLowerCase());
  // Business discovery answers only for professional accounts; every simulated Instagram account is one.
  if (!target) return graphError(400, { message: "Invalid user id", type: "OAuthException", code: 110, error_subcode: 2207013 });
  const media = (await deps.store.list<SandboxMedia>(platform, "media", { owner: target.id }))
    .map((r) => ({ id: r.id, media: r.data }))
    .sort((a, b) => b.media.publishedAt.localeCompare(a.media.publishedAt) || b.id.localeCompare(a.id));
  // The nested media edge takes `.after(cursor)` and `.limit(n)` modifiers; strip them before selecting.
  const mediaSpec = /media((?:\.(?:after|limit)\([^)]*\))*)\{/.exec(asked.inner);
  const after = mediaSpec ? /\.after\(([^)]*)\)/.exec(mediaSpec[1] ?? "")?.[1] : undefined;
  const limit = Number((mediaSpec ? /\.limit\((\d+)\)/.exec(mediaSpec[1] ?? "")?.[1] : undefined) ?? "25");
  const start = after ? media.findIndex((m) => m.id === after) + 1 : 0;
  const slice = media.slice(start, start + limit);
  const more = start + limit < media.length;
  const last = slice.at(-1);
  const node: GraphNode = {
    id: target.id,
    username: target.handle,
    name: target.displayName,
    biography: "A Chorus sandbox account. Nothing here is real.",
    website: "https://sandbox.chorus.invalid",
    profile_picture_url: target.avatarUrl,
    followers_count: 0,
    follows_count: 0,
    media_count: media.length,
    media: { data: slice.map((m) => mediaNode(m.id, m.media)), ...(last ? { paging: { cursors: { after: last.id }, ...(more ? { next: `https://graph.facebook.com/sandbox-next` } : {}) } } : {}) },
  };
  const inner = asked.inner.replace(/media(?:\.(?:after|limit)\([^)]*\))*\{/, "media{");
  const picked = selectFields(node, inner, "id", "IGUser");
  return respond(picked instanceof Response ? picked : { business_discovery: picked, id: auth.account.id });
}

export function mountInstagramDiscovery(graph: Hono, profile: GraphProfile, deps: SimulatorDeps): void {
  mountPageSearch(graph, profile, deps);
  graph.get("/:version/ig_hashtag_search", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_basic" });
    if (!auth.ok) return auth.response;
    if (c.req.query("user_id") !== auth.account.id) return invalidParameter("(#100) The parameter user_id is required and must be the app user's Instagram account");
    const name = (c.req.query("q") ?? "").toLowerCase();
    if (!/^[\p{L}\p{N}_]+$/u.test(name)) return invalidParameter("(#100) Invalid parameter q: a hashtag name without # and spaces is required");
    let hashtag = (await deps.store.list<Hashtag>(platform, "hashtag")).find((r) => r.data.name === name);
    if (!hashtag) {
      const id = numericId(17);
      await deps.store.put<Hashtag>(platform, "hashtag", id, { name }, null);
      hashtag = { id, owner: null, data: { name }, createdAt: deps.now().toISOString() };
    }
    // 30 unique hashtags per rolling 7 days; a repeat inside its window is free and keeps its time.
    const now = deps.now().getTime();
    const key = `${auth.account.id}:${hashtag.id}`;
    const queries = (await deps.store.list<HashtagQuery>(platform, "hashtag_query", { owner: auth.account.id })).filter((r) => now - Date.parse(r.data.firstAt) < WEEK_MS);
    if (!queries.some((r) => r.id === key)) {
      // Meta documents the limit, not its error body; the sandbox answers a Graph (#4)-style refusal (unverified).
      if (queries.length >= HASHTAGS_PER_WEEK)
        return graphError(400, { message: "(#4) You have reached the maximum number of unique hashtags that can be queried in a 7 day period", type: "OAuthException", code: 4 });
      await deps.store.put<HashtagQuery>(platform, "hashtag_query", key, { hashtagId: hashtag.id, firstAt: deps.now().toISOString() }, auth.account.id);
    }
    return graphJson({ data: [{ id: hashtag.id }] });
  });

  const hashtagEdge = (recent: boolean) => async (c: Context) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_basic" });
    if (!auth.ok) return auth.response;
    if (c.req.query("user_id") !== auth.account.id) return invalidParameter("(#100) The parameter user_id is required");
    const hashtag = await deps.store.get<Hashtag>(platform, "hashtag", c.req.param("hashtagId") ?? "");
    if (!hashtag) return unsupportedRequest("GET", c.req.param("hashtagId") ?? "");
    const fields = parseFields(c.req.query("fields") ?? "id").map((f) => f.name);
    // Hashtag media never name their owner.
    const hidden = fields.find((f) => f === "username" || f === "owner");
    if (hidden) return invalidParameter(`(#100) Tried accessing nonexisting field (${hidden}) on node type (ShadowIGHashtagMedia)`);
    // recent_media covers the last 24 hours only.
    const found = await mediaWithTag(deps, hashtag.data.name, recent ? deps.now().getTime() - DAY_MS : 0);
    const nodes: GraphNode[] = [];
    for (const { id, media } of found) {
      const picked = selectFields(mediaNode(id, media), c.req.query("fields"), "id", "ShadowIGHashtagMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes, 50));
  };
  graph.get("/:version/:hashtagId/top_media", hashtagEdge(false));
  graph.get("/:version/:hashtagId/recent_media", hashtagEdge(true));

  graph.get("/:version/:igUserId/creator_marketplace_creators", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "instagram_creator_marketplace_discovery" });
    if (!auth.ok) return auth.response;
    if (!auth.meta?.pageId) return graphError(400, { message: "(#200) This endpoint requires a Page access token of the Page linked to the Instagram account", type: "OAuthException", code: 200 });
    if (c.req.param("igUserId") !== auth.account.id) return unsupportedRequest("GET", c.req.param("igUserId"));
    if (auth.account.handle.toLowerCase().startsWith("not-onboarded")) {
      return graphError(400, {
        message: "(#10) The brand has not onboarded to the Instagram creator marketplace: accept the Instagram Creator Marketplace Terms of Service first",
        type: "OAuthException",
        code: 10,
      });
    }
    let countries: string[] = [];
    const rawCountries = c.req.query("creator_countries");
    if (rawCountries) {
      try {
        const parsed = JSON.parse(rawCountries) as unknown;
        if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === "string")) throw new Error("not a list");
        countries = parsed.map((x) => String(x).toUpperCase());
      } catch {
        return invalidParameter("(#100) Param creator_countries must be a JSON array of country codes");
      }
    }
    const words = (c.req.query("query") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const creators = (await sampleCreators(deps))
      .filter(({ data }) => countries.length === 0 || countries.includes(data.country))
      .filter(({ data }) => words.every((w) => `${data.biography} ${data.interests.join(" ")} ${data.username}`.toLowerCase().includes(w)))
      .map(
        ({ id, data }): GraphNode => ({
          id,
          username: data.username,
          is_account_verified: data.verified,
          biography: data.biography,
          country: data.country,
          profile_picture_url: null,
          has_brand_partnership_experience: data.experienced,
        }),
      );
    const nodes: GraphNode[] = [];
    for (const creator of creators) {
      const picked = selectFields(creator, c.req.query("fields"), "id,username", "CreatorMarketplaceCreator");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes, 50));
  });

  /** Business discovery rides on the IG user node's `fields`; other reads of the node go on to its own route. */
  graph.get("/:version/:nodeId", async (c, next: Next) => {
    const asked = discoveryField(c.req.query("fields"));
    if (!asked) return next();
    return businessDiscovery(c, deps, profile, asked);
  });
}
