import type { Context, Hono } from "hono";
import { BLUESKY_ENGAGEMENT_COLLECTIONS, BLUESKY_METHODS, BLUESKY_POST_COLLECTION } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, findAccount, PLATFORM, scopeFault } from "./accounts.js";
import { countsOf } from "./appview-counts.js";
import { atIdentifierError, isAtIdentifier } from "./handles.js";
import type { StoredRecord } from "./repo.js";
import { xrpcError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * The AppView views the simulated PDS proxies for engagement and account reads: posts and profiles
 * with the caller's `viewer` state (its like, repost, follow and block records, its mutes and
 * bookmarks), followers and follows (an author's feed is appview-reads.ts's). Views are computed from the simulated
 * repositories, as the AppView indexes them; mutes and bookmarks are AppView state, stored per
 * caller. Shapes follow the lexicons (app.bsky.feed.defs#postView, app.bsky.actor.defs#profileView).
 */

const path = (nsid: string) => `/xrpc/${nsid}`;
const AT_URI = /^at:\/\/(did:[^/]+)\/([^/]+)\/([^/]+)$/;

interface Row {
  did: string;
  collection: string;
  rkey: string;
  uri: string;
  record: StoredRecord;
}

/** Every record of every simulated repository, in one read: the sandbox's stand-in for the AppView's index. */
async function allRecords(deps: SimulatorDeps): Promise<Row[]> {
  return (await deps.store.list<StoredRecord>(PLATFORM, "record")).flatMap((r) => {
    const [did, collection, rkey] = r.id.split("/");
    return did && collection && rkey ? [{ did, collection, rkey, uri: `at://${did}/${collection}/${rkey}`, record: r.data }] : [];
  });
}

const subjectUri = (row: Row) => (isRecord(row.record.value.subject) && typeof row.record.value.subject.uri === "string" ? row.record.value.subject.uri : null);
const subjectDid = (row: Row) => (typeof row.record.value.subject === "string" ? row.record.value.subject : null);

async function viewer(c: Context, deps: SimulatorDeps): Promise<{ ok: true; account: SandboxAccount } | { ok: false; response: Response }> {
  const auth = await authenticate(c, deps, "access");
  if (!auth.ok) return auth;
  const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
  return fault ? { ok: false, response: fault } : { ok: true, account: auth.account };
}

function limitOf(c: Context): number | null {
  const limit = Number(c.req.query("limit") ?? "50");
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : null;
}

export function profileBasic(account: SandboxAccount | null, did: string) {
  return {
    did,
    handle: account?.handle ?? "handle.invalid",
    ...(account?.displayName ? { displayName: account.displayName } : {}),
    ...(account?.avatarUrl ? { avatar: account.avatarUrl } : {}),
    labels: [],
    createdAt: "2024-01-01T00:00:00.000Z",
  };
}

async function mutesOf(deps: SimulatorDeps, did: string): Promise<string[]> {
  return (await deps.store.get<{ dids: string[] }>(PLATFORM, "mutes", did))?.data.dids ?? [];
}
async function bookmarksOf(deps: SimulatorDeps, did: string): Promise<string[]> {
  return (await deps.store.get<{ uris: string[] }>(PLATFORM, "bookmarks", did))?.data.uris ?? [];
}

function postView(rows: Row[], post: Row, author: SandboxAccount | null, me: string, bookmarks: string[]) {
  const about = (collection: string) => rows.filter((r) => r.collection === collection && subjectUri(r) === post.uri);
  const likes = about(BLUESKY_ENGAGEMENT_COLLECTIONS.like);
  const reposts = about(BLUESKY_ENGAGEMENT_COLLECTIONS.repost);
  const myLike = likes.find((r) => r.did === me);
  const myRepost = reposts.find((r) => r.did === me);
  return {
    uri: post.uri,
    cid: post.record.cid,
    author: profileBasic(author, post.did),
    record: post.record.value,
    ...countsOf(rows, post.uri),
    indexedAt: typeof post.record.value.createdAt === "string" ? post.record.value.createdAt : "2024-01-01T00:00:00.000Z",
    viewer: { ...(myLike ? { like: myLike.uri } : {}), ...(myRepost ? { repost: myRepost.uri } : {}), bookmarked: bookmarks.includes(post.uri), threadMuted: false },
    labels: [],
  };
}

async function profileView(deps: SimulatorDeps, rows: Row[], account: SandboxAccount, me: string) {
  const graph = (collection: string, from: string, to: string) => rows.find((r) => r.collection === collection && r.did === from && subjectDid(r) === to);
  const following = graph(BLUESKY_ENGAGEMENT_COLLECTIONS.follow, me, account.id);
  const followedBy = graph(BLUESKY_ENGAGEMENT_COLLECTIONS.follow, account.id, me);
  const blocking = graph(BLUESKY_ENGAGEMENT_COLLECTIONS.block, me, account.id);
  const blockedBy = graph(BLUESKY_ENGAGEMENT_COLLECTIONS.block, account.id, me);
  return {
    ...profileBasic(account, account.id),
    viewer: {
      muted: (await mutesOf(deps, me)).includes(account.id),
      blockedBy: blockedBy !== undefined,
      ...(following ? { following: following.uri } : {}),
      ...(followedBy ? { followedBy: followedBy.uri } : {}),
      ...(blocking ? { blocking: blocking.uri } : {}),
    },
  };
}

/** A page of a newest-first list, with the AppView's habit of naming a cursor on every non-empty page. */
function paged<T>(items: T[], keyOf: (item: T) => string, cursor: string | undefined, limit: number): { page: T[]; cursor: string | undefined } {
  const start = cursor ? items.findIndex((item) => keyOf(item) === cursor) + 1 : 0;
  const page = items.slice(start, start + limit);
  const last = page.at(-1);
  return { page, cursor: last ? keyOf(last) : undefined };
}

export function mountAppViewRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get(path(BLUESKY_METHODS.getPosts), async (c) => {
    const auth = await viewer(c, deps);
    if (!auth.ok) return auth.response;
    const uris = c.req.queries("uris") ?? [];
    if (uris.length === 0) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "uris"');
    if (uris.length > 25) return xrpcError(c, 400, "InvalidRequest", "uris must not have more than 25 elements");
    const rows = await allRecords(deps);
    const bookmarks = await bookmarksOf(deps, auth.account.id);
    const posts = [];
    for (const uri of uris) {
      const post = rows.find((r) => r.uri === uri && r.collection === BLUESKY_POST_COLLECTION);
      if (!post) continue;
      posts.push(postView(rows, post, (await deps.store.get<SandboxAccount>(PLATFORM, "account", post.did))?.data ?? null, auth.account.id, bookmarks));
    }
    return c.json({ posts });
  });

  app.get(path(BLUESKY_METHODS.getProfile), async (c) => {
    const auth = await viewer(c, deps);
    if (!auth.ok) return auth.response;
    const actor = c.req.query("actor");
    if (!actor) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "actor"');
    if (!isAtIdentifier(actor)) return xrpcError(c, 400, "InvalidRequest", atIdentifierError("actor"));
    const account = await findAccount(deps, actor);
    if (!account) return xrpcError(c, 400, "InvalidRequest", "Profile not found");
    const rows = await allRecords(deps);
    const profile = rows.find((r) => r.did === account.id && r.collection === "app.bsky.actor.profile" && r.rkey === "self")?.record.value ?? {};
    const follows = rows.filter((r) => r.collection === BLUESKY_ENGAGEMENT_COLLECTIONS.follow);
    return c.json({
      ...(await profileView(deps, rows, account, auth.account.id)),
      ...(typeof profile.displayName === "string" ? { displayName: profile.displayName } : {}),
      ...(typeof profile.description === "string" ? { description: profile.description } : {}),
      followersCount: follows.filter((r) => subjectDid(r) === account.id).length,
      followsCount: follows.filter((r) => r.did === account.id).length,
      postsCount: rows.filter((r) => r.did === account.id && r.collection === BLUESKY_POST_COLLECTION).length,
      indexedAt: "2024-01-01T00:00:00.000Z",
    });
  });

  for (const [nsid, on] of [
    [BLUESKY_METHODS.muteActor, true],
    [BLUESKY_METHODS.unmuteActor, false],
  ] as const) {
    app.post(path(nsid), async (c) => {
      const auth = await viewer(c, deps);
      if (!auth.ok) return auth.response;
      const body = await jsonBody(c);
      const actor = body?.actor;
      if (typeof actor !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "actor"');
      if (!isAtIdentifier(actor)) return xrpcError(c, 400, "InvalidRequest", atIdentifierError("actor"));
      const subject = await findAccount(deps, actor);
      if (!subject) return xrpcError(c, 400, "InvalidRequest", "Actor not found");
      if (subject.id === auth.account.id) return xrpcError(c, 400, "InvalidRequest", on ? "Cannot mute oneself" : "Cannot unmute oneself");
      const mutes = (await mutesOf(deps, auth.account.id)).filter((did) => did !== subject.id);
      await deps.store.put(PLATFORM, "mutes", auth.account.id, { dids: on ? [...mutes, subject.id] : mutes }, auth.account.id);
      return c.body(null, 200);
    });
  }

  app.post(path(BLUESKY_METHODS.createBookmark), async (c) => {
    const auth = await viewer(c, deps);
    if (!auth.ok) return auth.response;
    const body = await jsonBody(c);
    if (!body || typeof body.uri !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "uri"');
    if (typeof body.cid !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "cid"');
    const collection = AT_URI.exec(body.uri)?.[2];
    // The lexicon's one error: only app.bsky.feed.post records can be bookmarked.
    if (collection !== BLUESKY_POST_COLLECTION) return xrpcError(c, 400, "UnsupportedCollection", "Only app.bsky.feed.post records can be bookmarked");
    const uris = (await bookmarksOf(deps, auth.account.id)).filter((u) => u !== body.uri);
    await deps.store.put(PLATFORM, "bookmarks", auth.account.id, { uris: [body.uri, ...uris] }, auth.account.id);
    return c.body(null, 200);
  });

  app.post(path(BLUESKY_METHODS.deleteBookmark), async (c) => {
    const auth = await viewer(c, deps);
    if (!auth.ok) return auth.response;
    const body = await jsonBody(c);
    if (!body || typeof body.uri !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "uri"');
    const uris = (await bookmarksOf(deps, auth.account.id)).filter((u) => u !== body.uri);
    await deps.store.put(PLATFORM, "bookmarks", auth.account.id, { uris }, auth.account.id);
    return c.body(null, 200);
  });

  for (const [nsid, side] of [
    [BLUESKY_METHODS.getFollowers, "followers"],
    [BLUESKY_METHODS.getFollows, "follows"],
  ] as const) {
    app.get(path(nsid), async (c) => {
      const auth = await viewer(c, deps);
      if (!auth.ok) return auth.response;
      const actor = c.req.query("actor");
      if (!actor) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "actor"');
      const limit = limitOf(c);
      if (limit === null) return xrpcError(c, 400, "InvalidRequest", "limit must be an integer between 1 and 100");
      if (!isAtIdentifier(actor)) return xrpcError(c, 400, "InvalidRequest", atIdentifierError("actor"));
      const subject = await findAccount(deps, actor);
      if (!subject) return xrpcError(c, 400, "InvalidRequest", "Profile not found");
      const rows = await allRecords(deps);
      const follows = rows
        .filter((r) => r.collection === BLUESKY_ENGAGEMENT_COLLECTIONS.follow && (side === "followers" ? subjectDid(r) === subject.id : r.did === subject.id))
        .sort((a, b) => (a.rkey < b.rkey ? 1 : -1));
      const { page, cursor } = paged(follows, (r) => r.uri, c.req.query("cursor"), limit);
      const people = [];
      for (const follow of page) {
        const did = side === "followers" ? follow.did : (subjectDid(follow) ?? "");
        const person = (await deps.store.get<SandboxAccount>(PLATFORM, "account", did))?.data;
        if (person) people.push(await profileView(deps, rows, person, auth.account.id));
      }
      return c.json({ subject: await profileView(deps, rows, subject, auth.account.id), [side]: people, ...(cursor ? { cursor } : {}) });
    });
  }
}
