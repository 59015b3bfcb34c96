import type { PlatformId } from "../../../types/platform-ids.js";

/**
 * One thing a network told us happened to an account (pushed by a webhook, or found by a poll),
 * in our terms. `objectId` is the id the network names the receiving side by: a Facebook page,
 * an Instagram professional account, a Threads user.
 */
export interface InboundItem {
  platform: PlatformId;
  objectId: string;
  kind: "comment" | "mention" | "message";
  /** The network's id of the comment, mentioning post or comment, or message: the deduplication key. */
  itemId: string;
  author: { id: string | null; handle: string | null; displayName: string | null };
  text: string | null;
  createdAt: Date;
  /** The post the comment (or mention) is on, in the network's ids. */
  networkPostId: string | null;
  /** Comments: the comment it answers; mentions: the comment that mentions, when it is one. */
  parentId: string | null;
  commentId: string | null;
  hasAttachments: boolean;
  /** The account's own message sent back to it (Meta's `is_echo`): never an event. */
  echo: boolean;
  /**
   * Messages: when the network stops accepting a reply, null where it has no window (X, Bluesky).
   * Left out, it is Meta's messaging window from this message.
   */
  replyBy?: Date | null;
}

export const inboundItem = (item: Pick<InboundItem, "platform" | "objectId" | "kind" | "itemId" | "createdAt"> & Partial<InboundItem>): InboundItem => ({
  author: { id: null, handle: null, displayName: null },
  text: null,
  networkPostId: null,
  parentId: null,
  commentId: null,
  hasAttachments: false,
  echo: false,
  ...item,
});
