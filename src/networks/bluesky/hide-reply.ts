import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet } from "../facets/inbox.js";
import type { NetworkFailure } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_THREADGATE_COLLECTION, BLUESKY_THREADGATE_LIMITS } from "./capabilities.js";
import { readThread } from "./comments.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { blueskyFailure, xrpc } from "./xrpc.js";

/**
 * Hiding a reply on Bluesky is a list on the thread, not a flag on the reply: the root post's
 * `app.bsky.feed.threadgate` record (same repository, same record key as the root post) carries
 * `hiddenReplies`, at most 300 at-uris (lexicon app/bsky/feed/threadgate.json). Only the author of
 * the root can write that record, so only replies in the account's own threads can be hidden;
 * the AppView then tucks them away for every viewer but their author, and reports the list as
 * the `threadgate` of `getPostThread`.
 *
 * The gate may also hold the reply rules (`allow`) set at publish or in the Bluesky app; it is
 * read from the PDS with its CID and written back with `swapRecord`, so a rule or a hide saved
 * meanwhile by another client is never lost: on InvalidSwap the record is read again.
 */

const MAX_SWAP_ATTEMPTS = 3;
const POST_URI = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/;
const GateRecord = v.looseObject({ uri: v.string(), cid: v.optional(v.string()), value: v.record(v.string(), v.unknown()) });
const ReplyRoot = v.object({ root: v.object({ uri: v.string() }) });

interface Gate {
  cid: string | null;
  value: Record<string, unknown>;
}

/** The thread's gate as the PDS holds it (not the AppView's copy, which may lag), or null when there is none. */
async function readGate(net: NetworkContext, pds: string, did: string, rkey: string): Promise<Gate | null> {
  const result = await xrpc<unknown>(net, { base: pds, nsid: BLUESKY_METHODS.getRecord, method: "GET", params: { repo: did, collection: BLUESKY_THREADGATE_COLLECTION, rkey } });
  if (!result.ok) {
    if (result.error === "RecordNotFound") return null;
    throw blueskyFailure(net, result.failure);
  }
  const parsed = v.safeParse(GateRecord, result.body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected getRecord response for the threadgate" });
  return { cid: parsed.output.cid ?? null, value: parsed.output.value };
}

const hiddenOf = (gate: Gate | null): string[] => {
  const list = gate?.value.hiddenReplies;
  return Array.isArray(list) ? list.filter((uri): uri is string => typeof uri === "string") : [];
};

/** The root post of the reply's thread; a post that is not a reply, or is gone, is not a comment. */
async function rootOf(tokens: TokenSet, net: NetworkContext, commentId: string): Promise<{ did: string; rkey: string; uri: string }> {
  if (!POST_URI.test(commentId)) throw new ApiError("comment_not_found", { platform: "bluesky", param: "id", message: `bluesky: ${commentId} is not a post URI.` });
  const post = (await readThread(tokens, net, commentId, 0)).post;
  const reply = v.safeParse(ReplyRoot, post?.record.reply);
  const root = reply.success ? POST_URI.exec(reply.output.root.uri) : null;
  if (!root?.[1] || !root[2]) {
    throw new ApiError("comment_not_found", { platform: "bluesky", param: "id", message: `bluesky: ${commentId} is a post, not a reply; only replies can be hidden.` });
  }
  return { did: root[1], rkey: root[2], uri: root[0] };
}

export const blueskyHideReply: InboxFacet = {
  async hideComment(tokens, input, net) {
    const did = didOf(tokens);
    const root = await rootOf(tokens, net, input.commentId);
    if (root.did !== did) {
      throw new ApiError("comment_thread_not_own", {
        platform: "bluesky",
        param: "id",
        message: "bluesky: the reply is in a thread another account started; only the author of a thread's first post can hide replies in it.",
      });
    }
    const pds = pdsUrlOf(tokens, net);
    let lastFailure: NetworkFailure | null = null;
    for (let attempt = 0; attempt < MAX_SWAP_ATTEMPTS; attempt += 1) {
      const gate = await readGate(net, pds, did, root.rkey);
      const hidden = hiddenOf(gate);
      const already = hidden.includes(input.commentId);
      // Nothing to change is success without a write: hiding twice, or showing what is not hidden.
      if (already === input.hidden) return;
      const next = input.hidden ? [...hidden, input.commentId] : hidden.filter((uri) => uri !== input.commentId);
      if (next.length > BLUESKY_THREADGATE_LIMITS.hiddenReplies) {
        throw new ApiError("comment_hide_limit", {
          platform: "bluesky",
          param: "id",
          message: `bluesky: the thread already hides ${hidden.length} replies, the most a threadgate holds (${BLUESKY_THREADGATE_LIMITS.hiddenReplies}).`,
        });
      }
      // A new gate has no `allow`: an absent list lets everybody reply, an empty one would let nobody.
      const record = { ...(gate?.value ?? { post: root.uri, createdAt: net.now().toISOString() }), $type: BLUESKY_THREADGATE_COLLECTION, hiddenReplies: next };
      const result = await xrpc<unknown>(net, {
        base: pds,
        nsid: BLUESKY_METHODS.putRecord,
        method: "POST",
        token: tokens.accessToken,
        json: { repo: did, collection: BLUESKY_THREADGATE_COLLECTION, rkey: root.rkey, record, swapRecord: gate?.cid ?? null },
      });
      if (result.ok) return;
      if (result.error !== "InvalidSwap") throw blueskyFailure(net, result.failure);
      lastFailure = result.failure;
    }
    throw lastFailure ? blueskyFailure(net, lastFailure) : new ApiError("platform_unavailable", { platform: "bluesky" });
  },
};
