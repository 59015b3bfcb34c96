import { and, eq, gt, isNull, or } from "drizzle-orm";
import { accountPolls } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import type { PlatformId } from "../../../types/platform-ids.js";

/**
 * The events a poll can record (the inbox's polled feeds): an endpoint that subscribes to none of
 * them wakes no account. Here, below every module, because the accounts module (a connection) and
 * the events module (an endpoint) both wake polls, and neither may import the inbox.
 */
export const POLLED_EVENT_TYPES: readonly string[] = ["comment.received", "mention.received", "message.received"];

/** True when an endpoint with these events (null: every event) would receive what a poll records. */
export const listensToPolledEvents = (events: readonly string[] | null): boolean => events === null || events.some((e) => POLLED_EVENT_TYPES.includes(e));

/**
 * A connected (or reconnected) account is polled at once, from the network's base interval: its
 * first poll sets the marks, or finds nobody listening and makes it dormant. One statement.
 */
export async function wakeAccountPoll(db: Queryable, account: { id: string; workspaceId: string; mode: "test" | "live"; platform: PlatformId }, now: Date): Promise<void> {
  const fresh = { nextPollAt: now, intervalMs: 0, quietStreak: 0 };
  await db
    .insert(accountPolls)
    .values({ accountId: account.id, workspaceId: account.workspaceId, mode: account.mode, platform: account.platform, ...fresh })
    .onConflictDoUpdate({ target: accountPolls.accountId, set: fresh });
}

/**
 * An endpoint now listens for a polled event in this workspace and mode: its accounts are polled
 * at once (the dormant ones, and the ones backed off for hours), from the base interval. One
 * statement, however many accounts; the poll itself decides which feeds anyone listens to.
 */
export async function wakeWorkspacePolls(db: Queryable, scope: { workspaceId: string; mode: "test" | "live" }, now: Date): Promise<void> {
  await db
    .update(accountPolls)
    .set({ nextPollAt: now, intervalMs: 0, quietStreak: 0 })
    .where(and(eq(accountPolls.workspaceId, scope.workspaceId), eq(accountPolls.mode, scope.mode), or(isNull(accountPolls.nextPollAt), gt(accountPolls.nextPollAt, now))));
}
