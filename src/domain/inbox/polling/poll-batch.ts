import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { accountPolls, appCredentials, inboxPollCursors, socialAccounts, webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { BudgetTab, type CredentialRow, type SocialAccountRow, credentialsOfAccount } from "../../accounts/index.js";
import type { EventType } from "../../events/index.js";

type CursorRow = typeof inboxPollCursors.$inferSelect;
export type CursorWrite = typeof inboxPollCursors.$inferInsert;

/**
 * What one poll shard reads once for all its accounts and writes once at its end (issue 26's
 * statement target): the accounts with their app credentials, who listens in each workspace,
 * every feed's cursor, the cursors of quiet feeds (nothing recorded, so nothing to commit with
 * them), each account's next poll, and one budget tab. A shard of 25 accounts then costs a few
 * statements in all instead of about seventeen per account.
 */
export interface PollBatch {
  accounts: Map<string, { row: SocialAccountRow; credential: CredentialRow | null }>;
  /** Per `workspace|mode`: the events its enabled endpoints subscribe to, "all" when one takes every event. */
  listeners: Map<string, Set<string> | "all">;
  /** Per `account|feed`. */
  cursors: Map<string, CursorRow>;
  quietCursors: CursorWrite[];
  /** `next`: poll-schedule.ts's PollSchedule (named by shape: that file reads poll-account.ts's outcomes, which read this one). */
  nextPolls: { accountId: string; leasedUntil: Date; claimedNextPollAt: Date; next: { nextPollAt: Date | null; intervalMs: number; quietStreak: number; lastActivityAt: Date | null } }[];
  tab: BudgetTab;
}

export const cursorKey = (accountId: string, feed: string) => `${accountId}|${feed}`;
const listenerKey = (workspaceId: string, mode: string) => `${workspaceId}|${mode}`;

/** Which of `wanted` the workspace's endpoints in that mode listen to, from the batch's one read. */
export function listenedAmong(batch: PollBatch, input: { workspaceId: string; mode: string; wanted: readonly EventType[] }): EventType[] {
  const listening = batch.listeners.get(listenerKey(input.workspaceId, input.mode));
  if (!listening) return [];
  return listening === "all" ? [...input.wanted] : input.wanted.filter((e) => listening.has(e));
}

/**
 * Reads, in three statements, what the shard's accounts need: the accounts joined to their
 * workspace's app credential for their network, the enabled endpoints of their workspaces, and
 * their cursors. `blockUnits` sizes the budget tab's reservations.
 */
export async function loadPollBatch(db: Queryable, accountIds: readonly string[], blockUnits: ConstructorParameters<typeof BudgetTab>[1]): Promise<PollBatch> {
  const batch: PollBatch = { accounts: new Map(), listeners: new Map(), cursors: new Map(), quietCursors: [], nextPolls: [], tab: new BudgetTab(db, blockUnits) };
  if (accountIds.length === 0) return batch;
  const rows = await db
    .select({ account: socialAccounts, credential: appCredentials })
    .from(socialAccounts)
    .leftJoin(appCredentials, credentialsOfAccount)
    .where(inArray(socialAccounts.id, [...accountIds]));
  for (const { account, credential } of rows) batch.accounts.set(account.id, { row: account, credential });
  const workspaceIds = [...new Set(rows.map((r) => r.account.workspaceId))];
  if (workspaceIds.length === 0) return batch;
  const endpoints = await db
    .select({ workspaceId: webhookEndpoints.workspaceId, mode: webhookEndpoints.mode, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.workspaceId, workspaceIds), eq(webhookEndpoints.enabled, true)));
  for (const endpoint of endpoints) {
    const key = listenerKey(endpoint.workspaceId, endpoint.mode);
    const known = batch.listeners.get(key);
    if (known === "all") continue;
    if (endpoint.events === null) batch.listeners.set(key, "all");
    else batch.listeners.set(key, new Set([...(known ?? []), ...endpoint.events]));
  }
  const cursors = await db
    .select()
    .from(inboxPollCursors)
    .where(inArray(inboxPollCursors.accountId, [...batch.accounts.keys()]));
  for (const cursor of cursors) batch.cursors.set(cursorKey(cursor.accountId, cursor.feed), cursor);
  return batch;
}

const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

/** The quiet feeds' cursors in one statement: a new mark, the poll's time, its error and backlog. */
async function writeQuietCursors(db: Queryable, rows: CursorWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);
  await db
    .insert(inboxPollCursors)
    .values(rows)
    .onConflictDoUpdate({
      target: [inboxPollCursors.accountId, inboxPollCursors.feed],
      set: {
        highWaterAt: excluded("high_water_at"),
        highWaterIds: excluded("high_water_ids"),
        newestId: excluded("newest_id"),
        lastPolledAt: excluded("last_polled_at"),
        pausedUntil: excluded("paused_until"),
        lastError: excluded("last_error"),
        backlog: excluded("backlog"),
      },
    });
}

/**
 * Every polled account's next poll in one statement, each only while this shard still holds its
 * lease; a wake that moved `next_poll_at` during the poll (a connection, a new endpoint) wins.
 */
async function writeNextPolls(db: Queryable, rows: PollBatch["nextPolls"]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.accountId}::text, ${iso(r.leasedUntil)}::timestamptz, ${iso(r.claimedNextPollAt)}::timestamptz, ${iso(r.next.nextPollAt)}::timestamptz, ${r.next.intervalMs}::int, ${r.next.quietStreak}::int, ${iso(r.next.lastActivityAt)}::timestamptz)`,
    ),
    sql`, `,
  );
  const untouched = sql`p.next_poll_at = v.claimed_next`;
  await db.execute(sql`
    update ${accountPolls} as p set
      next_poll_at = case when ${untouched} then v.next_poll_at else p.next_poll_at end,
      interval_ms = case when ${untouched} then v.interval_ms else p.interval_ms end,
      quiet_streak = case when ${untouched} then v.quiet_streak else p.quiet_streak end,
      last_activity_at = v.last_activity_at,
      leased_until = null
    from (values ${values}) as v(account_id, leased_until, claimed_next, next_poll_at, interval_ms, quiet_streak, last_activity_at)
    where p.account_id = v.account_id and p.leased_until = v.leased_until`);
}

/** The shard's end: quiet cursors, next polls and the budgets' true spend, a statement each (one per budget). */
export async function flushPollBatch(db: Queryable, batch: PollBatch, now: Date): Promise<void> {
  await writeQuietCursors(db, batch.quietCursors.splice(0));
  await writeNextPolls(db, batch.nextPolls.splice(0));
  await batch.tab.settle(now);
}
