import type { Context, Hono } from "hono";
import { BLUESKY_CHAT_PROXY, BLUESKY_METHODS } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, PLATFORM, scopeFault } from "./accounts.js";
import { tid, xrpcError } from "./wire.js";

/**
 * Bluesky's chat service (`chat.bsky.convo.*`) as the simulated PDS forwards it when asked with
 * `atproto-proxy: did:web:api.bsky.chat#bsky_chat`: listConvos, getMessages and sendMessage with
 * the lexicons' bounds (limit 1-100, text up to 1,000 graphemes and 10,000 bytes) and error
 * names (`InvalidConvo` for a conversation the account is not in). Chat has no reply window.
 * The sandbox's app passwords all carry direct-message access; `revoked_permission` answers as
 * a token without it does ("Bad token scope").
 */

interface StoredConvo {
  id: string;
  members: string[];
}

interface StoredChatMessage {
  id: string;
  convoId: string;
  sender: string;
  text: string;
  sentAt: string;
}

const path = (nsid: string) => `/xrpc/${nsid}`;
const MESSAGE_VIEW = "chat.bsky.convo.defs#messageView";
const MAX_GRAPHEMES = 1000;
const MAX_BYTES = 10_000;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...segmenter.segment(text)].length;
const newestFirst = (a: StoredChatMessage, b: StoredChatMessage) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const messageView = (m: StoredChatMessage) => ({ $type: MESSAGE_VIEW, id: m.id, rev: m.id, text: m.text, sender: { did: m.sender }, sentAt: m.sentAt });

/** The proxy header, the session and the account's faults, in the order the PDS meets them. */
async function chatCaller(c: Context, deps: SimulatorDeps): Promise<SandboxAccount | Response> {
  if (c.req.header("atproto-proxy") !== BLUESKY_CHAT_PROXY) {
    return xrpcError(c, 501, "MethodNotImplemented", "The PDS serves chat.bsky.* only through the chat service: send atproto-proxy: did:web:api.bsky.chat#bsky_chat.");
  }
  const auth = await authenticate(c, deps, "access");
  if (!auth.ok) return auth.response;
  return (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account) ?? auth.account;
}

async function messagesOf(deps: SimulatorDeps, convoId: string): Promise<StoredChatMessage[]> {
  return (await deps.store.list<StoredChatMessage>(PLATFORM, "chat_message", { owner: convoId })).map((r) => r.data).sort(newestFirst);
}

async function memberView(deps: SimulatorDeps, did: string) {
  const account = (await deps.store.get<SandboxAccount>(PLATFORM, "account", did))?.data;
  return { did, handle: account?.handle ?? "handle.invalid", ...(account?.displayName ? { displayName: account.displayName } : {}), ...(account?.avatarUrl ? { avatar: account.avatarUrl } : {}) };
}

function limitOf(c: Context): number | Response {
  const limit = Number(c.req.query("limit") ?? "50");
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : xrpcError(c, 400, "InvalidRequest", "limit must be an integer between 1 and 100");
}

async function memberConvo(deps: SimulatorDeps, convoId: string | undefined, did: string): Promise<StoredConvo | null> {
  const convo = convoId ? (await deps.store.get<StoredConvo>(PLATFORM, "convo", convoId))?.data : undefined;
  return convo?.members.includes(did) ? convo : null;
}

