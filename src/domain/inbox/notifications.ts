import { and, eq, inArray } from "drizzle-orm";
import { postTargets } from "../../db/schema/index.js";
import type { NetworkActor, NetworkNotification, NotificationKind } from "../../networks/facets/inbox.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { DomainContext } from "../core/index.js";
import { type ReadProblem, spanningRead } from "../accounts/index.js";

export interface Notification {
  id: string;
  account: string;
  platform: PlatformId;
  kind: NotificationKind;
  actor: NetworkActor & { platform: PlatformId };
  subject: { postId: string | null; networkPostId: string; url: string | null } | null;
  text: string | null;
  createdAt: string;
  seen: boolean;
}

/** The Chorus `post_` ids of subjects this workspace published, found by their network ids. */
async function chorusPostIds(ctx: DomainContext, pairs: { account: string; networkPostId: string }[]): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const rows = await ctx.db
    .select({ postId: postTargets.postId, accountId: postTargets.accountId, networkPostId: postTargets.networkPostId })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.workspaceId, ctx.workspace.id),
        inArray(postTargets.accountId, [...new Set(pairs.map((p) => p.account))]),
        inArray(postTargets.networkPostId, [...new Set(pairs.map((p) => p.networkPostId))]),
      ),
    );
  return new Map(rows.map((r) => [`${r.accountId} ${r.networkPostId ?? ""}`, r.postId]));
}

/**
 * GET /v1/notifications: every account's notifications (or one account's), newest first, merged
 * across networks by the spanning-read helper; networks without notifications are `problems`.
 */
export async function listNotifications({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { account?: string | undefined; cursor?: string | undefined; limit: number };
}): Promise<{ items: Notification[]; cursor: string | null; problems: ReadProblem[] }> {
  const page = await spanningRead<NetworkNotification>({
    ctx,
    input: {
      list: "notifications",
      feature: "notifications",
      account: input.account,
      cursor: input.cursor,
      limit: input.limit,
      pick: (adapter) => adapter.inbox?.listNotifications?.bind(adapter.inbox),
    },
  });
  const subjects = page.items.flatMap(({ account, item }) => (item.subject ? [{ account: account.id, networkPostId: item.subject.networkPostId }] : []));
  const postIds = await chorusPostIds(ctx, subjects);
  const items = page.items.map(({ account, item }): Notification => {
    const platform = account.platform;
    return {
      id: item.id,
      account: account.id,
      platform,
      kind: item.kind,
      actor: { ...item.actor, platform },
      subject: item.subject ? { postId: postIds.get(`${account.id} ${item.subject.networkPostId}`) ?? null, ...item.subject } : null,
      text: item.text,
      createdAt: item.createdAt,
      seen: item.seen,
    };
  });
  return { items, cursor: page.cursor, problems: page.problems };
}
