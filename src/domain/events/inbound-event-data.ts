import type { Queryable } from "../../db/types.js";
import type { JobQueue } from "../core/index.js";
import { recordEvent } from "./record-event.js";

/**
 * The `data` of the three events that report what people did to a connected account
 * (message.received, comment.received, mention.received), built in one place so every source
 * (a network's push, a poll, the sandbox) sends the same fields.
 */

/** The connection the event is about. `networkUserId` is the account's own id at its network. */
export interface InboundAccount {
  id: string;
  platform: string;
  handle: string;
  networkUserId: string;
}

/** SocialActor (API-DECISIONS): network ids passed through. */
export interface EventActor {
  id: string;
  handle: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  url: string | null;
}

/** The page and photo networks accept a reply for 24 hours after the person's last message. */
export const REPLY_WINDOW_MS = 24 * 3_600_000;

export interface MessageReceived {
  kind: "message.received";
  from: EventActor;
  messageId: string;
  conversationId: string;
  text: string;
  hasAttachments: boolean;
  receivedAt: Date;
}

export interface CommentReceived {
  kind: "comment.received";
  author: EventActor;
  commentId: string;
  /** Chorus's `post_` id when the comment is on a post published through Chorus. */
  postId: string | null;
  networkPostId: string;
  parentId: string | null;
  text: string;
  createdAt: Date;
}

export interface MentionReceived {
  kind: "mention.received";
  author: EventActor;
  networkPostId: string;
  url: string | null;
  text: string;
  createdAt: Date;
}

export type InboundActivity = MessageReceived | CommentReceived | MentionReceived;

const actorOf = (actor: EventActor, platform: string) => ({ ...actor, platform });

/** The spec's message.received `data`, with `replyBy` from the network's reply window. */
export function messageReceivedData(account: InboundAccount, m: MessageReceived) {
  return {
    account: account.id,
    platform: account.platform,
    handle: account.handle,
    from: m.from.id,
    sender: actorOf(m.from, account.platform),
    conversationId: m.conversationId,
    messageId: m.messageId,
    text: m.text,
    hasAttachments: m.hasAttachments,
    receivedAt: m.receivedAt.toISOString(),
    replyBy: new Date(m.receivedAt.getTime() + REPLY_WINDOW_MS).toISOString(),
  };
}

/** comment.received: the Comment record's fields, i.e. what POST /v1/comments/{id}/replies needs. */
export function commentReceivedData(account: InboundAccount, c: CommentReceived) {
  return {
    id: c.commentId,
    account: account.id,
    platform: account.platform,
    handle: account.handle,
    postId: c.postId,
    networkPostId: c.networkPostId,
    parentId: c.parentId,
    author: actorOf(c.author, account.platform),
    text: c.text,
    createdAt: c.createdAt.toISOString(),
  };
}

/** mention.received: the post that names the account. */
export function mentionReceivedData(account: InboundAccount, m: MentionReceived) {
  return {
    account: account.id,
    platform: account.platform,
    handle: account.handle,
    networkPostId: m.networkPostId,
    url: m.url,
    author: actorOf(m.author, account.platform),
    text: m.text,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The account's own activity (its replies, its outgoing messages) is never an event. */
export const isOwnActivity = (account: InboundAccount, activity: InboundActivity): boolean => (activity.kind === "message.received" ? activity.from.id : activity.author.id) === account.networkUserId;

/**
 * Records one inbound activity as its event, in the caller's transaction; returns null (and
 * records nothing) for the account's own replies and messages, which networks echo back.
 */
export async function recordInboundEvent(
  db: Queryable,
  jobs: JobQueue,
  input: { workspaceId: string; mode: "test" | "live"; account: InboundAccount; activity: InboundActivity; at: Date },
): Promise<string | null> {
  const { account, activity } = input;
  if (isOwnActivity(account, activity)) return null;
  const data =
    activity.kind === "message.received"
      ? messageReceivedData(account, activity)
      : activity.kind === "comment.received"
        ? commentReceivedData(account, activity)
        : mentionReceivedData(account, activity);
  return recordEvent(db, jobs, { workspaceId: input.workspaceId, mode: input.mode, type: activity.kind, data, at: input.at });
}
