import { type SQL, and, asc, eq, exists, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { socialAccounts, webhookEndpoints } from "../../../db/schema/index.js";
import { type PlatformId, platformIds } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { JobRuntime } from "../../core/index.js";
import { pollIntervalMs } from "./poll-intervals.js";
import { polledEventsOf, polledFeeds } from "./polled-feeds.js";

/** The sweep runs every minute (the Node poller's sweep, the Workers cron): it plans that far ahead. */
export const INBOX_SWEEP_HORIZON_MS = 60_000;

/** The events a network's feeds can report, given what its adapter can read and what it pushes. */
function pollableEvents(platform: PlatformId): string[] {
  const adapter = adapterFor(platform);
  const probe = { platform, networkUserId: "" };
  return [...new Set(polledFeeds.flatMap((feed) => (feed.reader(adapter, probe) ? polledEventsOf(feed, platform) : [])))];
}

/** A stable offset within the interval per account, so a network's accounts are not all polled in the same second. */
function phaseOf(accountId: string, intervalMs: number): number {
  let hash = 2166136261;
  for (const ch of accountId) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash % intervalMs;
}

/**
 * The poll windows of one account that start within the horizon: one job each, under a key
 * naming the account and the window, so a sweep run twice (or by two processes) queues one job.
 * A window that has begun but not ended is queued to run now.
 */
export function pollWindows(accountId: string, intervalMs: number, now: Date, horizonMs: number): { runAt: Date; key: string }[] {
  const phase = phaseOf(accountId, intervalMs);
  const windows: { runAt: Date; key: string }[] = [];
  const first = Math.floor((now.getTime() - phase) / intervalMs);
  for (let k = first; k * intervalMs + phase < now.getTime() + horizonMs; k++) {
    const start = k * intervalMs + phase;
    windows.push({ runAt: new Date(Math.max(start, now.getTime())), key: `inbox:${accountId}:${intervalMs}:${k}` });
  }
  return windows;
}

/**
 * Queues the `poll_inbox` jobs of the next horizon for every account that can be polled: active,
 * on a network with a polled feed, in a workspace with an enabled endpoint (in the account's
 * mode) subscribed to one of the events that feed reports. Accounts are visited page by page.
 * Returns how many jobs were queued (repeats included: the queue drops them by key).
 */
export async function sweepInboxPolls(runtime: JobRuntime, input: { horizonMs?: number; pageSize?: number } = {}): Promise<number> {
  const now = runtime.clock.now();
  const horizonMs = input.horizonMs ?? INBOX_SWEEP_HORIZON_MS;
  const pageSize = input.pageSize ?? 500;
  let queued = 0;
  for (const platform of platformIds) {
    const events = pollableEvents(platform);
    if (events.length === 0) continue;
    const intervalMs = pollIntervalMs(platform);
    const listening = runtime.db
      .select({ one: sql`1` })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.workspaceId, socialAccounts.workspaceId),
          eq(webhookEndpoints.mode, socialAccounts.mode),
          eq(webhookEndpoints.enabled, true),
          or(isNull(webhookEndpoints.events), ...events.map((e) => sql`${e} = any(${webhookEndpoints.events})`)),
        ),
      );
    let after = "";
    for (;;) {
      const rows = await runtime.db
        .select({ id: socialAccounts.id, workspaceId: socialAccounts.workspaceId, mode: socialAccounts.mode })
        .from(socialAccounts)
        .where(and(gt(socialAccounts.id, after), eq(socialAccounts.platform, platform), eq(socialAccounts.status, "active"), isNotNull(socialAccounts.tokensEncrypted), exists(listening)))
        .orderBy(asc(socialAccounts.id))
        .limit(pageSize);
      for (const row of rows) {
        for (const window of pollWindows(row.id, intervalMs, now, horizonMs)) {
          await runtime.services.jobs.enqueue(
            { kind: "poll_inbox", payload: { accountId: row.id, workspaceId: row.workspaceId, mode: row.mode }, runAt: window.runAt, dedupKey: window.key },
            runtime.db,
          );
          queued++;
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) break;
      after = last.id;
    }
  }
  return queued;
}

/**
 * True while an account can be polled for an event some enabled endpoint listens to (the sweep's own
 * condition, every network at once): then polls are due every interval and the sweep must run.
 */
export function accountsToWatch(): SQL {
  const perNetwork = platformIds.flatMap((platform) => {
    const events = pollableEvents(platform);
    if (events.length === 0) return [];
    const listening = sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.workspaceId} = ${socialAccounts.workspaceId} and ${webhookEndpoints.mode} = ${socialAccounts.mode} and ${webhookEndpoints.enabled} and (${webhookEndpoints.events} is null or ${sql.join(
      events.map((event) => sql`${event} = any(${webhookEndpoints.events})`),
      sql` or `,
    )}))`;
    return [sql`(${socialAccounts.platform} = ${platform} and ${listening})`];
  });
  if (perNetwork.length === 0) return sql`false`;
  return sql`exists (select 1 from ${socialAccounts} where ${socialAccounts.status} = 'active' and ${socialAccounts.tokensEncrypted} is not null and (${sql.join(perNetwork, sql` or `)}))`;
}
