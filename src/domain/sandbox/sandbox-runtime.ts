import type { Database } from "../../db/types.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import { simulatorFactories } from "../../sandbox/registry.js";
import { createSandboxFetch } from "../../sandbox/sandbox-fetch.js";
import type { Simulator, SimulatorDeps } from "../../sandbox/types.js";
import { createDbSandboxStore } from "./db-sandbox-store.js";

export interface SandboxRuntime {
  fetch: typeof fetch;
  simulator(platform: PlatformId): Simulator;
}

const runtimes = new WeakMap<Database, Map<string, SandboxRuntime>>();

/**
 * The ten simulators over the database, with a `fetch` that answers the networks' real hosts.
 * Built once per database handle (on Workers, once per request) and only when a test key needs it.
 */
export function sandboxRuntime(db: Database, options: { now: () => Date; publicUrl: string; sleep: (ms: number) => Promise<void> }): SandboxRuntime {
  let byUrl = runtimes.get(db);
  if (!byUrl) {
    byUrl = new Map();
    runtimes.set(db, byUrl);
  }
  const existing = byUrl.get(options.publicUrl);
  if (existing) return existing;
  const deps: SimulatorDeps = { store: createDbSandboxStore(db), now: options.now, publicUrl: options.publicUrl, sleep: options.sleep };
  const simulators = Object.fromEntries(Object.entries(simulatorFactories).map(([id, factory]) => [id, factory(deps)])) as Record<PlatformId, Simulator>;
  const runtime: SandboxRuntime = {
    fetch: createSandboxFetch(Object.values(simulators)),
    simulator: (platform) => simulators[platform],
  };
  byUrl.set(options.publicUrl, runtime);
  return runtime;
}
