import { and, eq } from "drizzle-orm";
import { inboxPollCursors, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { recordInboundFor } from "../inbound/record-inbound.js";
import { DEFAULT_READ_TIMEOUT_MS } from "../../accounts/index.js";
import { withinDeadline } from "../../accounts/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { rememberCredentials } from "../../accounts/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { RATE_LIMIT_PAUSE_MS, feedIntervalMs, pollIntervalMs } from "./poll-intervals.js";
import { type FeedRead, type PolledFeed, type PolledItem, eventOfInbound, polledEventsOf, polledFeeds } from "./polled-feeds.js";
import { type PollBacklogGap, drainBacklog, gapAt, withGap } from "./poll-backlog.js";
import { type Watermark, advance, isNew, isOlder, newestOf } from "./poll-watermark.js";
import { subscribedAmong } from "./subscribed-events.js";
import { type PollBatch, cursorKey, listenedAmong } from "./poll-batch.js";

/** Pages one poll may read past the mark before it stops (the rest waits for the next poll). */
const MAX_PAGES = 3;

type CursorRow = typeof inboxPollCursors.$inferSelect;

export type FeedOutcome =
  | { feed: string; outcome: "baselined" | "polled"; recorded: number }
  | { feed: string; outcome: "skipped"; reason: "recently_polled" }
  | { feed: string; outcome: "skipped"; reason: "paused"; pausedUntil: Date }
  /** `pausedUntil`: the network's own wait after a 429 (or a refused budget), which the account's next poll honours. */
  | { feed: string; outcome: "failed"; code: string; pausedUntil?: Date };

/** The account of the job, if it can still be polled (an account that needs reauthorising waits for its user). */
async function pollableAccount(ctx: DomainContext, accountId: string, batch?: PollBatch): Promise<SocialAccountRow | null> {
  if (batch) {
    const found = batch.accounts.get(accountId);
    if (!found || found.row.workspaceId !== ctx.workspace.id || found.row.mode !== ctx.apiKey.mode) return null;
    // The shard read the account's app credential with it: the network context needs no query.
    rememberCredentials(ctx, [{ platform: found.row.platform, credential: found.credential }]);
    return found.row.status === "active" && found.row.tokensEncrypted ? found.row : null;
  }
  const [row] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.mode, ctx.apiKey.mode)))
    .limit(1);
  return row && row.status === "active" && row.tokensEncrypted ? row : null;
}

async function readCursor(ctx: DomainContext, accountId: string, feed: string): Promise<CursorRow | undefined> {
  const [cursor] = await ctx.db
    .select()
    .from(inboxPollCursors)
    .where(and(eq(inboxPollCursors.accountId, accountId), eq(inboxPollCursors.feed, feed), eq(inboxPollCursors.workspaceId, ctx.workspace.id)));
  return cursor;
}

/** The feeds of this account that some endpoint listens to, with the events each may record. */
export async function feedsToPoll(ctx: DomainContext, row: SocialAccountRow, batch?: PollBatch): Promise<{ feed: PolledFeed; read: FeedRead; events: string[] }[]> {
  const platform = row.platform;
  const adapter = adapterFor(platform);
  const account = { platform, networkUserId: row.networkUserId };
  const candidates = polledFeeds.flatMap((feed) => {
    const read = feed.reader(adapter, account);
    const events = polledEventsOf(feed, platform);
    return read && events.length > 0 ? [{ feed, read, events }] : [];
  });
  if (candidates.length === 0) return [];
  const wanted = { workspaceId: row.workspaceId, mode: ctx.apiKey.mode, wanted: candidates.flatMap((c) => c.events) };
  const subscribed = new Set<string>(batch ? listenedAmong(batch, wanted) : await subscribedAmong(ctx.db, wanted));
  return candidates.flatMap((c) => {
    const events = c.events.filter((e) => subscribed.has(e));
    return events.length > 0 ? [{ ...c, events }] : [];
  });
}

/** One network call within the read budget; the network's refusals come back as ApiErrors. */
async function withinBudget<T>(ctx: DomainContext, row: SocialAccountRow, call: Parameters<typeof withAccountSession<T>>[2], batch?: PollBatch): Promise<T> {
  const ms = ctx.services.networks.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  // Past the budget the poll's request is aborted too, so a hanging network holds no connection.
  return withinDeadline(
    ms,
    () => new ApiError("platform_unavailable", { message: `${row.platform} did not answer within ${ms} ms.` }),
    // Background work: the network budget's reservation may refuse it (rate_limited, Retry-After).
    (signal) => withAccountSession(ctx, row, call, signal, batch?.tab ?? "background"),
  );
}

