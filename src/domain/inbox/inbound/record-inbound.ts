import type { JobQueue } from "../../core/index.js";
import { and, eq, ne } from "drizzle-orm";
import { inboundRoutes, postTargets, socialAccounts } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { recordEventOnce } from "../../events/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import type { InboundItem } from "./inbound-item.js";

/**
 * Which accounts an inbound item may reach: real networks feed live accounts in every workspace;
 * a sandbox network feeds the test accounts of the one workspace whose simulated world it is.
 */
export type InboundScope = { mode: "live" } | { mode: "test"; workspaceId: string };

/** Meta's messaging window: a reply is accepted up to 24 hours after the person's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60_000;

/** The page webhook field each kind arrives on, for the per-workspace field filter. */
const pageField = { comment: "feed", mention: "mention", message: "messages" } as const;

const eventType = { comment: "comment.received", mention: "mention.received", message: "message.received" } as const;

/**
 * Accounts that receive this item: every connected account of the network object, in every
 * workspace in scope. A Facebook account is the person, so its pages come from the subscriptions
 * made with POST /v1/social-accounts/{id}/webhook (and only their fields); the other networks
 * name the account itself.
 */
async function receivers(db: Queryable, item: InboundItem, scope: InboundScope): Promise<SocialAccountRow[]> {
  const inScope = and(ne(socialAccounts.status, "disconnected"), eq(socialAccounts.mode, scope.mode), scope.mode === "test" ? eq(socialAccounts.workspaceId, scope.workspaceId) : undefined);
  if (item.platform === "facebook") {
    const rows = await db
      .select({ account: socialAccounts, fields: inboundRoutes.fields })
      .from(inboundRoutes)
      .innerJoin(socialAccounts, eq(socialAccounts.id, inboundRoutes.accountId))
      .where(and(eq(inboundRoutes.platform, "facebook"), eq(inboundRoutes.objectId, item.objectId), inScope));
    return rows.filter((r) => r.fields.includes(pageField[item.kind])).map((r) => r.account);
  }
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.platform, item.platform), eq(socialAccounts.networkUserId, item.objectId), inScope));
}

/** The account's own comment, reply or message: the caller wrote it, so it is no news to them. */
function ownItem(item: InboundItem, account: SocialAccountRow): boolean {
  if (item.echo) return true;
  const { id, handle } = item.author;
  if (id !== null && (id === item.objectId || id === account.networkUserId)) return true;
  // Threads names authors by username only; Facebook's "handle" is a person's display name, never compared.
  return account.platform !== "facebook" && handle !== null && handle.toLowerCase() === account.handle.toLowerCase();
}

/** The Chorus post the item is on, when this workspace published it. */
async function chorusPostId(db: Queryable, workspaceId: string, item: InboundItem): Promise<string | null> {
  if (!item.networkPostId) return null;
  const [target] = await db
    .select({ postId: postTargets.postId })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, workspaceId), eq(postTargets.platform, item.platform), eq(postTargets.networkPostId, item.networkPostId)))
    .limit(1);
  return target?.postId ?? null;
}

async function eventData(db: Queryable, item: InboundItem, account: SocialAccountRow): Promise<Record<string, unknown>> {
  const base = { account: account.id, platform: item.platform, handle: account.handle };
  const author = { id: item.author.id, handle: item.author.handle, displayName: item.author.displayName };
  if (item.kind === "message") {
    return {
      ...base,
      from: item.author.id,
      messageId: item.itemId,
      text: item.text,
      hasAttachments: item.hasAttachments,
      receivedAt: item.createdAt.toISOString(),
      replyBy: item.replyBy === undefined ? new Date(item.createdAt.getTime() + REPLY_WINDOW_MS).toISOString() : (item.replyBy?.toISOString() ?? null),
    };
  }
  const postId = await chorusPostId(db, account.workspaceId, item);
  if (item.kind === "comment") {
    return { ...base, commentId: item.itemId, parentId: item.parentId, postId, networkPostId: item.networkPostId, author, text: item.text, createdAt: item.createdAt.toISOString() };
  }
  return { ...base, mentionId: item.itemId, postId, networkPostId: item.networkPostId, commentId: item.commentId, author, text: item.text, createdAt: item.createdAt.toISOString() };
}

/**
 * Records comment.received, mention.received and message.received for every account an item
 * reaches. The network's own id is the event's source id, unique per workspace: Meta retries a
 * delivery it thinks failed (and two accounts of one workspace may share a page), and the repeat
 * records nothing. Returns how many events were recorded.
 */
export async function recordInbound(db: Queryable, jobs: JobQueue, items: readonly InboundItem[], scope: InboundScope, now: Date): Promise<number> {
  let recorded = 0;
  for (const item of items) {
    for (const account of await receivers(db, item, scope)) {
      if (await recordInboundFor(db, jobs, item, account, now)) recorded++;
    }
  }
  return recorded;
}

/**
 * Records one item for one account (a poll knows its account): nothing for the account's own
 * items, nothing for an item already recorded. True when an event was recorded.
 */
export async function recordInboundFor(db: Queryable, jobs: JobQueue, item: InboundItem, account: SocialAccountRow, now: Date): Promise<boolean> {
  if (ownItem(item, account)) return false;
  const id = await recordEventOnce(db, jobs, {
    workspaceId: account.workspaceId,
    mode: account.mode === "live" ? "live" : "test",
    type: eventType[item.kind],
    data: await eventData(db, item, account),
    at: now,
    sourceId: `${item.platform}:${item.kind}:${item.itemId}`,
  });
  return id !== null;
}
