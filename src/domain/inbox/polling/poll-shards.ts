import { type SQL, and, asc, count, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { accountPolls, workspaces } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { type JobRequest, type JobRuntime, enqueueAll, jobContextFor } from "../../core/index.js";
import { type FeedOutcome, pauseAfter, pollInbox } from "./poll-account.js";
import { nextPollOf } from "./poll-schedule.js";
import { type PollBatch, flushPollBatch, loadPollBatch } from "./poll-batch.js";

/** The planner runs every minute (the Node poller's sweep, the Workers cron): its shards take what falls due before the next run. */
export const INBOX_SWEEP_HORIZON_MS = 60_000;

/**
 * Accounts one shard polls. One account's poll is at most ~20 subrequests on Workers: a few
 * statements, two feeds of up to four pages each, a token refresh. 25 accounts are then ~500,
 * half of the old 1,000 Paid cap and a twentieth of today's 10,000 (SCALE-FACTS §2). Six at a
 * time (Workers' simultaneous connections) at ~1-2 s per poll is ~10 s of wall time, far below
 * QStash's wait for an answer and the lease below, and little CPU: the time is spent waiting.
 */
export const SHARD_SIZE = 25;
/** Polls one shard runs at once: Workers allows six simultaneous open connections per invocation. */
export const SHARD_CONCURRENCY = 6;
/** Shards one planner run publishes: one QStash batch call (≤100 messages). A larger backlog drains by chains. */
export const MAX_SHARDS_PER_RUN = 100;
/** Successors one shard's chain may have: a bound, so a stuck count cannot chain forever (the next minute plans again). */
export const MAX_CHAIN = 40;
/**
 * Follow-ups are shared: every shard whose soonest account falls in the same step queues the same
 * job (one key), so follow-ups number at most 12 a minute (plus their chains when over a shard),
 * whatever the number of active accounts. The cost: an active account's poll is up to a step late.
 */
export const FOLLOW_UP_STEP_MS = 5_000;
/** A claimed account comes back to the others after this if its shard died before writing its next poll. */
export const SHARD_LEASE_MS = 10 * 60_000;
/**
 * How far ahead an account's next poll keeps the minute's sweeps awake. A quiet server still runs
 * them hourly (the Node poller's `quietSweepEveryMs`, the Worker's hour cadence), so an account
 * due later than this is found in time by one of those, and a server whose accounts all backed
 * off for hours sends its database nothing in between.
 */
export const POLL_WATCH_AHEAD_MS = 60 * 60_000;

interface ShardPayload {
  /** The end of the planner run's horizon: the next run takes what falls due after it. */
  until: number;
  minute: number;
  shard: number;
  chain: number;
  /** A follow-up claims only what is due by this (its run time), not early up to `until`. */
  claimBy?: number;
}

/**
 * A shard job is the deployment's, not a workspace's: an empty workspace id (its own lane on the
 * job table), and a mode the handler ignores (each claimed account carries its own).
 */
function shardJob(payload: ShardPayload, runAt: Date): JobRequest {
  const chain = payload.chain > 0 ? `:${payload.chain}` : "";
  const key = payload.claimBy === undefined ? `poll-shard:${payload.minute}:${payload.shard}${chain}` : `poll-follow:${payload.claimBy}${chain}`;
  return { kind: "poll_shard", payload: { workspaceId: "", mode: "live", ...payload }, runAt, dedupKey: key };
}

export const dueBy = (until: Date, now: Date): SQL | undefined => and(lte(accountPolls.nextPollAt, until), or(isNull(accountPolls.leasedUntil), lte(accountPolls.leasedUntil, now)));

/**
 * The planner (the minute's `poll_plan` job, poll-plan.ts): one bounded count of the accounts due
 * before the next run and one queue call publishing ceil(due / SHARD_SIZE) shards (at most
 * MAX_SHARDS_PER_RUN), under keys naming the minute, so a planner run twice queues each shard
 * once. `until` and `minute` are the sweep's that queued it; alone, now and now + horizonMs. Returns the shards.
 */
export async function planInboxPolls(runtime: JobRuntime, input: { horizonMs?: number; until?: Date; minute?: number } = {}): Promise<number> {
  const now = runtime.clock.now();
  const until = input.until ?? new Date(now.getTime() + (input.horizonMs ?? INBOX_SWEEP_HORIZON_MS));
  const bound = MAX_SHARDS_PER_RUN * SHARD_SIZE;
  const due = runtime.db.select({ one: sql`1` }).from(accountPolls).where(dueBy(until, now)).limit(bound).as("due");
  const [row] = await runtime.db.select({ n: count() }).from(due);
  const shards = Math.min(MAX_SHARDS_PER_RUN, Math.ceil((row?.n ?? 0) / SHARD_SIZE));
  if (shards === 0) return 0;
  const minute = input.minute ?? Math.floor(now.getTime() / 60_000);
  const jobs = Array.from({ length: shards }, (_, shard) => shardJob({ until: until.getTime(), minute, shard, chain: 0 }, now));
  await enqueueAll(runtime.services.jobs, jobs, runtime.db);
  return shards;
}

export type ClaimedPoll = typeof accountPolls.$inferSelect & { nextPollAt: Date; leasedUntil: Date };

/**
 * Takes up to `limit` accounts due by `until` for one shard: rows another shard is claiming are
 * skipped (SKIP LOCKED), rows another shard holds stay out until its lease ends.
 */
export async function claimDuePolls(db: Queryable, input: { until: Date; now: Date; limit: number; leaseMs: number }): Promise<ClaimedPoll[]> {
  const lease = new Date(input.now.getTime() + input.leaseMs);
  const picked = db
    .select({ id: accountPolls.accountId })
    .from(accountPolls)
    .where(dueBy(input.until, input.now))
    .orderBy(asc(accountPolls.nextPollAt))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const rows = await db.update(accountPolls).set({ leasedUntil: lease }).where(inArray(accountPolls.accountId, picked)).returning();
  return rows.filter((r): r is ClaimedPoll => r.nextPollAt !== null && r.leasedUntil !== null);
}

/** Polls one claimed account; any failure is the account's own outcome, never the shard's. */
async function pollClaimed(runtime: JobRuntime, claim: ClaimedPoll, workspace: typeof workspaces.$inferSelect | null, batch: PollBatch): Promise<FeedOutcome[]> {
  const ctx = jobContextFor(runtime, workspace, claim.mode);
  if (!ctx) return [];
  try {
    return await pollInbox(ctx, { accountId: claim.accountId }, batch);
  } catch (error) {
    const failure = error instanceof ApiError ? error : null;
    // A refused budget (or a 429 before any feed was read) waits exactly the network's time and is not the account's fault.
    const pausedUntil = failure ? pauseAfter(failure, runtime.clock.now()) : null;
    if (!pausedUntil) runtime.services.logger.error("inbox poll failed", { account: claim.accountId, error: String(error) });
    return [{ feed: "*", outcome: "failed", code: failure?.code ?? "internal_error", ...(pausedUntil ? { pausedUntil } : {}) }];
  }
}

/** Runs `fn` over `items`, at most `limit` at once. */
async function eachBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await fn(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The `poll_shard` job: claims up to SHARD_SIZE due accounts, polls them SHARD_CONCURRENCY at a
 * time, writes each one's next poll, and when it took a full shard and more are still due,
 * queues its successor, so a backlog drains in a chain without the planner's run growing.
 * Returns how many accounts it polled.
 */
export async function runPollShard(runtime: JobRuntime, payload: Record<string, string | number>): Promise<number> {
  const shard: ShardPayload = {
    until: Number(payload.until),
    minute: Number(payload.minute),
    shard: Number(payload.shard),
    chain: Number(payload.chain ?? 0),
    ...(payload.claimBy === undefined ? {} : { claimBy: Number(payload.claimBy) }),
  };
  if (!Number.isFinite(shard.until)) return 0;
  const until = new Date(shard.claimBy ?? shard.until);
  const claimed = await claimDuePolls(runtime.db, { until, now: runtime.clock.now(), limit: SHARD_SIZE, leaseMs: SHARD_LEASE_MS });
  if (claimed.length === 0) return 0;
  const ids = [...new Set(claimed.map((c) => c.workspaceId))];
  const found = new Map((await runtime.db.select().from(workspaces).where(inArray(workspaces.id, ids))).map((w) => [w.id, w]));
  // Each budget's block covers a page of every account of the shard on its network; what is not spent goes back at the end.
  const perPlatform = new Map<string, number>();
  for (const c of claimed) perPlatform.set(c.platform, (perPlatform.get(c.platform) ?? 0) + 1);
  const batch = await loadPollBatch(
    runtime.db,
    claimed.map((c) => c.accountId),
    (budget) => budget.rules.pageUnits * (perPlatform.get(budget.platform) ?? 1),
  );
  await eachBounded(claimed, SHARD_CONCURRENCY, async (claim) => {
    const outcomes = await pollClaimed(runtime, claim, found.get(claim.workspaceId) ?? null, batch);
    batch.nextPolls.push({ accountId: claim.accountId, leasedUntil: claim.leasedUntil, claimedNextPollAt: claim.nextPollAt, next: nextPollOf(claim.platform, claim, outcomes, runtime.clock.now()) });
  });
  const polled = [...batch.nextPolls];
  try {
    await flushPollBatch(runtime.db, batch, runtime.clock.now());
  } catch (error) {
    // The leases lapse and the accounts come back to another shard; their quiet cursors are read again.
    runtime.services.logger.error("inbox polls not recorded", { accounts: claimed.length, error: String(error) });
  }
  if (claimed.length === SHARD_SIZE && shard.chain < MAX_CHAIN) {
    const now = runtime.clock.now();
    const [more] = await runtime.db.select({ one: sql`1` }).from(accountPolls).where(dueBy(until, now)).limit(1);
    if (more) await runtime.services.jobs.enqueue(shardJob({ ...shard, chain: shard.chain + 1 }, now), runtime.db);
  }
  await followUp(runtime, shard, polled);
  return claimed.length;
}

/**
 * An active account's interval (30 s on Bluesky) is shorter than the planner's minute: alone, the
 * planner would poll it once a minute. When one of the shard's accounts falls due again before
 * the planner's next run, the shard queues a delayed follow-up at the end of that moment's step,
 * which claims only what is due by then. Quiet accounts (due after the next run) queue nothing.
 */
async function followUp(runtime: JobRuntime, shard: ShardPayload, polled: PollBatch["nextPolls"]): Promise<void> {
  const now = runtime.clock.now().getTime();
  let soonest = Number.POSITIVE_INFINITY;
  for (const { next } of polled) {
    const at = next.nextPollAt?.getTime();
    if (at !== undefined && at > now && at < soonest) soonest = at;
  }
  const step = Math.ceil(soonest / FOLLOW_UP_STEP_MS) * FOLLOW_UP_STEP_MS;
  // Past the planner's next run, that run takes it.
  if (!Number.isFinite(step) || step >= shard.until) return;
  await runtime.services.jobs.enqueue(shardJob({ ...shard, shard: -1, chain: 0, claimBy: step }, new Date(step)), runtime.db);
}

/**
 * True while some account's poll falls due within POLL_WATCH_AHEAD_MS: the minute's sweeps must
 * run. Dormant accounts (nobody listens) and accounts backed off for hours keep nothing awake.
 */
export function accountsToWatch(now: Date): SQL {
  return sql`exists (select 1 from ${accountPolls} where ${accountPolls.nextPollAt} <= ${new Date(now.getTime() + POLL_WATCH_AHEAD_MS).toISOString()}::timestamptz)`;
}