/** One page of the feed: `since` is the floor's time for feeds read per conversation, `newerThan` X's `since_id`. */
function readPage(
  ctx: DomainContext,
  row: SocialAccountRow,
  feed: PolledFeed,
  read: FeedRead,
  page: { cursor: string | null; since: Date | null; newerThan: string | null },
  batch: PollBatch | undefined,
) {
  return withinBudget(
    ctx,
    row,
    (tokens, net) => read(tokens, { cursor: page.cursor, limit: feed.pageSize, networkUserId: row.networkUserId, since: page.since, ...(page.newerThan ? { newerThan: page.newerThan } : {}) }, net),
    batch,
  );
}

interface Walk {
  items: PolledItem[];
  pages: number;
  /** The network's cursor of the next page when the page cap stopped the walk above the mark. */
  stoppedAt: string | null;
}

/**
 * Reads the feed newest first until it reaches the mark: the first poll reads one page only, as
 * the baseline. X is asked only for posts newer than the newest it returned (`since_id`).
 */
async function readSinceMark(ctx: DomainContext, row: SocialAccountRow, entry: { feed: PolledFeed; read: FeedRead }, cursor: CursorRow | undefined, mark: Watermark, batch?: PollBatch): Promise<Walk> {
  const { feed, read } = entry;
  const items: PolledItem[] = [];
  let page: string | null = null;
  let pages = 0;
  let reached = false;
  for (let n = 0; n < (cursor ? MAX_PAGES : 1); n++) {
    const got = await readPage(ctx, row, feed, read, { cursor: page, since: cursor ? mark.at : null, newerThan: cursor?.newestId ?? null }, batch);
    pages++;
    items.push(...got.items);
    page = got.cursor;
    if (!page || got.items.length === 0 || got.items.some((i) => isOlder(i, mark))) return { items, pages, stoppedAt: null };
    // A page holding an item already seen at the mark's second has reached the mark: nothing is left behind.
    reached = got.items.some((i) => !isNew(i, mark));
  }
  // The baseline leaves no stretch behind: what came before it is not news.
  return { items, pages, stoppedAt: cursor && !reached ? page : null };
}

/**
 * How long to pause after a failure: the network's own wait for a 429, and the same for a
 * background call the budget ledger refused (it throws `rate_limited` with a Retry-After);
 * nothing otherwise (the next poll retries).
 */
export function pauseAfter(error: ApiError, now: Date): Date | null {
  if (error.code !== "rate_limited") return null;
  const seconds = Number(error.headers["Retry-After"]);
  return new Date(now.getTime() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RATE_LIMIT_PAUSE_MS));
}

/**
 * Polls one feed of one account (exported for tests that read through a fake feed). `force` reads
 * even right after another poll: the sandbox's inbound route polls once the item exists.
 */
