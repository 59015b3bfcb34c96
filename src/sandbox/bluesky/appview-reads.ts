import type { Context, Hono } from "hono";
import { BLUESKY_METHODS } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, findAccount, PLATFORM, scopeFault } from "./accounts.js";
import { countsOf, type WorldRecord } from "./appview-counts.js";
import { profileBasic } from "./appview.js";
import { atIdentifierError, isAtIdentifier } from "./handles.js";
import type { StoredRecord } from "./repo.js";
import { xrpcError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";

/**
 * The AppView's public reads as the simulated PDS proxies them: `app.bsky.feed.searchPosts`
 * and `app.bsky.feed.getAuthorFeed` (profiles are appview.ts's), over every repository of the
 * simulated world. Counts (likes, reposts, replies, quotes) are counted from the records that
 * exist, as the AppView's indexer counts them. Search matches as the reference AppView's dev
 * search does: every word of `q` must appear in the text.
 */

const path = (nsid: string) => `/xrpc/${nsid}`;
const AUTHOR_FEED_FILTERS = ["posts_with_replies", "posts_no_replies", "posts_with_media", "posts_and_author_threads", "posts_with_video"];

interface Post {
  uri: string;
  did: string;
  cid: string;
  value: Record<string, unknown>;
  createdAt: string;
}

/**
 * Every record of the world, read once per request: the posts to search and page, and the
 * records the AppView counts (the counting rule is appview-counts.ts's, shared with getPosts).
 */
async function world(deps: SimulatorDeps) {
  const records: WorldRecord[] = [];
  const posts: Post[] = [];
  for (const { id, data } of await deps.store.list<StoredRecord>(PLATFORM, "record")) {
    const [did = "", collection = "", rkey = ""] = id.split("/");
    records.push({ did, collection, rkey, record: data });
    if (collection !== "app.bsky.feed.post") continue;
    const value = data.value;
    const createdAt = typeof value.createdAt === "string" && !Number.isNaN(Date.parse(value.createdAt)) ? new Date(value.createdAt).toISOString() : new Date(0).toISOString();
    posts.push({ uri: `at://${did}/${collection}/${rkey}`, did, cid: data.cid, value, createdAt });
  }
  const counted = new Map<string, ReturnType<typeof countsOf>>();
  const counts = (uri: string) => {
    let found = counted.get(uri);
    if (!found) counted.set(uri, (found = countsOf(records, uri)));
    return found;
  };
  return { posts, counts };
}

type World = Awaited<ReturnType<typeof world>>;

/** The view of a record's embed, enough for a client to tell images, video, links and quotes apart. */
function embedView(did: string, embed: unknown): Record<string, unknown> | undefined {
  if (!isRecord(embed) || typeof embed.$type !== "string") return undefined;
  const cdn = (blob: unknown, kind: string) => {
    const link = isRecord(blob) && isRecord(blob.ref) && typeof blob.ref.$link === "string" ? blob.ref.$link : "";
    return `https://cdn.bsky.app/img/${kind}/plain/${did}/${link}@jpeg`;
  };
  if (embed.$type === "app.bsky.embed.images" && Array.isArray(embed.images)) {
    return {
      $type: "app.bsky.embed.images#view",
      images: embed.images.map((image) => ({
        thumb: cdn(isRecord(image) ? image.image : null, "feed_thumbnail"),
        fullsize: cdn(isRecord(image) ? image.image : null, "feed_fullsize"),
        alt: isRecord(image) && typeof image.alt === "string" ? image.alt : "",
      })),
    };
  }
  if (embed.$type === "app.bsky.embed.video")
    return { $type: "app.bsky.embed.video#view", cid: isRecord(embed.video) && isRecord(embed.video.ref) ? embed.video.ref.$link : "", playlist: `https://video.bsky.app/watch/${did}/playlist.m3u8` };
  if (embed.$type === "app.bsky.embed.external" && isRecord(embed.external))
    return { $type: "app.bsky.embed.external#view", external: { uri: embed.external.uri, title: embed.external.title ?? "", description: embed.external.description ?? "" } };
  return { $type: `${embed.$type}#view` };
}

async function postViews(deps: SimulatorDeps, w: World, posts: Post[]) {
  const accounts = new Map<string, SandboxAccount | null>();
  for (const p of posts) if (!accounts.has(p.did)) accounts.set(p.did, (await deps.store.get<SandboxAccount>(PLATFORM, "account", p.did))?.data ?? null);
  return posts.map((p) => {
    const embed = embedView(p.did, p.value.embed);
    return {
      uri: p.uri,
      cid: p.cid,
      author: profileBasic(accounts.get(p.did) ?? null, p.did),
      record: p.value,
      ...(embed ? { embed } : {}),
      ...w.counts(p.uri),
      indexedAt: p.createdAt,
      viewer: {},
      labels: [],
    };
  });
}

/** Tags of a post: its tag facets and its `tags` field, lower case, as the AppView indexes them. */
function tagsOf(value: Record<string, unknown>): string[] {
  const tags = Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === "string") : [];
  for (const facet of Array.isArray(value.facets) ? value.facets : []) {
    for (const feature of isRecord(facet) && Array.isArray(facet.features) ? facet.features : []) {
      if (isRecord(feature) && feature.$type === "app.bsky.richtext.facet#tag" && typeof feature.tag === "string") tags.push(feature.tag);
    }
  }
  return tags.map((t) => t.toLowerCase());
}

