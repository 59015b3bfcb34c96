import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { Actor, EngageFacet, EngageResult, UserRef } from "../facets/engage.js";
import { parseNetworkBody } from "../http.js";
import type { NetworkContext } from "../types.js";
import { BLUESKY_ENGAGEMENT_COLLECTIONS, BLUESKY_METHODS, BLUESKY_WEB_URL } from "./capabilities.js";
import { parsePostAddress, postWebUrl } from "./post-record.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { blueskyFailure, xrpc, xrpcOrThrow } from "./xrpc.js";

/**
 * Engagement on Bluesky. Likes, reposts, follows and blocks are records in the account's own
 * repository (createRecord; undone by deleting that record, whose URI the AppView reports in
 * `viewer`); mutes and bookmarks are private AppView state with their own procedures. Reading
 * `viewer` first makes every action idempotent: a second like finds the first and writes nothing.
 */

const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]+$/;

const PostView = v.looseObject({
  uri: v.string(),
  cid: v.string(),
  author: v.looseObject({ did: v.string(), handle: v.string() }),
  viewer: v.optional(v.looseObject({ like: v.optional(v.string()), repost: v.optional(v.string()), bookmarked: v.optional(v.boolean()) })),
});
const PostsAnswer = v.looseObject({ posts: v.array(PostView) });
const Profile = v.looseObject({
  did: v.string(),
  handle: v.string(),
  viewer: v.optional(v.looseObject({ following: v.optional(v.string()), blocking: v.optional(v.string()), muted: v.optional(v.boolean()) })),
});

const notFound = (what: string) => new ApiError("engagement_target_not_found", { param: "target", platform: "bluesky", message: `Bluesky has no ${what}.` });
const rkeyOf = (uri: string) => uri.split("/").pop() ?? "";

async function resolveDid(net: NetworkContext, pds: string, repo: string): Promise<string> {
  if (repo.startsWith("did:")) return repo;
  const result = await xrpc<{ did?: unknown }>(net, { base: pds, nsid: BLUESKY_METHODS.resolveHandle, method: "GET", params: { handle: repo } });
  if (!result.ok) {
    if (result.failure.status === 400) throw notFound(`account with the handle ${repo}`);
    throw blueskyFailure(net, result.failure);
  }
  if (typeof result.body.did !== "string") throw notFound(`account with the handle ${repo}`);
  return result.body.did;
}

/** The post with the acting account's view of it (its like, repost and bookmark), from the AppView through the PDS. */
async function readPost(actor: Actor, uri: string, net: NetworkContext): Promise<v.InferOutput<typeof PostView>> {
  const pds = pdsUrlOf(actor.tokens, net);
  const address = parsePostAddress(uri);
  if (!address) throw notFound(`post at ${uri}`);
  const did = await resolveDid(net, pds, address.repo);
  const canonical = `at://${did}/app.bsky.feed.post/${address.rkey}`;
  const body = await xrpcOrThrow<unknown>(net, { base: pds, nsid: BLUESKY_METHODS.getPosts, method: "GET", token: actor.tokens.accessToken, params: { uris: [canonical] } });
  // getPosts leaves out what it cannot find (deleted, never existed, taken down) instead of failing.
  const post = parseNetworkBody("bluesky", PostsAnswer, body, BLUESKY_METHODS.getPosts).posts[0];
  if (!post) throw notFound(`post at ${canonical}`);
  return post;
}

async function readProfile(actor: Actor, user: UserRef, net: NetworkContext): Promise<v.InferOutput<typeof Profile>> {
  const name = user.id ?? user.handle ?? "";
  const result = await xrpc<unknown>(net, { base: pdsUrlOf(actor.tokens, net), nsid: BLUESKY_METHODS.getProfile, method: "GET", token: actor.tokens.accessToken, params: { actor: name } });
  if (!result.ok) {
    // The AppView answers an unknown actor with 400 InvalidRequest "Profile not found".
    if (result.failure.status === 400 && result.error === "InvalidRequest") throw notFound(`account ${name}`);
    throw blueskyFailure(net, result.failure);
  }
  return parseNetworkBody("bluesky", Profile, result.body, BLUESKY_METHODS.getProfile);
}

async function createRecord(actor: Actor, collection: string, record: Record<string, unknown>, net: NetworkContext): Promise<void> {
  const repo = didOf(actor.tokens);
  await xrpcOrThrow(net, {
    base: pdsUrlOf(actor.tokens, net),
    nsid: BLUESKY_METHODS.createRecord,
    method: "POST",
    token: actor.tokens.accessToken,
    json: { repo, collection, record: { $type: collection, ...record, createdAt: net.now().toISOString() } },
  });
}