export function mountChatRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get(path(BLUESKY_METHODS.listConvos), async (c) => {
    const caller = await chatCaller(c, deps);
    if (caller instanceof Response) return caller;
    const limit = limitOf(c);
    if (limit instanceof Response) return limit;
    const convos = (await deps.store.list<StoredConvo>(PLATFORM, "convo")).map((r) => r.data).filter((convo) => convo.members.includes(caller.id));
    const withLast = [];
    for (const convo of convos) {
      const messages = await messagesOf(deps, convo.id);
      const lastOwn = messages.find((m) => m.sender === caller.id)?.id ?? "";
      withLast.push({ convo, messages, last: messages[0] ?? null, unread: messages.filter((m) => m.sender !== caller.id && m.id > lastOwn).length });
    }
    withLast.sort((a, b) => ((a.last?.id ?? "") < (b.last?.id ?? "") ? 1 : -1));
    const cursor = c.req.query("cursor");
    const start = cursor ? withLast.findIndex((x) => x.last?.id === cursor) + 1 : 0;
    const page = withLast.slice(start, start + limit);
    const views = [];
    for (const x of page) {
      views.push({
        id: x.convo.id,
        rev: x.last?.id ?? x.convo.id,
        members: await Promise.all(x.convo.members.map((did) => memberView(deps, did))),
        ...(x.last ? { lastMessage: messageView(x.last) } : {}),
        muted: false,
        status: "accepted",
        unreadCount: x.unread,
      });
    }
    const last = page.at(-1)?.last;
    return c.json({ convos: views, ...(last ? { cursor: last.id } : {}) });
  });

  app.get(path(BLUESKY_METHODS.getMessages), async (c) => {
    const caller = await chatCaller(c, deps);
    if (caller instanceof Response) return caller;
    const limit = limitOf(c);
    if (limit instanceof Response) return limit;
    const convo = await memberConvo(deps, c.req.query("convoId"), caller.id);
    if (!convo) return xrpcError(c, 400, "InvalidConvo", "Convo not found");
    const all = await messagesOf(deps, convo.id);
    const cursor = c.req.query("cursor");
    const start = cursor ? all.findIndex((m) => m.id === cursor) + 1 : 0;
    const page = all.slice(start, start + limit);
    const last = page.at(-1);
    return c.json({ messages: page.map(messageView), ...(last ? { cursor: last.id } : {}) });
  });

  app.post(path(BLUESKY_METHODS.sendMessage), async (c) => {
    const caller = await chatCaller(c, deps);
    if (caller instanceof Response) return caller;
    const body = (await c.req.json().catch(() => null)) as { convoId?: unknown; message?: { text?: unknown; embed?: unknown } } | null;
    if (typeof body?.convoId !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "convoId"');
    const text = body.message?.text;
    if (typeof text !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input/message must have the property "text"');
    if (graphemes(text) > MAX_GRAPHEMES || new TextEncoder().encode(text).byteLength > MAX_BYTES) {
      return xrpcError(c, 400, "InvalidRequest", `Input/message/text must not be longer than ${MAX_GRAPHEMES} graphemes`);
    }
    const convo = await memberConvo(deps, body.convoId, caller.id);
    if (!convo) return xrpcError(c, 400, "InvalidConvo", "Convo not found");
    const message: StoredChatMessage = { id: tid(deps.now()), convoId: convo.id, sender: caller.id, text, sentAt: deps.now().toISOString() };
    await deps.store.put(PLATFORM, "chat_message", message.id, message, convo.id);
    return c.json(messageView(message));
  });
}

/** A simulated person writes to the account: the conversation between the two is found or opened, as getConvoForMembers does. */
export async function receiveChatMessage(deps: SimulatorDeps, sender: SandboxAccount, recipientDid: string, text: string): Promise<StoredChatMessage> {
  const existing = (await deps.store.list<StoredConvo>(PLATFORM, "convo"))
    .map((r) => r.data)
    .find((convo) => convo.members.includes(sender.id) && convo.members.includes(recipientDid) && convo.members.length === 2);
  const convo = existing ?? { id: tid(deps.now()), members: [sender.id, recipientDid] };
  if (!existing) await deps.store.put(PLATFORM, "convo", convo.id, convo, null);
  const message: StoredChatMessage = { id: tid(deps.now()), convoId: convo.id, sender: sender.id, text, sentAt: deps.now().toISOString() };
  await deps.store.put(PLATFORM, "chat_message", message.id, message, convo.id);
  return message;
}
