import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { invalidRequest } from "./media.js";
import { userObjects } from "./users.js";
import { authenticate, rateHeaders } from "./wire.js";

/**
 * The legacy direct messages of X API v2 as the simulated X answers them: `GET /2/dm_events`,
 * `GET /2/dm_conversations/{id}/dm_events` and `POST /2/dm_conversations/{id}/messages`, with the
 * parameters, enums and bounds of X's OpenAPI document (`event_types`, `dm_event.fields`,
 * `expansions`, `max_results` 1-100, `pagination_token` of 16 characters or more). One-to-one
 * conversation ids are `<smaller user id>-<larger user id>`, as on X. X has no reply window; a
 * message to a conversation the account is not in is refused.
 */

export interface SandboxDmEvent {
  id: string;
  conversationId: string;
  senderId: string;
  participantIds: string[];
  text: string;
  createdAt: string;
}

const READ_SCOPES = ["dm.read", "tweet.read", "users.read"];
const WRITE_SCOPES = ["dm.write", "tweet.read", "users.read"];
const EVENT_TYPES = ["MessageCreate", "ParticipantsJoin", "ParticipantsLeave"];
const EVENT_FIELDS = ["attachments", "created_at", "dm_conversation_id", "entities", "event_type", "id", "text"];
const EXPANSIONS = ["attachments.media_keys", "participant_ids", "referenced_posts", "sender_id"];
const CONVERSATION_ID = /^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$/;

export const oneToOneId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`);

const list = (c: Context, name: string) => (c.req.query(name) ?? "").split(",").filter(Boolean);

const newestFirst = (a: SandboxDmEvent, b: SandboxDmEvent) => (a.createdAt === b.createdAt ? (BigInt(a.id) < BigInt(b.id) ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/** A page of events as X answers it, or X's 400 for a parameter outside its document. */
async function eventsPage(c: Context, deps: SimulatorDeps, events: SandboxDmEvent[]): Promise<Response> {
  const max = Number(c.req.query("max_results") ?? "100");
  if (!Number.isInteger(max) || max < 1 || max > 100) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 1 and 100`);
  for (const [name, allowed] of [
    ["event_types", EVENT_TYPES],
    ["dm_event.fields", EVENT_FIELDS],
    ["expansions", EXPANSIONS],
  ] as const) {
    const bad = list(c, name).find((value) => !allowed.includes(value));
    if (bad) return invalidRequest(c, `The \`${name}\` query parameter value [${bad}] is not one of [${allowed.join(",")}]`);
  }
  const types = list(c, "event_types");
  // Only MessageCreate events are kept: joins and leaves happen in group conversations, which the sandbox has none of.
  const wanted = types.length === 0 || types.includes("MessageCreate") ? events.sort(newestFirst) : [];
  const token = c.req.query("pagination_token");
  if (token !== undefined && token.length < 16) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token}] does not match the minimum length of 16`);
  const start = token ? wanted.findIndex((e) => `${e.id}`.padStart(19, "0") === token) : 0;
  if (start < 0) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token ?? ""}] is not valid`);
  const page = wanted.slice(start, start + max);
  const next = wanted[start + max];
  const fields = list(c, "dm_event.fields");
  const expansions = list(c, "expansions");
  const data = page.map((e) => {
    const all: Record<string, unknown> = { id: e.id, event_type: "MessageCreate", text: e.text, created_at: e.createdAt, dm_conversation_id: e.conversationId };
    return {
      ...Object.fromEntries(Object.entries(all).filter(([k]) => ["id", "event_type", "text", ...fields].includes(k))),
      ...(expansions.includes("sender_id") ? { sender_id: e.senderId } : {}),
      ...(expansions.includes("participant_ids") ? { participant_ids: e.participantIds } : {}),
    };
  });
  const userIds = new Set<string>();
  for (const e of page) {
    if (expansions.includes("sender_id")) userIds.add(e.senderId);
    if (expansions.includes("participant_ids")) for (const id of e.participantIds) userIds.add(id);
  }
  const found = [];
  for (const id of userIds) {
    const user = (await deps.store.get<SandboxAccount>("twitter", "account", id))?.data;
    if (user) found.push(user);
  }
  const users = await userObjects(deps, found, list(c, "user.fields"));
  return c.json(
    {
      ...(data.length > 0 ? { data } : {}),
      ...(users.length > 0 ? { includes: { users } } : {}),
      meta: { result_count: data.length, ...(next ? { next_token: next.id.padStart(19, "0") } : {}) },
    },
    200,
    rateHeaders(deps, 14),
  );
}

