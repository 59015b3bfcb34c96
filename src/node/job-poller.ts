import type { JobRuntime } from "../domain/core/index.js";
import { type JobRunnerOptions, createJobRunner } from "../jobs/job-runner.js";
import { anythingToWatch, runSweeps } from "../jobs/sweeps.js";
import { type WorkMarker, memoryWorkMarker } from "../infra/work-marker.js";
import type { Logger } from "../infra/logger.js";
import type { JobWakeups } from "./job-wakeups.js";

export interface JobPollerOptions extends Pick<JobRunnerOptions, "concurrency" | "perWorkspace" | "leaseMs" | "heartbeatMs"> {
  /** The Node counterpart of the Workers cron: lost schedules re-queued, stuck targets checked. */
  sweepEveryMs?: number;
  /** How often expiring tokens are looked for (`account.token_expiring`) and old dashboard sessions purged; daily by default, and once at start. */
  tokenSweepEveryMs?: number;
  /** How often tokens that die unless renewed while valid are renewed ahead of expiry; hourly by default, and once at start. */
  renewalSweepEveryMs?: number;
  /** Enqueue notifications; without them the poller still wakes for the next due job it knows of and for the sweep. */
  wakeups?: JobWakeups;
  /** The pause after a failed pass, or while a due job cannot be claimed here yet; 1 s by default. */
  pauseMs?: number;
  /**
   * Touched by every write the server answers (and by every enqueue it hears of); while it stays
   * quiet the poller sends the database nothing. One is made when not given.
   */
  marker?: WorkMarker;
  /** While quiet, how often the minute's sweeps still run to repair what no touch announced; hourly by default. */
  quietSweepEveryMs?: number;
}

/** Free slots worth a claim statement while other jobs still run; and the longest a refill waits for them. */
const REFILL_BATCH = 8;
const REFILL_WAIT_MS = 20;

/** After a failed pass, or while a due job cannot be claimed here, the pause before the next one. */
const PAUSE_MS = 1_000;

/**
 * The minute's sweeps (src/jobs/sweeps.ts), all an idle server asks of its database. Exported so the
 * bench can price one sweep instead of assuming a figure.
 */
export async function sweepEveryMinute(runtime: JobRuntime, horizonMs: number, logger?: Logger): Promise<void> {
  await runSweeps(runtime, ["minute"], { horizonMs }, logger);
}

/** The hour's sweeps: tokens that die unless renewed while valid are renewed ahead of expiry. */
export async function sweepEveryHour(runtime: JobRuntime, logger?: Logger): Promise<void> {
  await runSweeps(runtime, ["hour"], { horizonMs: 60 * 60_000 }, logger);
}

/**
 * The Node scheduler. It sleeps until the next job is due (the claim's statement says when), or until an
 * enqueue wakes it, or a running job finishes and frees a slot, or the minute's sweep is due:
 * an idle database sees the sweep and nothing else, so a serverless one can sleep too.
 */
