import type { NetworkActor } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { signSpanningCursor, verifySpanningCursor } from "../../accounts/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { messagingUnsupported, resolveConversation } from "./conversation-account.js";

export interface Message {
  id: string;
  conversationId: string;
  account: string;
  platform: PlatformId;
  from: NetworkActor & { platform: PlatformId };
  text: string | null;
  attachments: { type: string; url: string | null }[];
  createdAt: string;
  direction: "in" | "out";
}

/**
 * GET /v1/conversations/{id}/messages: one conversation's messages, newest first, read live from
 * its network. A direct read: a connection to renew is 409 `needs_reauth` and a network failure
 * is its error, not a `problems` entry. The cursor wraps the network's own, signed for this
 * conversation so it cannot be replayed on another.
 */
export async function listConversationMessages({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { id: string; cursor?: string | undefined; limit: number };
}): Promise<{ items: Message[]; cursor: string | null }> {
  const { key, row, platform, inbox } = await resolveConversation(ctx, input.id);
  const read = inbox?.listMessages?.bind(inbox);
  if (!read) throw messagingUnsupported(platform, "read");
  const scope = { list: `messages ${input.id}`, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode, account: row.id };
  const secret = ctx.services.signingSecret;
  const state = input.cursor !== undefined ? (await verifySpanningCursor(secret, scope, input.cursor))[row.id] : undefined;
  const page = await withAccountSession(ctx, row, (tokens, net) =>
    read(tokens, { conversation: { id: key.id, via: key.via }, cursor: state?.cursor ?? null, limit: input.limit, networkUserId: row.networkUserId }, net),
  );
  const items = page.items.map(
    (m): Message => ({
      id: m.id,
      conversationId: input.id,
      account: row.id,
      platform,
      from: { ...m.from, platform },
      text: m.text,
      attachments: m.attachments,
      createdAt: m.createdAt,
      direction: m.direction,
    }),
  );
  const cursor = page.cursor === null ? null : await signSpanningCursor(secret, scope, { [row.id]: { cursor: page.cursor, size: null, after: null, done: false } });
  return { items, cursor };
}
