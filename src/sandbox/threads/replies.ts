import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, invalidParameter, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import type { SandboxThread } from "./publishing.js";
import { requestForm } from "../meta/graph-request-memo.js";

/**
 * Replies on Threads as graph.threads.net serves them (Reply Management): `GET
 * /{media-id}/replies` (the direct replies, `reverse` true by default: newest first), `GET
 * /{media-id}/conversation` (every reply below the post at any depth, flat, rebuilt from
 * `replied_to`), both with threads_read_replies, and `POST /{reply-id}/manage_reply` with
 * `hide=true|false` (threads_manage_replies; only replies in conversations the account started).
 * A reply is a post with `reply_to_id` (publishing.ts); deleting one is the post's `DELETE`.
 */

const platform = "threads";
const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

type Stored = { id: string; owner: string | null; data: SandboxThread };

async function allThreads(deps: SimulatorDeps): Promise<Stored[]> {
  return (await deps.store.list<SandboxThread>(platform, "thread")).map((r) => ({ id: r.id, owner: r.owner ?? null, data: r.data }));
}

async function handleOf(deps: SimulatorDeps, accountId: string | null): Promise<string> {
  if (!accountId) return "";
  return (await deps.store.get<SandboxAccount>(platform, "account", accountId))?.data.handle ?? "";
}

async function replyNode(deps: SimulatorDeps, reply: Stored, all: Stored[], viewer: string): Promise<GraphNode> {
  const handle = await handleOf(deps, reply.owner);
  const code = reply.data.shortcode ?? reply.id.slice(-11);
  return {
    id: reply.id,
    text: reply.data.text,
    username: handle,
    permalink: `https://sandbox.chorus.invalid/threads/@${handle}/post/${code}`,
    timestamp: graphTime(reply.data.publishedAt),
    media_product_type: "THREADS",
    media_type: reply.data.mediaType ?? "TEXT_POST",
    shortcode: code,
    is_reply: true,
    has_replies: all.some((t) => t.data.repliedTo === reply.id),
    root_post: { id: reply.data.rootPost ?? reply.data.repliedTo },
    replied_to: { id: reply.data.repliedTo },
    is_reply_owned_by_me: reply.owner === viewer,
    hide_status: reply.data.hidden ? "HIDDEN" : "NOT_HUSHED",
    reply_audience: "EVERYONE",
  };
}

/** The post at the top of this media's conversation, or the media itself. */
const rootOf = (media: Stored) => media.data.rootPost ?? media.id;

export function mountThreadsReplies(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;

  const edge = (which: "replies" | "conversation") => async (request: Request, mediaId: string, query: (name: string) => string | undefined) => {
    const auth = await authenticate(profile, request, { door, permission: "threads_read_replies" });
    if (!auth.ok) return auth.response;
    const all = await allThreads(deps);
    const media = all.find((t) => t.id === mediaId);
    if (!media) return unsupportedRequest("GET", mediaId);
    const root = all.find((t) => t.id === rootOf(media));
    // The account reads the conversations under its own posts, and those its own replies are in.
    if (root?.owner !== auth.account.id && media.owner !== auth.account.id) return unsupportedRequest("GET", mediaId);
    const below = (id: string): Stored[] => all.filter((t) => t.data.repliedTo === id).flatMap((t) => [t, ...below(t.id)]);
    const found = which === "replies" ? all.filter((t) => t.data.repliedTo === mediaId) : below(mediaId);
    const reverse = (query("reverse") ?? "true") !== "false";
    found.sort((a, b) => a.data.publishedAt.localeCompare(b.data.publishedAt) || a.id.localeCompare(b.id));
    if (reverse) found.reverse();
    const nodes: GraphNode[] = [];
    for (const reply of found) {
      const picked = selectFields(await replyNode(deps, reply, all, auth.account.id), query("fields"), "id", "ThreadsMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(request, nodes));
  };
  const replies = edge("replies");
  const conversation = edge("conversation");
  graph.get("/:version/:mediaId/replies", (c) => replies(c.req.raw, c.req.param("mediaId"), (name) => c.req.query(name)));
  graph.get("/:version/:mediaId/conversation", (c) => conversation(c.req.raw, c.req.param("mediaId"), (name) => c.req.query(name)));

  graph.post("/:version/:replyId/manage_reply", async (c) => {
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_manage_replies", form });
    if (!auth.ok) return auth.response;
    const id = c.req.param("replyId");
    const reply = await deps.store.get<SandboxThread>(platform, "thread", id);
    const rootId = reply?.data.rootPost ?? reply?.data.repliedTo;
    const root = rootId ? await deps.store.get<SandboxThread>(platform, "thread", rootId) : null;
    // Only replies under the account's own posts can be hidden, and never the account's own.
    if (!reply || !root || root.owner !== auth.account.id || reply.owner === auth.account.id) return unsupportedRequest("POST", id);
    const hide = form.get("hide") ?? c.req.query("hide");
    if (hide !== "true" && hide !== "false") return invalidParameter("(#100) Param hide must be a boolean");
    await deps.store.put<SandboxThread>(platform, "thread", id, { ...reply.data, hidden: hide === "true" }, reply.owner);
    return graphJson({ success: true });
  });
}

/** A simulated person replies to one of the recipient's posts, or to a reply in a conversation under one. */
export async function simulateThreadsReply(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "reply") return { ok: false, reason: "action_unsupported" };
  if (!input.subject) return { ok: false, reason: "subject_required" };
  const parent = await deps.store.get<SandboxThread>(platform, "thread", input.subject);
  const rootId = parent ? (parent.data.rootPost ?? (parent.data.repliedTo ? parent.data.repliedTo : parent.id)) : null;
  const root = rootId ? await deps.store.get<SandboxThread>(platform, "thread", rootId) : null;
  if (!parent || root?.owner !== input.recipientId) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox.replier");
  const id = numericId(17);
  const reply: SandboxThread = {
    text: input.text ?? "Love this! (a simulated reply from the Chorus sandbox)",
    publishedAt: deps.now().toISOString(),
    mediaType: "TEXT_POST",
    repliedTo: parent.id,
    rootPost: rootId ?? parent.id,
  };
  await deps.store.put(platform, "thread", id, reply, actor.id);
  return { ok: true, actor, networkId: id };
}