export function startJobPoller(runtime: JobRuntime, logger: Logger, options: JobPollerOptions = {}): { touch: () => void; stop: () => Promise<void> } {
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  let stopped = false;
  let lastSweep = Number.NEGATIVE_INFINITY;
  const tokenSweepEveryMs = options.tokenSweepEveryMs ?? 24 * 60 * 60_000;
  let lastTokenSweep = Number.NEGATIVE_INFINITY;
  const renewalSweepEveryMs = options.renewalSweepEveryMs ?? 60 * 60_000;
  let lastRenewalSweep = Number.NEGATIVE_INFINITY;
  let woken = false;
  let deferredSince: number | null = null;
  let wake: () => void = () => {
    woken = true;
  };
  const marker = options.marker ?? memoryWorkMarker();
  const quietSweepEveryMs = options.quietSweepEveryMs ?? 60 * 60_000;
  // An enqueue heard through LISTEN is work too: it ends a quiet spell before it wakes the loop.
  const touched = () => {
    void marker.touch(Date.now());
    wake();
  };
  const signal = () => wake();
  const runner = createJobRunner(runtime, { ...options, logger, onSettled: signal });

  /** Resolves after `ms`, or at once when something wakes the poller meanwhile (or already had). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        wake = () => {
          woken = true;
        };
        resolve();
      }
      wake = finish;
    });

  const quietUntil = () => Math.min(lastSweep + quietSweepEveryMs, lastRenewalSweep + renewalSweepEveryMs, lastTokenSweep + tokenSweepEveryMs) - Date.now();

  // The sweeps due, then (when nothing runs here) whether anything is left to watch. Resolves true
  // when it marked the marker quiet.
  const sweepRound = async (due: { minute: boolean; hour: boolean; day: boolean }): Promise<boolean> => {
    if (due.minute) await sweepEveryMinute(runtime, sweepEveryMs, logger);
    if (due.hour) await sweepEveryHour(runtime, logger);
    if (due.day) await runSweeps(runtime, ["day"], { horizonMs: tokenSweepEveryMs }, logger);
    if (!due.minute || runner.active() > 0) return false;
    const checkedAt = Date.now();
    if (await anythingToWatch(runtime)) return false;
    await marker.markQuiet(checkedAt);
    return true;
  };
  /** A round running beside the claims (see pass); stop() waits for it. */
  let sweeping: Promise<void> | null = null;

  const pass = async (): Promise<number> => {
    const quiet = runner.active() === 0 && (await marker.isQuiet());
    if (sweeping === null) {
      const now = Date.now();
      const due = { minute: now - lastSweep >= (quiet ? quietSweepEveryMs : sweepEveryMs), hour: now - lastRenewalSweep >= renewalSweepEveryMs, day: now - lastTokenSweep >= tokenSweepEveryMs };
      if (due.minute) lastSweep = now;
      if (due.hour) lastRenewalSweep = now;
      if (due.day) lastTokenSweep = now;
      if (quiet) {
        // Nothing announced since the last round found nothing to watch: no claim, no statement
        // unless a round is due, and a claim only when that round finds something.
        if (!due.minute && !due.hour && !due.day) return quietUntil();
        if ((await sweepRound(due)) || !due.minute) return quietUntil();
      } else if (due.minute || due.hour || due.day) {
        // Beside the claims, never before them: a round is several statements (at start every
        // cadence's, some of them network calls), and due jobs waiting it out made the first
        // webhook deliveries of a burst seconds late, the backlog behind them later still.
        sweeping = sweepRound(due)
          .then(() => undefined)
          .catch((error: unknown) => logger.error("job poller sweep failed", { error: String(error) }))
          .finally(() => {
            sweeping = null;
            wake();
          });
      }
    } else if (quiet) return quietUntil();
    const free = runner.free();
    // Under a steady stream every finishing job frees one slot, and refilling at each would cost
    // a claim statement per job, on PGlite queued behind the jobs' own. While jobs still run,
    // wait (at most REFILL_WAIT_MS) for a batch of free slots, so one statement claims several.
    if (free > 0 && runner.active() > 0 && free < Math.min(REFILL_BATCH, Math.ceil((free + runner.active()) / 4))) {
      deferredSince ??= Date.now();
      const waited = Date.now() - deferredSince;
      if (waited < REFILL_WAIT_MS) return REFILL_WAIT_MS - waited;
    }
    deferredSince = null;
    const claimFrom = runtime.clock.now().getTime();
    const started = await runner.fill();
    const untilSweep = lastSweep + sweepEveryMs - Date.now();
    // Every slot is taken: only a finishing job (which wakes the poller) can start another, so
    // when the next job is due does not matter yet. Under a burst of enqueues this keeps each
    // wake-up from costing a query, which on PGlite would queue behind the jobs' own statements.
    if (runner.free() === 0 || (free > 0 && started === free)) return untilSweep;
    // The claim's own statement said when the next job is due: no query of its own.
    const next = runner.nextDueAt();
    if (!next) return untilSweep;
    const untilDue = next.getTime() - runtime.clock.now().getTime();
    if (untilDue <= 0) {
      // Not yet due when the claim began; it fell due while the statement ran: claim it now
      // rather than pausing (the bench's last scheduled post waited a whole pause for this).
      if (next.getTime() > claimFrom) return 0;
      // Due but not claimed: every slot (or this workspace's share) is taken, or another process
      // holds it. A finishing job or an enqueue wakes the poller; the lease end is the latest.
      return runner.active() > 0 ? untilSweep : pauseMs;
    }
    return Math.min(untilDue, untilSweep);
  };

  let unsubscribe: (() => Promise<void>) | null = null;
  const loop = (async () => {
    if (options.wakeups) {
      unsubscribe = await options.wakeups.subscribe(touched).catch((error: unknown) => {
        logger.error("job wake-ups unavailable; polling for the next due job only", { error: String(error) });
        return null;
      });
    }
    while (!stopped) {
      let delay: number;
      try {
        delay = await pass();
      } catch (error) {
        logger.error("job poller pass failed", { error: String(error) });
        delay = pauseMs;
      }
      await sleep(Math.max(0, delay));
    }
  })();

  return {
    /** Something happened that the sweeps may have to watch (the server calls it after every write). */
    touch: touched,
    async stop() {
      stopped = true;
      wake();
      await loop;
      await sweeping;
      await unsubscribe?.();
      await runner.stop();
    },
  };
}