async function deleteRecord(actor: Actor, uri: string, net: NetworkContext): Promise<void> {
  const collection = /^at:\/\/[^/]+\/([^/]+)\//.exec(uri)?.[1] ?? "";
  await xrpcOrThrow(net, {
    base: pdsUrlOf(actor.tokens, net),
    nsid: BLUESKY_METHODS.deleteRecord,
    method: "POST",
    token: actor.tokens.accessToken,
    json: { repo: didOf(actor.tokens), collection, rkey: rkeyOf(uri) },
  });
}

const postResult = (post: v.InferOutput<typeof PostView>): EngageResult => ({ networkId: post.uri, url: postWebUrl(post.author.handle, post.uri) });
const userResult = (profile: v.InferOutput<typeof Profile>): EngageResult => ({ networkId: profile.did, url: `${BLUESKY_WEB_URL}/profile/${profile.handle}` });

/** A record-backed state on a post (like, repost): written when missing, its record deleted to undo. */
function postRecord(kind: "like" | "repost") {
  return async (actor: Actor, networkPostId: string, on: boolean, net: NetworkContext): Promise<EngageResult> => {
    const post = await readPost(actor, networkPostId, net);
    const existing = post.viewer?.[kind];
    if (on && !existing) await createRecord(actor, BLUESKY_ENGAGEMENT_COLLECTIONS[kind], { subject: { uri: post.uri, cid: post.cid } }, net);
    if (!on && existing) await deleteRecord(actor, existing, net);
    return postResult(post);
  };
}

/** A record-backed state on a person (follow, block). */
function userRecord(kind: "follow" | "block") {
  const viewerField = kind === "follow" ? "following" : "blocking";
  return async (actor: Actor, user: UserRef, on: boolean, net: NetworkContext): Promise<EngageResult> => {
    const profile = await readProfile(actor, user, net);
    const existing = profile.viewer?.[viewerField];
    if (on && !existing) await createRecord(actor, BLUESKY_ENGAGEMENT_COLLECTIONS[kind], { subject: profile.did }, net);
    if (!on && existing) await deleteRecord(actor, existing, net);
    return userResult(profile);
  };
}

export const blueskyEngage: EngageFacet = {
  parsePost(target) {
    const address = parsePostAddress(target.trim());
    return address ? `at://${address.repo}/app.bsky.feed.post/${address.rkey}` : null;
  },

  parseUser(target) {
    let text = target.trim();
    // A DID parses as a URL too (scheme `did:`), so only web addresses are read as profile URLs.
    if (/^https?:\/\//i.test(text)) {
      const url = URL.canParse(text) ? new URL(text) : null;
      const match = url ? /^\/profile\/([^/]+)\/?$/.exec(url.pathname) : null;
      if (url?.hostname !== new URL(BLUESKY_WEB_URL).hostname || !match?.[1]) return null;
      text = decodeURIComponent(match[1]);
    }
    if (DID.test(text)) return { id: text, handle: null };
    const handle = text.replace(/^@/, "").toLowerCase();
    return HANDLE.test(handle) ? { id: null, handle } : null;
  },

  targetForms: {
    post: "an at:// URI of a post (at://did:plc:…/app.bsky.feed.post/…) or a bsky.app post URL",
    user: "a handle (alice.bsky.social, with or without @), a DID or a bsky.app profile URL",
  },

  setLike: postRecord("like"),
  setRepost: postRecord("repost"),

  async setBookmark(actor, networkPostId, on, net) {
    const post = await readPost(actor, networkPostId, net);
    const base = pdsUrlOf(actor.tokens, net);
    if (on && !post.viewer?.bookmarked) {
      await xrpcOrThrow(net, { base, nsid: BLUESKY_METHODS.createBookmark, method: "POST", token: actor.tokens.accessToken, json: { uri: post.uri, cid: post.cid } });
    }
    // deleteBookmark of a post never bookmarked succeeds, so the undo needs no read of its own state.
    if (!on) await xrpcOrThrow(net, { base, nsid: BLUESKY_METHODS.deleteBookmark, method: "POST", token: actor.tokens.accessToken, json: { uri: post.uri } });
    return postResult(post);
  },

  setFollow: userRecord("follow"),
  setBlock: userRecord("block"),

  async setMute(actor, user, on, net) {
    const profile = await readProfile(actor, user, net);
    // muteActor and unmuteActor are idempotent at the AppView: muting twice keeps one mute.
    await xrpcOrThrow(net, {
      base: pdsUrlOf(actor.tokens, net),
      nsid: on ? BLUESKY_METHODS.muteActor : BLUESKY_METHODS.unmuteActor,
      method: "POST",
      token: actor.tokens.accessToken,
      json: { actor: profile.did },
    });
    return userResult(profile);
  },
};
