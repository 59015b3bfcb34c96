import type { NetworkActor, NetworkConversation } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { type ReadProblem, spanningRead } from "../../accounts/index.js";
import { conversationId } from "./conversation-id.js";

export interface Conversation {
  id: string;
  account: string;
  platform: PlatformId;
  networkConversationId: string;
  participants: (NetworkActor & { platform: PlatformId })[];
  lastMessageAt: string;
  unread: boolean | null;
  replyBy: string | null;
}

/**
 * GET /v1/conversations: every account's direct-message conversations (or one account's), the
 * most recently active first, merged across networks by the spanning-read helper; networks
 * without direct messages are `problems`, never a silent gap.
 */
export async function listConversations({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { account?: string | undefined; cursor?: string | undefined; limit: number };
}): Promise<{ items: Conversation[]; cursor: string | null; problems: ReadProblem[] }> {
  const page = await spanningRead<NetworkConversation>({
    ctx,
    input: {
      list: "conversations",
      feature: "direct messages",
      account: input.account,
      cursor: input.cursor,
      limit: input.limit,
      pick: (adapter) => adapter.inbox?.listConversations?.bind(adapter.inbox),
    },
  });
  const items = page.items.map(({ account, item }): Conversation => {
    const platform = account.platform;
    return {
      id: conversationId({ account: account.id, via: item.via, id: item.id }),
      account: account.id,
      platform,
      networkConversationId: item.id,
      participants: item.participants.map((p) => ({ ...p, platform })),
      lastMessageAt: item.createdAt,
      unread: item.unread,
      replyBy: item.replyBy,
    };
  });
  return { items, cursor: page.cursor, problems: page.problems };
}
