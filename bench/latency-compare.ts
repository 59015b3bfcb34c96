import type { createClient } from "./http-client.js";
import { type LatencySummary, summarize } from "./stats.js";

export interface TimedEndpoint {
  name: string;
  client: ReturnType<typeof createClient>;
  path: string;
  headers: Record<string, string>;
}

/**
 * Sequential requests in alternating blocks, the order rotated each round, so drift (other work
 * on the machine, a database's caches) hits every endpoint alike. Every answer must be 200.
 */
export async function compareLatency(endpoints: TimedEndpoint[], requests: number, warmup: number, block = 100): Promise<Record<string, LatencySummary>> {
  const samples: Record<string, number[]> = Object.fromEntries(endpoints.map((e) => [e.name, []]));
  const run = async (e: TimedEndpoint, n: number, keep: boolean) => {
    for (let i = 0; i < n; i++) {
      const res = await e.client.get(e.path, e.headers);
      if (res.status !== 200) throw new Error(`${e.path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      if (keep) samples[e.name]?.push(res.ms);
    }
  };
  for (let done = 0; done < warmup; done += block) {
    for (const e of endpoints) await run(e, Math.min(block, warmup - done), false);
  }
  for (let done = 0, turn = 0; done < requests; done += block, turn++) {
    for (let k = 0; k < endpoints.length; k++) {
      const e = endpoints[(k + turn) % endpoints.length];
      if (e) await run(e, Math.min(block, requests - done), true);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarize(list)]));
}
