import * as v from "valibot";
import { parseNetworkBody } from "../http.js";
import type { InboxFacet, NetworkNotification, NotificationKind } from "../facets/inbox.js";
import { BLUESKY_METHODS, BLUESKY_WEB_URL } from "./capabilities.js";
import { postWebUrl } from "./post-record.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";

/**
 * Bluesky's notifications (`app.bsky.notification.listNotifications`), read through the account's
 * PDS, which proxies `app.bsky.*` to its AppView. Only the reasons that are one of the spec's six
 * kinds are asked for (`reasons[]`), so a page is never thinned out after the fact.
 */
const kindOfReason: Record<string, NotificationKind> = {
  like: "likes",
  repost: "reposts",
  follow: "follows",
  mention: "mentions",
  reply: "replies",
  quote: "quotes",
};
const REASONS = Object.keys(kindOfReason);

const Notification = v.object({
  uri: v.string(),
  cid: v.string(),
  author: v.object({ did: v.string(), handle: v.string(), displayName: v.optional(v.string()), avatar: v.optional(v.string()) }),
  reason: v.string(),
  reasonSubject: v.optional(v.string()),
  record: v.record(v.string(), v.unknown()),
  isRead: v.boolean(),
  indexedAt: v.string(),
});
const ListResponse = v.object({ notifications: v.array(Notification), cursor: v.optional(v.string()) });

/** Post URLs name the handle where it is known (the actor's, or the account's own), else the DID, which bsky.app also accepts. */
function subjectOf(n: v.InferOutput<typeof Notification>, kind: NotificationKind, own: { did: string; handle: string | null }): NetworkNotification["subject"] {
  if (kind === "follows") return null;
  // A mention has no subject of the account's: the post that mentions it is what the person opens.
  const uri = kind === "mentions" ? n.uri : n.reasonSubject;
  if (!uri) return null;
  const did = /^at:\/\/([^/]+)\//.exec(uri)?.[1] ?? "";
  const name = did === n.author.did ? n.author.handle : did === own.did && own.handle ? own.handle : did;
  return { networkPostId: uri, url: postWebUrl(name, uri) };
}

function toNotification(n: v.InferOutput<typeof Notification>, own: { did: string; handle: string | null }): NetworkNotification | null {
  const kind = kindOfReason[n.reason];
  if (!kind) return null;
  const text = kind === "replies" || kind === "mentions" || kind === "quotes" ? (typeof n.record.text === "string" ? n.record.text : null) : null;
  return {
    id: n.uri,
    kind,
    actor: {
      id: n.author.did,
      handle: n.author.handle,
      displayName: n.author.displayName ?? null,
      avatarUrl: n.author.avatar ?? null,
      url: `${BLUESKY_WEB_URL}/profile/${n.author.handle}`,
    },
    subject: subjectOf(n, kind, own),
    text,
    createdAt: new Date(n.indexedAt).toISOString(),
    seen: n.isRead,
  };
}

export const blueskyNotifications: InboxFacet = {
  async listNotifications(tokens, page, net) {
    const body = await xrpcOrThrow<unknown>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.listNotifications,
      method: "GET",
      token: tokens.accessToken,
      params: { limit: String(page.limit), reasons: REASONS, ...(page.cursor ? { cursor: page.cursor } : {}) },
    });
    const parsed = parseNetworkBody("bluesky", ListResponse, body, BLUESKY_METHODS.listNotifications);
    const handle = tokens.extra.handle;
    const own = { did: didOf(tokens), handle: typeof handle === "string" && handle !== "handle.invalid" ? handle : null };
    const items = parsed.notifications.flatMap((n) => toNotification(n, own) ?? []);
    // The AppView names a cursor on every non-empty page; an empty page is the end.
    return { items, cursor: parsed.notifications.length > 0 ? (parsed.cursor ?? null) : null };
  },

  async markNotificationsSeen(tokens, input, net) {
    await xrpcOrThrow<unknown>(net, {
      base: pdsUrlOf(tokens, net),
      nsid: BLUESKY_METHODS.updateSeen,
      method: "POST",
      token: tokens.accessToken,
      json: { seenAt: input.seenAt },
    });
  },
};