function limitOf(c: Context, fallback: number): number | Response {
  const limit = Number(c.req.query("limit") ?? String(fallback));
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return xrpcError(c, 400, "InvalidRequest", "limit must be an integer between 1 and 100");
  return limit;
}

function timeOf(value: string | undefined): number | null | "invalid" {
  if (value === undefined) return null;
  // The lexicon takes a datetime or a YYYY-MM-DD date (read as midnight UTC).
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? "invalid" : ms;
}

async function resolveActor(deps: SimulatorDeps, actor: string): Promise<SandboxAccount | null | "invalid"> {
  if (!isAtIdentifier(actor)) return "invalid";
  return findAccount(deps, actor);
}

async function gate(c: Context, deps: SimulatorDeps): Promise<Response | null> {
  const auth = await authenticate(c, deps, "access");
  if (!auth.ok) return auth.response;
  return (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
}

export function mountAppViewReads(app: Hono, deps: SimulatorDeps): void {
  app.get(path(BLUESKY_METHODS.searchPosts), async (c) => {
    const refused = await gate(c, deps);
    if (refused) return refused;
    const q = c.req.query("q");
    if (!q) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "q"');
    const limit = limitOf(c, 25);
    if (limit instanceof Response) return limit;
    const sort = c.req.query("sort") ?? "latest";
    if (sort !== "top" && sort !== "latest") return xrpcError(c, 400, "InvalidRequest", "sort must be one of top, latest");
    const since = timeOf(c.req.query("since"));
    const until = timeOf(c.req.query("until"));
    if (since === "invalid" || until === "invalid") return xrpcError(c, 400, "InvalidRequest", "since and until must be datetimes or YYYY-MM-DD dates");
    const authorParam = c.req.query("author");
    const author = authorParam ? await resolveActor(deps, authorParam) : null;
    if (author === "invalid") return xrpcError(c, 400, "InvalidRequest", atIdentifierError("author"));
    if (authorParam && author === null) return c.json({ posts: [], hitsTotal: 0 });
    const tags = (c.req.queries("tag") ?? []).map((t) => t.toLowerCase());
    const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
    const w = await world(deps);
    const matches = w.posts.filter((p) => {
      const text = typeof p.value.text === "string" ? p.value.text.toLowerCase() : "";
      const at = Date.parse(p.createdAt);
      if (since !== null && at < since) return false;
      if (until !== null && at >= until) return false;
      if (author && p.did !== author.id) return false;
      const postTags = tagsOf(p.value);
      if (!tags.every((t) => postTags.includes(t))) return false;
      return terms.every((t) => (t.startsWith("#") ? postTags.includes(t.slice(1)) || text.includes(t) : text.includes(t)));
    });
    const engagement = (p: Post) => {
      const { likeCount, repostCount, replyCount } = w.counts(p.uri);
      return likeCount + repostCount + replyCount;
    };
    matches.sort((a, b) => (sort === "top" && engagement(a) !== engagement(b) ? engagement(b) - engagement(a) : b.createdAt.localeCompare(a.createdAt) || (b.uri < a.uri ? -1 : 1)));
    const cursor = c.req.query("cursor");
    const offset = cursor ? Number(cursor) : 0;
    if (!Number.isInteger(offset) || offset < 0) return xrpcError(c, 400, "InvalidRequest", "Malformed cursor");
    const page = matches.slice(offset, offset + limit);
    const next = offset + limit < matches.length ? String(offset + limit) : undefined;
    return c.json({ posts: await postViews(deps, w, page), hitsTotal: matches.length, ...(next ? { cursor: next } : {}) });
  });

  app.get(path(BLUESKY_METHODS.getAuthorFeed), async (c) => {
    const refused = await gate(c, deps);
    if (refused) return refused;
    const actor = c.req.query("actor");
    if (!actor) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "actor"');
    const limit = limitOf(c, 50);
    if (limit instanceof Response) return limit;
    const filter = c.req.query("filter") ?? "posts_with_replies";
    if (!AUTHOR_FEED_FILTERS.includes(filter)) return xrpcError(c, 400, "InvalidRequest", `filter must be one of ${AUTHOR_FEED_FILTERS.join(", ")}`);
    const account = await resolveActor(deps, actor);
    if (account === "invalid") return xrpcError(c, 400, "InvalidRequest", atIdentifierError("actor"));
    if (!account) return xrpcError(c, 400, "InvalidRequest", "Profile not found");
    const w = await world(deps);
    const own = w.posts
      .filter((p) => p.did === account.id)
      .filter((p) => filter !== "posts_no_replies" || !isRecord(p.value.reply))
      .filter((p) => filter !== "posts_with_media" || embedView(p.did, p.value.embed)?.$type === "app.bsky.embed.images#view")
      .filter((p) => filter !== "posts_with_video" || embedView(p.did, p.value.embed)?.$type === "app.bsky.embed.video#view")
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.uri < a.uri ? -1 : 1));
    // The AppView's author-feed cursor is the sort time of the last item.
    const cursor = c.req.query("cursor");
    const start = cursor ? own.filter((p) => p.createdAt >= cursor).length : 0;
    const page = own.slice(start, start + limit);
    const last = page.at(-1);
    return c.json({ feed: (await postViews(deps, w, page)).map((post) => ({ post })), ...(last ? { cursor: last.createdAt } : {}) });
  });
}
