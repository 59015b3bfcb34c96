import type { Hono } from "hono";
import { BLUESKY_METHODS } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, PLATFORM, scopeFault } from "./accounts.js";
import { xrpcError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * The AppView's notifications, as the simulated PDS proxies them: every record written in any
 * simulated repository is indexed as the AppView indexes the firehose, so a like, repost, follow,
 * reply, mention or quote of an account's post becomes that account's notification. Stored per
 * recipient (`owner`), newest first by `indexedAt`; `updateSeen` moves the recipient's `seenAt`.
 */

export interface StoredNotification {
  uri: string;
  cid: string;
  author: string;
  reason: "like" | "repost" | "follow" | "mention" | "reply" | "quote";
  reasonSubject: string | null;
  record: Record<string, unknown>;
  indexedAt: string;
}

const path = (nsid: string) => `/xrpc/${nsid}`;
const didOfUri = (uri: unknown) => (typeof uri === "string" ? (/^at:\/\/([^/]+)\//.exec(uri)?.[1] ?? null) : null);

/** Who a record notifies, and why: the rules of the AppView's notification indexer for the six reasons. */
function recipientsOf(collection: string, record: Record<string, unknown>): { did: string; reason: StoredNotification["reason"]; subject: string | null }[] {
  const out: { did: string; reason: StoredNotification["reason"]; subject: string | null }[] = [];
  const subjectUri = isRecord(record.subject) && typeof record.subject.uri === "string" ? record.subject.uri : null;
  if (collection === "app.bsky.feed.like" || collection === "app.bsky.feed.repost") {
    const did = didOfUri(subjectUri);
    if (did) out.push({ did, reason: collection === "app.bsky.feed.like" ? "like" : "repost", subject: subjectUri });
  }
  if (collection === "app.bsky.graph.follow" && typeof record.subject === "string") out.push({ did: record.subject, reason: "follow", subject: null });
  if (collection === "app.bsky.feed.post") {
    const parent = isRecord(record.reply) && isRecord(record.reply.parent) ? record.reply.parent.uri : null;
    const parentDid = didOfUri(parent);
    if (parentDid && typeof parent === "string") out.push({ did: parentDid, reason: "reply", subject: parent });
    const embedded = isRecord(record.embed) ? (isRecord(record.embed.record) && isRecord(record.embed.record.record) ? record.embed.record.record : record.embed.record) : null;
    const quoted = isRecord(embedded) ? embedded.uri : null;
    const quotedDid = didOfUri(quoted);
    if (quotedDid && typeof quoted === "string") out.push({ did: quotedDid, reason: "quote", subject: quoted });
    for (const facet of Array.isArray(record.facets) ? record.facets : []) {
      for (const feature of isRecord(facet) && Array.isArray(facet.features) ? facet.features : []) {
        if (isRecord(feature) && feature.$type === "app.bsky.richtext.facet#mention" && typeof feature.did === "string") {
          out.push({ did: feature.did, reason: "mention", subject: null });
        }
      }
    }
  }
  return out;
}

/** Indexes one written record; a record never notifies its own author, and one person is notified once per record. */
export async function indexNotifications(deps: SimulatorDeps, author: string, collection: string, rkey: string, record: Record<string, unknown>, cid: string): Promise<void> {
  const uri = `at://${author}/${collection}/${rkey}`;
  const seen = new Set<string>();
  for (const target of recipientsOf(collection, record)) {
    if (target.did === author || seen.has(target.did)) continue;
    seen.add(target.did);
    if (!(await deps.store.get<SandboxAccount>(PLATFORM, "account", target.did))) continue;
    const notification: StoredNotification = { uri, cid, author, reason: target.reason, reasonSubject: target.subject, record, indexedAt: deps.now().toISOString() };
    await deps.store.put(PLATFORM, "notification", `${target.did} ${uri}`, notification, target.did);
  }
}

/** The AppView's cursor: the sort time in milliseconds and the CID, which breaks ties. */
const cursorOf = (n: StoredNotification) => `${Date.parse(n.indexedAt)}::${n.cid}`;
const newestFirst = (a: StoredNotification, b: StoredNotification) => (a.indexedAt === b.indexedAt ? (a.cid < b.cid ? 1 : -1) : a.indexedAt < b.indexedAt ? 1 : -1);

export function mountNotificationRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get(path(BLUESKY_METHODS.listNotifications), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    const limit = Number(c.req.query("limit") ?? "50");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return xrpcError(c, 400, "InvalidRequest", "limit must be an integer between 1 and 100");
    const reasons = c.req.queries("reasons") ?? [];
    const cursor = c.req.query("cursor");
    const seenAt = (await deps.store.get<{ seenAt: string }>(PLATFORM, "notification_seen", auth.account.id))?.data.seenAt ?? null;
    const all = (await deps.store.list<StoredNotification>(PLATFORM, "notification", { owner: auth.account.id }))
      .map((r) => r.data)
      .filter((n) => reasons.length === 0 || reasons.includes(n.reason))
      .sort(newestFirst);
    const start = cursor ? all.findIndex((n) => cursorOf(n) === cursor) + 1 : 0;
    const page = all.slice(start, start + limit);
    const authors = new Map<string, SandboxAccount | null>();
    for (const n of page) if (!authors.has(n.author)) authors.set(n.author, (await deps.store.get<SandboxAccount>(PLATFORM, "account", n.author))?.data ?? null);
    const last = page.at(-1);
    return c.json({
      notifications: page.map((n) => {
        const author = authors.get(n.author);
        return {
          uri: n.uri,
          cid: n.cid,
          author: {
            did: n.author,
            handle: author?.handle ?? "handle.invalid",
            ...(author?.displayName ? { displayName: author.displayName } : {}),
            ...(author?.avatarUrl ? { avatar: author.avatarUrl } : {}),
            labels: [],
          },
          reason: n.reason,
          ...(n.reasonSubject ? { reasonSubject: n.reasonSubject } : {}),
          record: n.record,
          isRead: seenAt !== null && n.indexedAt <= seenAt,
          indexedAt: n.indexedAt,
          labels: [],
        };
      }),
      ...(last ? { cursor: cursorOf(last) } : {}),
      priority: false,
      ...(seenAt ? { seenAt } : {}),
    });
  });

  app.post(path(BLUESKY_METHODS.updateSeen), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    const body = await jsonBody(c);
    const seenAt = body?.seenAt;
    if (typeof seenAt !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "seenAt"');
    if (Number.isNaN(Date.parse(seenAt))) return xrpcError(c, 400, "InvalidRequest", "Input/seenAt must be an valid atproto datetime (both RFC-3339 and ISO-8601)");
    await deps.store.put(PLATFORM, "notification_seen", auth.account.id, { seenAt: new Date(seenAt).toISOString() }, auth.account.id);
    return c.body(null, 200);
  });
}
