import type { NetworkContext, TokenSet } from "../call-context.js";

/** The spec's six notification kinds; a network's other reasons (Bluesky's starter-pack joins) are dropped. */
export const notificationKinds = ["likes", "replies", "mentions", "follows", "reposts", "quotes"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A person on a network, with the network's own ids passed through (API-DECISIONS: SocialActor minus `platform`). */
export interface NetworkActor {
  id: string;
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  url: string | null;
}

/** One notification as the network reports it; the domain adds the account, platform and Chorus post id. */
export interface NetworkNotification {
  /** The network's own id for the notification (Bluesky: the record URI; X: the mentioning tweet id). */
  id: string;
  /**
   * The network's id of the reply or mention itself where it differs from the notification's
   * (LinkedIn's comment URN beside its notificationId): what a reply to it or a hide names.
   */
  itemId?: string | undefined;
  kind: NotificationKind;
  actor: NetworkActor;
  /** The account's own post the notification is about; null for follows. */
  subject: { networkPostId: string; url: string | null } | null;
  /** The text of the reply, mention or quote; null for likes, reposts and follows. */
  text: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  seen: boolean;
}

/** One page of a network read: newest first, with the network's own cursor (null at the end). */
export interface NetworkPage<T> {
  items: T[];
  cursor: string | null;
}

export interface NetworkPageRequest {
  /** The network's own cursor from the previous page, or null for the newest items. */
  cursor: string | null;
  limit: number;
  /** The account's own user id on the network (X's numeric id), stored at connect. */
  networkUserId: string;
  /**
   * The network id of the newest item the caller already has: a network that can list only what
   * is newer (X `since_id`) does, and a poll then reads (and, on X, pays for) nothing old. Others ignore it.
   */
  newerThan?: string | undefined;
}

/**
 * Where a conversation lives on its network: its id, and the page it belongs to where the
 * network files conversations under pages (Messenger; Instagram through the Facebook door).
 */
export interface ConversationRef {
  id: string;
  /** The page id the conversation is under, or null where the account itself holds it. */
  via: string | null;
}

/** One direct-message conversation as the network reports it; the domain adds account, platform and the Chorus id. */
export interface NetworkConversation extends ConversationRef {
  /** The other people in it (never the account itself). */
  participants: NetworkActor[];
  /** ISO 8601 UTC of the newest message either way: the order of the list. */
  createdAt: string;
  /** Whether the account has unread messages in it; null where the network does not say. */
  unread: boolean | null;
  /** When the network stops accepting a standard reply (24 h after the person's last message on Meta); null where no window applies. */
  replyBy: string | null;
}

export interface NetworkMessageAttachment {
  type: "image" | "video" | "audio" | "file" | "other";
  url: string | null;
}

export interface NetworkMessage {
  id: string;
  from: NetworkActor;
  text: string | null;
  attachments: NetworkMessageAttachment[];
  /** ISO 8601 UTC. */
  createdAt: string;
  /** `in`: the person wrote it; `out`: the account did. */
  direction: "in" | "out";
}

export interface MessagePageRequest extends NetworkPageRequest {
  conversation: ConversationRef;
}

export interface SendMessageRequest {
  conversation: ConversationRef;
  networkUserId: string;
  text: string;
  /** Files from the media library, already resolved to fetchable URLs. */
  media: { url: string; kind: "image" | "video"; mimeType: string }[];
  /** A person wrote this reply: Meta's HUMAN_AGENT tag (7 days instead of 24 hours); ignored where no window applies. */
  humanAgent: boolean;
}

/**
 * The inbox facet: what a network lets an account read about the people interacting with it.
 * Every method is optional: a network lacking one leaves it out, and `GET /v1/platforms` and the
 * routes both read that absence (networks/derived-capabilities.ts). Comments, reviews and
 * conversations join this facet as they are built.
 */
export interface InboxFacet {
  listNotifications?(tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkNotification>>;
  /** Marks everything up to `seenAt` as seen, on networks that keep that state (Bluesky `updateSeen`). */
  markNotificationsSeen?(tokens: TokenSet, input: { seenAt: string }, net: NetworkContext): Promise<void>;
  /** Direct-message conversations, newest message first. */
  listConversations?(tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkConversation>>;
  /** One conversation's messages, newest first. */
  listMessages?(tokens: TokenSet, page: MessagePageRequest, net: NetworkContext): Promise<NetworkPage<NetworkMessage>>;
  /**
   * Every conversation's messages as one stream, newest first, where the network keeps one (X
   * `GET /2/dm_events`): the inbox poller reads it in one request instead of one per conversation.
   */
  listRecentMessages?(tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkMessage & { conversation: ConversationRef }>>;
  /** Replies in a conversation; the network's own refusal (window closed, messaging off) is thrown as its ApiError. */
  sendMessage?(tokens: TokenSet, input: SendMessageRequest, net: NetworkContext): Promise<{ id: string }>;
  /** Why a message with media cannot be sent where the network's DMs take text only (Bluesky chat); absent where media works. */
  readonly messageMediaRefusal?: string;
}

/** One comment (or reply) as the network reports it; the domain adds the account, platform and Chorus post id. */
export interface NetworkComment {
  /** The network's own id: what the hide, delete and reply routes take. */
  id: string;
  /** The comment it answers; null for a comment on the post itself. */
  parentId: string | null;
  author: NetworkActor;
  text: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** Null where the network does not say (X's post object has no hidden flag). */
  hidden: boolean | null;
  /** Null where the network does not publish the count. */
  likeCount: number | null;
  replyCount: number | null;
  /** Whether the connected account wrote it (a reply made through Chorus or in the network's app). */
  own: boolean;
  /** Filled by networks that return a whole thread in one call; left out when replies need their own read. */
  replies?: NetworkComment[];
}

export interface CommentPageRequest extends NetworkPageRequest {
  /** The post on the network whose comments are read. */
  networkPostId: string;
  /** The caller wants whole threads: a network that returns them in the same call fills `replies`. */
  nested: boolean;
}

export interface CommentTarget {
  /** The network's id of the comment (or review) acted on. */
  commentId: string;
  networkUserId: string;
}

/**
 * Comments join the inbox facet with the same rule: a network lacking a method lacks the
 * capability (`comments.reply`, `.hide`, `.delete`, `.nested` in GET /v1/platforms).
 */
export interface InboxFacet {
  /** The comments on one of the account's posts, top level, newest first. */
  listComments?(tokens: TokenSet, page: CommentPageRequest, net: NetworkContext): Promise<NetworkPage<NetworkComment>>;
  /** The answers to one comment (one page, newest first): what lets a read go deeper than the top level. */
  listCommentReplies?(tokens: TokenSet, input: CommentTarget & { networkPostId: string; limit: number }, net: NetworkContext): Promise<NetworkComment[]>;
  /** Posts `text` as the account's answer to the comment; returns the network id of the answer. */
  replyToComment?(tokens: TokenSet, input: CommentTarget & { text: string }, net: NetworkContext): Promise<{ id: string }>;
  hideComment?(tokens: TokenSet, input: CommentTarget & { hidden: boolean }, net: NetworkContext): Promise<void>;
  deleteComment?(tokens: TokenSet, input: CommentTarget, net: NetworkContext): Promise<void>;
}
