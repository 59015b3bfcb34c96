import type { JobRuntime } from "../domain/core/index.js";
import { countDueJobs } from "../domain/core/index.js";
import type { Logger } from "../infra/logger.js";
import { createJobRunner } from "./job-runner.js";
import { DRAIN_SIGNATURE_HEADER, signDrainCall } from "../infra/drain-signature.js";

/**
 * How long one invocation keeps claiming table jobs (Workers without QStash): the cron fires every
 * minute, so it stops claiming well inside it and the next run does not start on top of it. A job
 * claimed before the end still runs to its finish. Far below a cron's 15-minute wall clock and,
 * since jobs wait on networks and the database, far below its 30 s of CPU.
 */
export const DRAIN_BUDGET_MS = 40_000;
/** Jobs one invocation runs at once (Workers allow 6 open connections; the rest queue for one). */
export const DRAIN_CONCURRENCY = 16;
/**
 * What one invocation is assumed to get through in its budget, to size the fan-out: 16 at once
 * at ~0.5-1 s a job for 40 s is 640-1,280; assuming fewer costs at most an idle drain call.
 */
export const DRAIN_JOBS_PER_INVOCATION = 400;
/** Drain calls one cron run makes at most: its subrequests stay constant whatever the backlog. */
export const DRAIN_MAX_FAN_OUT = 8;

export interface DrainOptions {
  budgetMs?: number | undefined;
  concurrency?: number | undefined;
  perWorkspace?: number | undefined;
  /** Wall time in ms (the budget is real time, whatever clock the jobs see). */
  now?: (() => number) | undefined;
  logger?: Logger | undefined;
}

/**
 * Runs due table jobs until nothing is due or the budget is spent: claims into free slots
 * (claimPass, `FOR UPDATE SKIP LOCKED`, so any number of drains run side by side on disjoint
 * jobs), refills once half the slots are free, and returns how many jobs it started.
 */
export async function drainDueJobs(runtime: JobRuntime, options: DrainOptions = {}): Promise<number> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.budgetMs ?? DRAIN_BUDGET_MS);
  const concurrency = options.concurrency ?? DRAIN_CONCURRENCY;
  let wake = () => {};
  const runner = createJobRunner(runtime, { concurrency, perWorkspace: options.perWorkspace ?? concurrency, logger: options.logger, onSettled: () => wake() });
  let started = 0;
  try {
    while (now() < deadline) {
      const claimed = await runner.fill();
      started += claimed;
      if (runner.active() === 0) {
        if (claimed === 0) break;
        continue;
      }
      // One claim per half-emptied runner, not one per finished job.
      while (runner.active() > 0 && runner.free() < Math.ceil(concurrency / 2)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
  } finally {
    await runner.stop();
  }
  return started;
}

export interface CronDrainOptions extends DrainOptions {
  /** Starts one more drain in an invocation of its own (Workers: POST /internal/jobs/drain); none: no fan-out. */
  fanOut?: (() => Promise<void>) | undefined;
  perInvocation?: number | undefined;
  maxFanOut?: number | undefined;
}

export interface CronDrainResult {
  /** Jobs this invocation started. */
  ran: number;
  /** Due jobs counted at the start, up to what the fan-out could take. */
  backlog: number;
  /** Drain calls made. */
  fannedOut: number;
}

/**
 * The cron's share of the job table: counts the due backlog (capped), starts one drain call per
 * further invocation's worth of it (at most `maxFanOut`), drains alongside them and waits for
 * them. A drain call that fails is logged: its jobs stay due for the next run.
 */
export async function cronDrainJobs(runtime: JobRuntime, options: CronDrainOptions = {}): Promise<CronDrainResult> {
  const perInvocation = options.perInvocation ?? DRAIN_JOBS_PER_INVOCATION;
  const maxFanOut = options.maxFanOut ?? DRAIN_MAX_FAN_OUT;
  const fanOut = options.fanOut;
  // Counted no further than the fan-out could take, which is what bounds the calls.
  const backlog = fanOut && maxFanOut > 0 ? await countDueJobs(runtime, perInvocation * (maxFanOut + 1)) : 0;
  const calls = Math.max(0, Math.ceil(backlog / perInvocation) - 1);
  const remote = Array.from({ length: calls }, () => (fanOut ?? (async () => {}))().catch((error: unknown) => options.logger?.error("job drain call failed", { error: String(error) })));
  try {
    return { ran: await drainDueJobs(runtime, options), backlog, fannedOut: calls };
  } finally {
    await Promise.all(remote);
  }
}

/** The path other invocations are asked to drain at. */
export const DRAIN_PATH = "/internal/jobs/drain";

/**
 * A fan-out that POSTs a signed drain call to `url` with `send`: on Workers, a service binding to
 * the Worker itself (a fetch to its own zone would go to the origin, not the Worker), else the
 * public URL. Resolves once the drain has finished, so the cron run spans its drains.
 */
export function drainCall(input: { url: string; secret: string; send: (request: Request) => Promise<Response>; now?: () => number }): () => Promise<void> {
  return async () => {
    const request = new Request(input.url, { method: "POST", headers: { [DRAIN_SIGNATURE_HEADER]: signDrainCall(input.secret, (input.now ?? Date.now)()) } });
    const response = await input.send(request);
    await response.body?.cancel();
    if (!response.ok) throw new Error(`drain call answered ${response.status}`);
  };
}
