import type { InboxFacet } from "../facets/inbox.js";
import { extraString } from "../meta/graph.js";
import { managedPageTokens } from "../meta/page-access.js";
import { listThreadMessages, listThreads, type MessengerNode, sendThreadMessage } from "../meta/messenger.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramUrls } from "./capabilities.js";
import { instagramErrorTable } from "./errors.js";
import { doorOf, igVersion } from "./connect.js";

/**
 * Instagram direct messages through Meta's Conversations and Send APIs. Facebook-login door: the
 * linked page's inbox with `platform=instagram` and the page token; Instagram-login door:
 * `/me/conversations` and `/me/messages` on graph.instagram.com with the account's own token,
 * whose Conversation node has no `unread_count` (so `unread` is null there). Instagram details
 * only the newest 20 messages of a conversation, so a conversation's messages end at 20.
 */
/** Conversations API limitation (both doors): details of only the newest 20 messages of a conversation. */
export const INSTAGRAM_DETAILED_MESSAGES = 20;

async function nodeOf(tokens: TokenSet, net: NetworkContext): Promise<MessengerNode> {
  const ownId = extraString(tokens, "igUserId", "instagram");
  const common = {
    table: instagramErrorTable,
    version: igVersion(net),
    platform: "instagram" as const,
    ownId,
    profileUrl: (p: { username?: string | undefined }) => (p.username ? `https://www.instagram.com/${p.username}` : null),
    unreadCount: true,
    detailedMessages: INSTAGRAM_DETAILED_MESSAGES,
  };
  if (doorOf(tokens) === "instagram_login") return { ...common, base: instagramUrls.instagramGraph, node: "me", token: tokens.accessToken, unreadCount: false };
  const pageId = extraString(tokens, "pageId", "instagram");
  const page = (await managedPageTokens(tokens, net)).find((p) => p.pageId === pageId);
  // The person lost the page the account is linked through: only a new connection can fix it.
  if (!page) return { ...common, base: instagramUrls.facebookGraph, node: pageId, token: tokens.accessToken };
  return { ...common, base: instagramUrls.facebookGraph, node: pageId, token: page.token };
}

export const instagramMessages: Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage"> = {
  async listConversations(tokens, page, net) {
    return listThreads(net, await nodeOf(tokens, net), null, page.cursor, page.limit);
  },
  async listMessages(tokens, page, net) {
    return listThreadMessages(net, await nodeOf(tokens, net), page.conversation.id, page.cursor, page.limit);
  },
  async sendMessage(tokens, input, net) {
    return sendThreadMessage(net, await nodeOf(tokens, net), input);
  },
};
