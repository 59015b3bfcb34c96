import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { authenticate, type GraphAuth, graphError, graphJson, invalidParameter, pageOf, selectFields, type GraphNode, type GraphProfile } from "./graph-wire.js";

/**
 * Meta's Conversations API and Send API as the simulated Facebook pages and Instagram accounts
 * answer them: `GET /{node}/conversations`, `GET /{conversation}/messages`,
 * `GET /{conversation}?fields=participants` and `POST /{node}/messages`, built from Meta's
 * Messenger Platform documentation. The person's messages are the ones the sandbox's inbound
 * route delivered (`inbound_message` records of this platform); the account's replies are kept as
 * `sent_message`. The Send API enforces Meta's window: `RESPONSE` within 24 hours of the
 * person's last message, `MESSAGE_TAG` + `HUMAN_AGENT` within 7 days, else code 10 with the
 * platform's subcode, and nothing is stored.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HUMAN_AGENT_MS = 7 * DAY_MS;

/** What the inbound route stores for a person's message (domain/inbox/sandbox/sandbox-inbound.ts). */
interface InboundMessage {
  kind: string;
  id: string;
  text: string;
  from: { id: string; username: string };
  at: string;
  objectId: string;
}

interface SentMessage {
  id: string;
  objectId: string;
  recipientId: string;
  text: string | null;
  attachment: { type: string; url: string } | null;
  at: string;
  tag: string | null;
  /** Order among the account's replies: several can share one millisecond (a text and its files). */
  seq: number;
}

export interface MessengerDoor {
  platform: "facebook" | "instagram";
  door: string;
  profile: GraphProfile;
  permission: string;
  /** The subcode Meta sends with code 10 outside the window (Messenger 2018278, Instagram 2534022). */
  windowSubcode: number;
  /**
   * The inbox a token reaches through the path's node: the page (Facebook), or the Instagram
   * account behind its linked page or its own token. Null when the node is not this token's.
   */
  inbox(auth: Extract<GraphAuth, { ok: true }>, nodeId: string | null): Promise<{ objectId: string; owner: string; name: string } | null>;
  /** `participants` and `from` entries: Messenger names people, Instagram gives usernames. */
  person(id: string, name: string): GraphNode;
  threadId(objectId: string, personId: string): string;
  /**
   * Whether the Conversation node has `unread_count`: the Graph API's Conversation reference lists
   * it, the Instagram-login Conversations API documents only `id`, `updated_time`,
   * `participants` and `messages`, so there asking for it is the nonexisting-field error.
   */
  unreadCount: boolean;
  /**
   * Instagram details only the newest 20 messages of a conversation (Conversations API
   * limitations); older ones are listed by id alone. Absent: every message is detailed.
   */
  detailedMessages?: number;
}

interface Thread {
  id: string;
  person: { id: string; username: string };
  /** Newest first, both directions. */
  messages: { id: string; fromId: string; text: string | null; attachment: SentMessage["attachment"]; at: string; seq: number }[];
  lastInboundAt: string;
}

const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

async function threadsOf(deps: SimulatorDeps, d: MessengerDoor, inbox: { objectId: string; owner: string }): Promise<Thread[]> {
  const inbound = (await deps.store.list<InboundMessage>(d.platform, "inbound_message", { owner: inbox.owner })).map((r) => r.data).filter((m) => m.objectId === inbox.objectId);
  const sent = (await deps.store.list<SentMessage>(d.platform, "sent_message", { owner: inbox.owner })).map((r) => r.data).filter((m) => m.objectId === inbox.objectId);
  const byPerson = new Map<string, Thread>();
  for (const m of inbound) {
    const thread = byPerson.get(m.from.id) ?? { id: d.threadId(inbox.objectId, m.from.id), person: m.from, messages: [], lastInboundAt: m.at };
    thread.messages.push({ id: m.id, fromId: m.from.id, text: m.text, attachment: null, at: m.at, seq: -1 });
    if (m.at > thread.lastInboundAt) thread.lastInboundAt = m.at;
    byPerson.set(m.from.id, thread);
  }
  for (const m of sent) byPerson.get(m.recipientId)?.messages.push({ id: m.id, fromId: inbox.objectId, text: m.text, attachment: m.attachment, at: m.at, seq: m.seq });
  const threads = [...byPerson.values()];
  // Within one millisecond the page's reply came after the person's message it answers, and of
  // two replies the one sent later is newer.
  for (const t of threads) t.messages.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.seq - a.seq));
  return threads.sort((a, b) => ((a.messages[0]?.at ?? "") < (b.messages[0]?.at ?? "") ? 1 : -1));
}

