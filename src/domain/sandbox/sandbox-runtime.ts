import type { Database } from "../../db/types.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { simulatorFactories } from "../../sandbox/registry.js";
import { createSandboxFetch } from "../../sandbox/sandbox-fetch.js";
import type { Simulator, SimulatorDeps } from "../../sandbox/types.js";
import { createDbSandboxStore } from "./db-sandbox-store.js";

export interface SandboxRuntime {
  fetch: typeof fetch;
  simulator(platform: PlatformId): Simulator;
}

const runtimes = new WeakMap<Database, Map<string, SandboxRuntime>>();

export interface SandboxRuntimeOptions {
  /** Whose simulated world: each workspace has its own simulated people, tokens and faults. */
  workspaceId: string;
  now: () => Date;
  publicUrl: string;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The ten simulators over one workspace's sandbox world in the database, with a `fetch` that
 * answers the networks' real hosts. Built once per database handle and workspace (on Workers,
 * once per request) and only when a test key needs it.
 */
export function sandboxRuntime(db: Database, options: SandboxRuntimeOptions): SandboxRuntime {
  let byUrl = runtimes.get(db);
  if (!byUrl) {
    byUrl = new Map();
    runtimes.set(db, byUrl);
  }
  const cacheKey = `${options.workspaceId} ${options.publicUrl}`;
  const existing = byUrl.get(cacheKey);
  if (existing) return existing;
  const deps: SimulatorDeps = { store: createDbSandboxStore(db, options.workspaceId), now: options.now, publicUrl: options.publicUrl, sleep: options.sleep };
  const simulators = Object.fromEntries(Object.entries(simulatorFactories).map(([id, factory]) => [id, factory(deps)])) as Record<PlatformId, Simulator>;
  const runtime: SandboxRuntime = {
    fetch: createSandboxFetch(Object.values(simulators)),
    simulator: (platform) => simulators[platform],
  };
  byUrl.set(cacheKey, runtime);
  return runtime;
}