async function eventsOf(deps: SimulatorDeps, accountId: string): Promise<SandboxDmEvent[]> {
  return (await deps.store.list<SandboxDmEvent>("twitter", "dm_event")).map((r) => r.data).filter((e) => e.participantIds.includes(accountId));
}

export function mountDirectMessageRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/dm_events", async (c) => {
    const auth = await authenticate(c, deps, READ_SCOPES);
    if (auth instanceof Response) return auth;
    return eventsPage(c, deps, await eventsOf(deps, auth.account.id));
  });

  app.get("/2/dm_conversations/:id/dm_events", async (c) => {
    const auth = await authenticate(c, deps, READ_SCOPES);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    if (!CONVERSATION_ID.test(id)) return invalidRequest(c, `The \`id\` query parameter value [${id}] does not match ^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$`);
    const events = (await eventsOf(deps, auth.account.id)).filter((e) => e.conversationId === id);
    if (events.length === 0) {
      return c.json({
        errors: [
          {
            value: id,
            detail: `Could not find dm_conversation with id: [${id}].`,
            title: "Not Found Error",
            resource_type: "dm_conversation",
            parameter: "id",
            resource_id: id,
            type: "https://api.x.com/2/problems/resource-not-found",
          },
        ],
        meta: { result_count: 0 },
      });
    }
    return eventsPage(c, deps, events);
  });

  app.post("/2/dm_conversations/:id/messages", async (c) => {
    const auth = await authenticate(c, deps, WRITE_SCOPES);
    if (auth instanceof Response) return auth;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return invalidRequest(c, "The request body is not valid JSON");
    }
    const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const extra = Object.keys(record).find((k) => k !== "text" && k !== "attachments");
    if (extra) return invalidRequest(c, `The request body has the unknown property [${extra}]`);
    if (typeof record.text !== "string" || record.text === "") return invalidRequest(c, "At least one of `text`, `attachments` is required; the sandbox sends text only");
    const id = c.req.param("id");
    const last = (await eventsOf(deps, auth.account.id)).filter((e) => e.conversationId === id).sort(newestFirst)[0];
    if (!last) {
      return c.json({ title: "Forbidden", type: "about:blank", status: 403, detail: "You are not permitted to send messages to this conversation." }, 403, {
        "Content-Type": "application/problem+json",
      });
    }
    const event: SandboxDmEvent = { id: numericId(19), conversationId: id, senderId: auth.account.id, participantIds: last.participantIds, text: record.text, createdAt: deps.now().toISOString() };
    await deps.store.put("twitter", "dm_event", event.id, event, auth.account.id);
    return c.json({ data: { dm_conversation_id: id, dm_event_id: event.id } }, 201, rateHeaders(deps, 14));
  });
}

/** A simulated person writes to the account: the event the sandbox's inbound route creates on X. */
export async function receiveTwitterMessage(deps: SimulatorDeps, sender: SandboxAccount, recipientId: string, text: string): Promise<SandboxDmEvent> {
  const event: SandboxDmEvent = {
    id: numericId(19),
    conversationId: oneToOneId(sender.id, recipientId),
    senderId: sender.id,
    participantIds: [sender.id, recipientId],
    text,
    createdAt: deps.now().toISOString(),
  };
  await deps.store.put("twitter", "dm_event", event.id, event, sender.id);
  return event;
}