export async function pollFeed(
  ctx: DomainContext,
  row: SocialAccountRow,
  entry: { feed: PolledFeed; read: FeedRead; events: string[] },
  options: { force?: boolean; batch?: PollBatch } = {},
): Promise<FeedOutcome> {
  const { feed } = entry;
  const { batch } = options;
  const now = ctx.clock.now();
  const cursor = batch ? batch.cursors.get(cursorKey(row.id, feed.name)) : await readCursor(ctx, row.id, feed.name);
  if (cursor?.pausedUntil && cursor.pausedUntil > now) return { feed: feed.name, outcome: "skipped", reason: "paused", pausedUntil: cursor.pausedUntil };
  // Two windows run back to back after a backlog, or two processes' sweeps: one poll per half interval is plenty.
  // A feed with its own (longer) interval is read in the first window that reaches it.
  const every = pollIntervalMs(row.platform as PlatformId);
  const feedEvery = feedIntervalMs(row.platform as PlatformId, feed.name);
  if (!options.force && cursor && now.getTime() - cursor.lastPolledAt.getTime() < feedEvery - every / 2) {
    return { feed: feed.name, outcome: "skipped", reason: "recently_polled" };
  }
  const mark: Watermark = { at: cursor?.highWaterAt ?? null, ids: cursor?.highWaterIds ?? [] };
  let walk: Walk;
  try {
    walk = await readSinceMark(ctx, row, entry, cursor, mark, batch);
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError("platform_unavailable", { message: `${row.platform} could not be read.` });
    if (!(error instanceof ApiError)) ctx.services.logger.error("inbox poll failed", { account: row.id, feed: feed.name, error: String(error) });
    const pausedUntil = pauseAfter(failure, now);
    if (cursor) {
      await ctx.db
        .update(inboxPollCursors)
        .set({ lastError: `${failure.code}: ${failure.message}`.slice(0, 500), ...(pausedUntil ? { pausedUntil } : {}) })
        .where(and(eq(inboxPollCursors.accountId, row.id), eq(inboxPollCursors.feed, feed.name)));
    }
    return { feed: feed.name, outcome: "failed", code: failure.code, ...(pausedUntil ? { pausedUntil } : {}) };
  }
  const { items } = walk;
  const where = { account: row.id, feed: feed.name };
  // Stretches a burst left unread get what the newest walk left of the page budget, and at least
  // one page, so a feed that keeps bursting still works its backlog down.
  const drained = await drainBacklog(
    cursor?.backlog ?? [],
    Math.max(1, MAX_PAGES - walk.pages),
    (gap) => readPage(ctx, row, feed, entry.read, { cursor: gap.cursor, since: gap.floorAt ? new Date(gap.floorAt) : null, newerThan: gap.newerThan }, batch),
    ctx.services.logger,
    where,
  );
  let backlog: PollBacklogGap[] = drained.gaps;
  if (walk.stoppedAt) {
    const added = withGap(backlog, gapAt(walk.stoppedAt, mark, cursor?.newestId ?? null));
    backlog = added.gaps;
    for (const gap of added.dropped) ctx.services.logger.warn("inbox poll backlog dropped: too many bursts in a row", { ...where, floorAt: gap.floorAt });
  }
  const next = advance(mark, items);
  const newestId = newestOf(items)?.id ?? cursor?.newestId ?? null;
  // The backlog's items were judged against their own floor (they are all older than the mark).
  const fresh = cursor
    ? [...items.filter((i) => isNew(i, mark)), ...drained.items]
        .filter((i) => i.inbound && entry.events.includes(eventOfInbound[i.inbound.kind]))
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    : [];
  const failure = drained.failure;
  const pausedUntil = failure ? pauseAfter(failure, now) : null;
  const lastError = failure ? `${failure.code}: ${failure.message}`.slice(0, 500) : null;
  const values = { highWaterAt: next.at, highWaterIds: [...next.ids], newestId, lastPolledAt: now, pausedUntil, lastError, backlog: backlog.length > 0 ? backlog : null };
  const outcome = cursor ? "polled" : "baselined";
  // Nothing to record: a shard writes this cursor with its other quiet ones, in one statement at its end.
  if (batch && fresh.length === 0) {
    batch.quietCursors.push({ accountId: row.id, workspaceId: ctx.workspace.id, feed: feed.name, baselinedAt: now, ...values });
    return { feed: feed.name, outcome, recorded: 0 };
  }
  // The events and the mark that covers them commit together: a crash between them cannot
  // record an item twice or skip one (and the event's source id refuses a repeat anyway).
  let recorded = 0;
  await ctx.db.transaction(async (tx) => {
    for (const item of fresh) {
      if (item.inbound && (await recordInboundFor(tx, ctx.services.jobs, item.inbound, row, now))) recorded++;
    }
    await tx
      .insert(inboxPollCursors)
      .values({ accountId: row.id, workspaceId: ctx.workspace.id, feed: feed.name, baselinedAt: now, ...values })
      .onConflictDoUpdate({ target: [inboxPollCursors.accountId, inboxPollCursors.feed], set: values });
  });
  return { feed: feed.name, outcome, recorded };
}

/**
 * One account's poll (a `poll_shard` job runs it for each account it claimed): reads each feed
 * that an endpoint listens to and records what is new since the last poll as comment.received,
 * mention.received and message.received. The first poll of a feed only sets its mark: what
 * happened before anyone listened is not news. Failures never throw (the next poll is the
 * retry): an account needing reauthorisation, or that nobody listens to, gives no outcome (the
 * shard makes it dormant); a rate-limited network pauses the feed for the network's own wait.
 */
export async function pollInbox(ctx: DomainContext, input: { accountId: string }, batch?: PollBatch): Promise<FeedOutcome[]> {
  const row = await pollableAccount(ctx, input.accountId, batch);
  if (!row) return [];
  const outcomes: FeedOutcome[] = [];
  for (const entry of await feedsToPoll(ctx, row, batch)) outcomes.push(await pollFeed(ctx, row, entry, batch ? { batch } : {}));
  return outcomes;
}
