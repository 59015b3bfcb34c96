/** Latency summary in milliseconds. Percentiles by the nearest-rank method on the sorted samples. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const sum = sorted.reduce((acc, v) => acc + v, 0);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    mean: round(sum / Math.max(1, sorted.length)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/** Microsecond precision is plenty for figures compared across commits. */
export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Times in-process stages in interleaved rounds (one warm-up round first), so machine load drifts
 * across all of them alike. Returns each stage's samples in microseconds, sorted.
 */
export async function timeStagesInRounds(stages: readonly (readonly [string, () => unknown])[], rounds: number, perRound: number): Promise<number[][]> {
  const samples = stages.map(() => [] as number[]);
  for (let r = -1; r < rounds; r++) {
    for (const [i, [, fn]] of stages.entries()) {
      for (let k = 0; k < perRound; k++) {
        const start = process.hrtime.bigint();
        await fn();
        if (r >= 0) samples[i]?.push(Number(process.hrtime.bigint() - start) / 1e3);
      }
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}