function messageNode(d: MessengerDoor, inbox: { objectId: string; name: string }, thread: Thread, m: Thread["messages"][number]): GraphNode {
  const own = d.person(inbox.objectId, inbox.name);
  const them = d.person(thread.person.id, thread.person.username);
  const outgoing = m.fromId === inbox.objectId;
  return {
    id: m.id,
    created_time: graphTime(m.at),
    from: outgoing ? own : them,
    to: { data: [outgoing ? them : own] },
    message: m.text ?? "",
    attachments: m.attachment ? { data: [m.attachment.type === "video" ? { video_data: { url: m.attachment.url } } : { image_data: { url: m.attachment.url } }] } : null,
  };
}

/** A message past Instagram's newest 20: its fields exist but Graph gives nothing of them. */
const undetailed = (id: string): GraphNode => ({ id, created_time: null, from: null, to: null, message: null, attachments: null });

function conversationNode(d: MessengerDoor, inbox: { objectId: string; name: string }, thread: Thread): GraphNode {
  const newestOut = thread.messages.find((m) => m.fromId === inbox.objectId)?.at ?? "";
  return {
    id: thread.id,
    updated_time: graphTime(thread.messages[0]?.at ?? thread.lastInboundAt),
    ...(d.unreadCount ? { unread_count: thread.messages.filter((m) => m.fromId !== inbox.objectId && m.at > newestOut).length } : {}),
    participants: { data: [d.person(thread.person.id, thread.person.username), d.person(inbox.objectId, inbox.name)] },
    messages: { data: thread.messages.slice(0, 20).map((m) => messageNode(d, inbox, thread, m)) },
  };
}

const respond = (picked: GraphNode | Response) => (picked instanceof Response ? picked : graphJson(picked));

const pageTokenRequired = () => graphError(400, { message: "(#210) A page access token is required to request this resource.", type: "OAuthException", code: 210 });

async function threadFor(deps: SimulatorDeps, d: MessengerDoor, auth: Extract<GraphAuth, { ok: true }>, id: string) {
  const inbox = await d.inbox(auth, null);
  if (!inbox) return null;
  const thread = (await threadsOf(deps, d, inbox)).find((t) => t.id === id);
  return thread ? { inbox, thread } : null;
}

