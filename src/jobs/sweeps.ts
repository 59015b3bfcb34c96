import type { SQL } from "drizzle-orm";
import { renewTokensAhead, sweepExpiringTokens } from "../domain/accounts/index.js";
import { anyHolds, type JobRuntime, jobsToWatch, purgeDoneJobs } from "../domain/core/index.js";
import { deliveriesToWatch, sweepWebhooks } from "../domain/events/index.js";
import { accountsToWatch, queueInboxPlan } from "../domain/inbox/index.js";
import { postsToWatch, sweepSchedules, sweepStuckTargets } from "../domain/publishing/index.js";
import { firstCommentsToWatch, sweepFirstComments } from "../domain/publishing/index.js";
import { chainsToWatch, sweepStoppedChains } from "../domain/publishing/index.js";
import { seriesToWatch, sweepSeries, sweepStaleProbes } from "../domain/publishing/index.js";
import { purgeDashboardSessions } from "../domain/workspaces/index.js";
import type { Logger } from "../infra/logger.js";

export type SweepCadence = "minute" | "hour" | "day";

export interface SweepOptions {
  /** How far ahead a sweep that plans work (the inbox polls) looks: the time until the next minute's sweep. */
  horizonMs: number;
}

interface Sweep {
  name: string;
  every: SweepCadence;
  run(runtime: JobRuntime, options: SweepOptions): Promise<unknown>;
  /** The rows that may need this sweep later (as of `now`, the runtime's clock); none anywhere and the minute's sweeps can rest. */
  watches?: (now: Date) => SQL;
}

/**
 * Every repair and housekeeping pass, the one list both entries run: the Node poller on its timers and
 * the Worker's minute cron (hourly ones in each hour's first minute, daily ones in the day's first).
 * Each sweep's body is its module's (it knows its rows); only when and in which order lives here.
 */
export const sweeps: readonly Sweep[] = [
  // Lost schedules re-queued, stuck targets checked, deliveries and polls kept going, done jobs purged.
  { name: "schedules", every: "minute", run: (runtime) => sweepSchedules(runtime), watches: () => postsToWatch },
  // Each recurring series' next occurrence, made once the one before left `scheduled`.
  { name: "series", every: "minute", run: (runtime) => sweepSeries(runtime), watches: () => seriesToWatch },
  { name: "stuck-targets", every: "minute", run: (runtime) => sweepStuckTargets(runtime), watches: () => postsToWatch },
  { name: "first-comments", every: "minute", run: (runtime) => sweepFirstComments(runtime), watches: () => firstCommentsToWatch },
  // Chains a crash stopped between items or mid-send go on after their last live item.
  { name: "stopped-chains", every: "minute", run: (runtime) => sweepStoppedChains(runtime), watches: () => chainsToWatch },
  { name: "webhooks", every: "minute", run: (runtime) => sweepWebhooks(runtime), watches: () => deliveriesToWatch },
  // One look and at most one message: the planner and the polls run as poll_plan and poll_shard jobs of their own.
  { name: "inbox-polls", every: "minute", run: (runtime, options) => queueInboxPlan(runtime, { horizonMs: options.horizonMs }), watches: (now) => accountsToWatch(now) },
  { name: "done-jobs", every: "minute", run: (runtime) => purgeDoneJobs(runtime), watches: () => jobsToWatch },
  // A bulk dry run's probe files a crash left (each dry run with URLs also clears them first).
  { name: "probe-files", every: "hour", run: (runtime) => sweepStaleProbes(runtime) },
  // Tokens that die unless renewed while valid are renewed ten days ahead, so a missed hour costs nothing.
  { name: "renew-tokens", every: "hour", run: (runtime) => renewTokensAhead(runtime) },
  // A missed day costs a day of notice; the warning window is a week by default.
  { name: "expiring-tokens", every: "day", run: (runtime) => sweepExpiringTokens(runtime) },
  { name: "dashboard-sessions", every: "day", run: (runtime) => purgeDashboardSessions(runtime) },
];

export interface SweepFailure {
  name: string;
  error: unknown;
}

/**
 * Runs the sweeps of the given cadences in list order. A sweep that throws is logged and reported,
 * and the ones after it still run: one broken sweep must not starve the others of their minute.
 */
export async function runSweeps(runtime: JobRuntime, cadences: readonly SweepCadence[], options: SweepOptions, logger?: Logger): Promise<SweepFailure[]> {
  const failures: SweepFailure[] = [];
  for (const sweep of sweeps) {
    if (!cadences.includes(sweep.every)) continue;
    try {
      await sweep.run(runtime, options);
    } catch (error) {
      failures.push({ name: sweep.name, error });
      logger?.error("sweep failed", { sweep: sweep.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return failures;
}

/** The cadences a cron run at `at` (UTC) covers: every minute, the hour's first minute, the day's first. */
export function cadencesAt(at: Date): SweepCadence[] {
  const cadences: SweepCadence[] = ["minute"];
  if (at.getUTCMinutes() === 0) cadences.push("hour");
  if (at.getUTCMinutes() === 0 && at.getUTCHours() === 0) cadences.push("day");
  return cadences;
}

/**
 * One statement: does anything exist that a minute's sweep may have to act on later (a scheduled or
 * in-flight post, a pending delivery, an account that is polled, an unfinished job)? When not, the
 * minute's sweeps rest until a write or an enqueue touches the work marker, so an idle database
 * sees no statement at all (the hourly and daily sweeps, and the minute's once an hour, still run).
 */
export async function anythingToWatch(runtime: JobRuntime): Promise<boolean> {
  const now = runtime.clock.now();
  return anyHolds(runtime, [...new Set(sweeps.flatMap((sweep) => (sweep.watches ? [sweep.watches(now)] : [])))]);
}
