import type { JobRuntime } from "../domain/jobs/job-context.js";
import { runDueJobs } from "../domain/jobs/run-due-jobs.js";
import { sweepSchedules } from "../domain/jobs/sweep-schedules.js";
import { sweepStuckTargets } from "../domain/jobs/sweep-stuck-targets.js";
import type { Logger } from "../infra/logger.js";

/**
 * Runs due jobs every `intervalMs` (250 ms: a scheduled post fires well within a second of its
 * time). One pass at a time; a pass that throws is logged and the next one tries again.
 */
export function startJobPoller(runtime: JobRuntime, logger: Logger, intervalMs = 250, sweepEveryMs = 60_000): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastSweep = 0;
  const pass = async () => {
    // The sweep is the Node counterpart of the Workers cron: a schedule without a job is re-queued.
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now();
      await sweepSchedules(runtime);
      await sweepStuckTargets(runtime);
    }
    await runDueJobs(runtime);
  };
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .then(() => undefined)
      .catch((error: unknown) => logger.error("job poller pass failed", { error: String(error) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
