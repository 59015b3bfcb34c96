import type { NetworkNotification } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { rulesFor } from "../../../networks/registry.js";
import type { EventType } from "../../events/index.js";
import { type InboundItem, inboundItem } from "../inbound/inbound-item.js";
import type { PolledAccount, PolledFeed } from "./feed-types.js";
import { messagesFeed } from "./messages-feed.js";

export type { FeedRead, PolledAccount, PolledFeed, PolledItem } from "./feed-types.js";

/** A reply to the account's post is a comment on it; a mention is a mention. Other kinds are no event. */
export function notificationToInbound(account: PolledAccount, n: NetworkNotification): InboundItem | null {
  if (n.kind !== "mentions" && n.kind !== "replies") return null;
  const base = {
    platform: account.platform,
    objectId: account.networkUserId,
    itemId: n.itemId ?? n.id,
    createdAt: new Date(n.createdAt),
    author: { id: n.actor.id, handle: n.actor.handle, displayName: n.actor.displayName },
    text: n.text,
  };
  if (n.kind === "replies") return inboundItem({ ...base, kind: "comment", networkPostId: n.subject?.networkPostId ?? null });
  return inboundItem({ ...base, kind: "mention", networkPostId: n.subject?.networkPostId ?? n.id });
}

const notificationsFeed: PolledFeed = {
  name: "notifications",
  events: ["mention.received", "comment.received"],
  pageSize: 50,
  reader(adapter, account) {
    const inbox = adapter.inbox;
    const list = inbox?.listNotifications;
    if (!inbox || !list) return undefined;
    return async (tokens, page, net) => {
      const got = await list.call(inbox, tokens, page, net);
      return { cursor: got.cursor, items: got.items.map((n) => ({ id: n.id, createdAt: n.createdAt, inbound: notificationToInbound(account, n) })) };
    };
  },
};

/**
 * Every feed the poller knows. Comments (`inbox.listComments` -> comment.received) join this list
 * as that feed lands; an item found by two feeds (a reply is a notification and a comment) is one
 * event, since the event's source id is the network's id of the item.
 */
export const polledFeeds: readonly PolledFeed[] = [notificationsFeed, messagesFeed];

/**
 * The events a feed would report for a network: its own, less what the network pushes to Chorus
 * itself (`pushed` in its rules.ts), which is never polled.
 */
export function polledEventsOf(feed: PolledFeed, platform: PlatformId): EventType[] {
  const pushed: EventType[] = (rulesFor(platform).pushed ?? []).map((kind) => eventOfInbound[kind]);
  return feed.events.filter((e) => !pushed.includes(e));
}

export const eventOfInbound = { comment: "comment.received", mention: "mention.received", message: "message.received" } as const satisfies Record<InboundItem["kind"], EventType>;
