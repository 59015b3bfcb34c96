import type { Clock } from "./clock.js";

/**
 * The scale bench's clock (bench/scale/): simulated time that runs `rate` times faster than real
 * time from an agreed instant, so the bench's cron driver and its QStash stand-in, which read the
 * same setting, see the same minute as the Worker without any message between them.
 *
 * Written `<simulated start ms>@<real start ms>x<rate>`, e.g. `1798761600000@1765000000000x4`.
 * Only the Worker reads it, and only with WS_PROXY (a local database) set: src/worker.ts refuses to
 * start a deployment that sets it without one, so production always runs on the system clock.
 */
export interface SimulatedClockSpec {
  simStartMs: number;
  realStartMs: number;
  rate: number;
}

/** Header on every Worker answer while the bench clock runs: the sandbox network calls its isolate has made so far. */
export const BENCH_SANDBOX_CALLS_HEADER = "x-chorus-bench-sandbox-calls";

const SPEC = /^(\d{1,15})@(\d{1,15})x(\d{1,4}(?:\.\d{1,3})?)$/;

export function parseSimulatedClock(text: string): SimulatedClockSpec {
  const match = SPEC.exec(text.trim());
  const rate = Number(match?.[3]);
  if (!match || !(rate > 0)) {
    throw new Error(`CHORUS_SIMULATED_CLOCK must read <simulated start ms>@<real start ms>x<rate> with a rate above 0, got "${text}"`);
  }
  return { simStartMs: Number(match[1]), realStartMs: Number(match[2]), rate };
}

export function formatSimulatedClock(spec: SimulatedClockSpec): string {
  return `${spec.simStartMs}@${spec.realStartMs}x${spec.rate}`;
}

/** Simulated milliseconds at real instant `realMs`. */
export function simulatedAt(spec: SimulatedClockSpec, realMs: number): number {
  return spec.simStartMs + Math.round((realMs - spec.realStartMs) * spec.rate);
}

/** Real instant at which the simulated clock reads `simMs`. */
export function realAt(spec: SimulatedClockSpec, simMs: number): number {
  return spec.realStartMs + (simMs - spec.simStartMs) / spec.rate;
}

export function simulatedClock(spec: SimulatedClockSpec, realNow: () => number = Date.now): Clock {
  return { now: () => new Date(simulatedAt(spec, realNow())) };
}
