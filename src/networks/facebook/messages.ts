import { fetchSource, freshState, mergePages, sourceStatesOf } from "../merge-pages.js";
import { ApiError } from "../../infra/errors.js";
import type { InboxFacet, NetworkConversation } from "../facets/inbox.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookUrls } from "../meta/facebook-graph.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { asPage, facebookVersion, managedPageTokens, type PageAccess } from "../meta/page-access.js";
import { listThreadMessages, listThreads, type MessengerNode, recipientOf, sendThreadMessageTo } from "../meta/messenger.js";

/**
 * Messenger conversations of every page the person manages. Each page is its own inbox on
 * Facebook, so one account's page of conversations is itself a merge of its pages' pages; the
 * position in each is kept in the account's cursor with the same merge the spanning reads use.
 */

const nodeOf = (net: NetworkContext, page: PageAccess): MessengerNode => ({
  table: facebookErrorTable,
  base: facebookUrls.graph,
  version: facebookVersion(net),
  node: page.pageId,
  platform: "messenger",
  ownId: page.pageId,
  token: page.token,
  // Messenger ids are page-scoped (PSIDs): no public profile URL can be made from one.
  profileUrl: () => null,
  unreadCount: true,
  detailedMessages: null,
});

/** Runs `call` as the page whose inbox holds the conversation. */
function asInboxPage<T>(tokens: TokenSet, net: NetworkContext, pageId: string | null, call: (page: PageAccess) => Promise<T>): Promise<T> {
  const lost = () => new ApiError("resource_not_found", { param: "id", platform: "facebook", message: "This conversation is on a page this Facebook account no longer manages." });
  if (pageId === null) throw lost();
  return asPage(tokens, net, pageId, call, lost);
}

export const facebookMessages: Pick<InboxFacet, "listConversations" | "listMessages" | "sendMessage"> = {
  async listConversations(tokens, page, net) {
    const pages = await managedPageTokens(tokens, net);
    const states = sourceStatesOf(page.cursor);
    const sources = await Promise.all(
      pages
        .filter((p) => !states[p.pageId]?.done)
        .map((p) => fetchSource<NetworkConversation>(p.pageId, states[p.pageId] ?? freshState, page.limit, (cursor, size) => listThreads(net, nodeOf(net, p), p.pageId, cursor, size))),
    );
    const merged = mergePages(sources, page.limit);
    const next = { ...states, ...merged.states };
    const more = pages.some((p) => !next[p.pageId]?.done);
    return { items: merged.items.map((entry) => entry.item), cursor: more ? JSON.stringify(next) : null };
  },

  async listMessages(tokens, page, net) {
    return asInboxPage(tokens, net, page.conversation.via, (access) => listThreadMessages(net, nodeOf(net, access), page.conversation.id, page.cursor, page.limit));
  },

  // Only the read of the recipient runs again with a fresh token when Graph refuses the stored
  // one: the text and each file are separate sends, and a token that died between two of them
  // must not send the first again. A refusal after that reads as the refusal it is.
  async sendMessage(tokens, input, net) {
    const { access, recipient } = await asInboxPage(tokens, net, input.conversation.via, async (access) => ({
      access,
      recipient: await recipientOf(net, nodeOf(net, access), input.conversation.id),
    }));
    return sendThreadMessageTo(net, nodeOf(net, access), input, recipient);
  },
};
