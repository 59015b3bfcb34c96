import type { NetworkConversation, NetworkMessage, NetworkPage } from "../../../networks/facets/inbox.js";
import { inboundItem } from "../inbound/inbound-item.js";
import type { PolledAccount, PolledFeed, PolledItem } from "./feed-types.js";

/** Messages read per conversation page: a poll wants only what came since the last one. */
const MESSAGE_PAGE = 20;
/** Pages of one conversation a poll reads before it stops (a flood waits for the next poll). */
const MESSAGE_PAGES = 3;

/**
 * A direct message as a polled item: the person's messages become message.received; the
 * account's own (`out`, which includes those sent through Chorus) only move the mark.
 */
export function messageToItem(account: PolledAccount, message: NetworkMessage, replyBy: string | null): PolledItem {
  const inbound =
    message.direction === "out"
      ? null
      : inboundItem({
          platform: account.platform,
          objectId: account.networkUserId,
          kind: "message",
          itemId: message.id,
          createdAt: new Date(message.createdAt),
          author: { id: message.from.id, handle: message.from.handle, displayName: message.from.displayName },
          text: message.text,
          hasAttachments: message.attachments.length > 0,
          replyBy: replyBy ? new Date(replyBy) : null,
        });
  return { id: message.id, createdAt: message.createdAt, inbound };
}

const atOrAfter = (iso: string, since: Date) => Date.parse(iso) >= since.getTime();

/**
 * Direct messages (X DMs, Bluesky chat) as message.received. Where the network keeps one stream
 * of every conversation's messages (X `GET /2/dm_events`), one request per poll reads it.
 * Otherwise (Bluesky `listConvos` + `getMessages`) a poll lists the conversations newest first
 * and reads the messages of those whose newest message is at or after the mark; the baseline
 * reads only the newest conversation, which is all the mark needs (its time and the ids at it).
 * Messages older than the mark are dropped here, so the walk stops where the conversations do.
 */
export const messagesFeed: PolledFeed = {
  name: "messages",
  events: ["message.received"],
  pageSize: 20,
  // Read less often than the account where the network's DM limits want it: `polling.feedIntervalMs.messages` in its rules.ts.
  reader(adapter, account) {
    const inbox = adapter.inbox;
    if (!inbox) return undefined;
    const stream = inbox.listRecentMessages;
    if (stream) {
      return async (tokens, page, net) => {
        const got = await stream.call(inbox, tokens, page, net);
        return { cursor: got.cursor, items: got.items.map((m) => messageToItem(account, m, null)) };
      };
    }
    const list = inbox.listConversations;
    const read = inbox.listMessages;
    if (!list || !read) return undefined;
    return async (tokens, page, net) => {
      const got = await list.call(inbox, tokens, page, net);
      const since = page.since ?? null;
      let moved: NetworkConversation[];
      if (since) {
        moved = got.items.filter((c) => atOrAfter(c.createdAt, since));
      } else {
        const newest = got.items[0]?.createdAt;
        moved = got.items.filter((c) => c.createdAt === newest);
      }
      const items: PolledItem[] = [];
      for (const conversation of moved) {
        let cursor: string | null = null;
        for (let n = 0; n < MESSAGE_PAGES; n++) {
          const messages: NetworkPage<NetworkMessage> = await read.call(
            inbox,
            tokens,
            { cursor, limit: MESSAGE_PAGE, networkUserId: page.networkUserId, conversation: { id: conversation.id, via: conversation.via } },
            net,
          );
          const kept = since ? messages.items.filter((m) => atOrAfter(m.createdAt, since)) : messages.items;
          items.push(...kept.map((m) => messageToItem(account, m, conversation.replyBy)));
          cursor = messages.cursor;
          // The baseline needs the newest page only; a later poll stops at the mark.
          if (!since || !cursor || kept.length < messages.items.length) break;
        }
      }
      // The list is newest first: once one conversation is older than the mark, every later one is.
      const more = since !== null && moved.length === got.items.length ? got.cursor : null;
      return { cursor: more, items };
    };
  },
};