/** Mounts the Messenger edges on a Graph host; a request whose ids are not a conversation passes on to the routes after. */
export function mountMessenger(graph: Hono, d: MessengerDoor): void {
  const deps = d.profile.deps;

  graph.get("/:version/:nodeId/conversations", async (c) => {
    const auth = await authenticate(d.profile, c.req.raw, { door: d.door, permission: d.permission });
    if (!auth.ok) return auth.response;
    const inbox = await d.inbox(auth, c.req.param("nodeId"));
    if (!inbox) return pageTokenRequired();
    const platform = c.req.query("platform");
    if (platform !== undefined && platform !== "messenger" && platform !== "instagram") return invalidParameter("(#100) param platform must be one of {MESSENGER, INSTAGRAM}");
    // A page's Messenger inbox and its Instagram inbox are separate: the wrong one is empty.
    const wanted = d.platform === "instagram" ? "instagram" : "messenger";
    if ((platform ?? "messenger") !== wanted) return graphJson({ data: [] });
    const nodes = (await threadsOf(deps, d, inbox)).map((t) => conversationNode(d, inbox, t));
    const picked = nodes.map((n) => selectFields(n, c.req.query("fields"), "id,updated_time", "Conversation"));
    const bad = picked.find((p) => p instanceof Response);
    if (bad) return bad;
    return graphJson(pageOf(c.req.raw, picked as GraphNode[]));
  });

  graph.get("/:version/:conversationId/messages", async (c, next) => {
    const auth = await authenticate(d.profile, c.req.raw, { door: d.door, permission: d.permission });
    if (!auth.ok) return auth.response;
    const found = await threadFor(deps, d, auth, c.req.param("conversationId"));
    if (!found) return next();
    const detailed = d.detailedMessages ?? Number.POSITIVE_INFINITY;
    const nodes = found.thread.messages.map((m, index) => (index < detailed ? messageNode(d, found.inbox, found.thread, m) : undetailed(m.id)));
    const picked = nodes.map((n) => selectFields(n, c.req.query("fields"), "id,created_time", "Message"));
    const bad = picked.find((p) => p instanceof Response);
    if (bad) return bad;
    return graphJson(pageOf(c.req.raw, picked as GraphNode[]));
  });

  graph.get("/:version/:conversationId", async (c, next) => {
    const id = c.req.param("conversationId");
    if (!id.startsWith("t_") && !id.startsWith("aWdf")) return next();
    const auth = await authenticate(d.profile, c.req.raw, { door: d.door, permission: d.permission });
    if (!auth.ok) return auth.response;
    const found = await threadFor(deps, d, auth, id);
    if (!found) return next();
    return respond(selectFields(conversationNode(d, found.inbox, found.thread), c.req.query("fields"), "id,updated_time", "Conversation"));
  });

  graph.post("/:version/:nodeId/messages", async (c) => {
    const auth = await authenticate(d.profile, c.req.raw, { door: d.door, permission: d.permission });
    if (!auth.ok) return auth.response;
    const inbox = await d.inbox(auth, c.req.param("nodeId"));
    if (!inbox) return pageTokenRequired();
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return invalidParameter("(#100) The parameter recipient is required");
    }
    const recipient = (body.recipient as { id?: unknown } | undefined)?.id;
    if (typeof recipient !== "string") return invalidParameter("(#100) The parameter recipient is required");
    const type = body.messaging_type;
    if (type !== "RESPONSE" && type !== "MESSAGE_TAG" && type !== "UPDATE") return invalidParameter("(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}");
    if (type === "MESSAGE_TAG" && body.tag !== "HUMAN_AGENT") return invalidParameter("(#100) The sandbox app was granted only the HUMAN_AGENT message tag");
    const message = body.message as { text?: unknown; attachment?: { type?: unknown; payload?: { url?: unknown } } } | undefined;
    const text = typeof message?.text === "string" && message.text !== "" ? message.text : null;
    const url = message?.attachment?.payload?.url;
    const attachment = typeof url === "string" && (message?.attachment?.type === "image" || message?.attachment?.type === "video") ? { type: message.attachment.type, url } : null;
    if ((text === null) === (attachment === null)) return invalidParameter("(#100) Message must have exactly one of text or attachment");
    const thread = (await threadsOf(deps, d, inbox)).find((t) => t.person.id === recipient);
    if (!thread) return graphError(400, { message: "(#100) No matching user found", type: "OAuthException", code: 100, error_subcode: 2018001 });
    const elapsed = deps.now().getTime() - Date.parse(thread.lastInboundAt);
    if (elapsed > (type === "MESSAGE_TAG" ? HUMAN_AGENT_MS : DAY_MS)) {
      return graphError(400, { message: "(#10) This message is sent outside of allowed window.", type: "OAuthException", code: 10, error_subcode: d.windowSubcode });
    }
    const seq = (await deps.store.list(d.platform, "sent_message", { owner: inbox.owner })).length;
    const sent: SentMessage = {
      id: `m_${numericId(20)}`,
      objectId: inbox.objectId,
      recipientId: recipient,
      text,
      attachment,
      at: deps.now().toISOString(),
      tag: type === "MESSAGE_TAG" ? "HUMAN_AGENT" : null,
      seq,
    };
    await deps.store.put(d.platform, "sent_message", sent.id, sent, inbox.owner);
    return graphJson({ recipient_id: recipient, message_id: sent.id });
  });
}

/** Stable thread ids from the inbox and the person, in each platform's look (`t_…` on Messenger). */
export function hashDigits(text: string, length: number): string {
  let hash = 2166136261;
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const ch of `${round}:${text}`) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
    out += String(hash);
  }
  return out.slice(0, length);
}
