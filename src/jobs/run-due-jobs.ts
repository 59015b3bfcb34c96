import type { JobRuntime } from "../domain/core/index.js";
import { createJobRunner } from "./job-runner.js";

/**
 * One pass over the job table: claims up to `limit` due jobs (fairly across workspaces, each with
 * a conditional UPDATE so two pollers or two processes never run one job), runs them
 * concurrently and waits for them: the tests' way to run what is due. The Workers cron drains
 * instead (drain-jobs.ts: a time budget and fan-out, no fixed limit); the Node poller keeps a
 * runner of its own that fills slots as they free up. Returns how many jobs ran.
 */
export async function runDueJobs(runtime: JobRuntime, limit = 20): Promise<number> {
  const runner = createJobRunner(runtime, { concurrency: limit, perWorkspace: limit });
  try {
    return await runner.fill();
  } finally {
    await runner.stop();
  }
}
