import type { Database } from "../../../db/types.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { platformIds } from "../../../networks/registry.js";
import { createSandboxFetch } from "../../../sandbox/sandbox-fetch.js";
import type { Simulator, SimulatorDeps } from "../../../sandbox/types.js";
import type { NetworkDeps } from "../../core/index.js";
import { createDbSandboxStore } from "./db-sandbox-store.js";

export interface SandboxRuntime {
  fetch: typeof fetch;
  simulator(platform: PlatformId): Simulator;
}

const runtimes = new WeakMap<Database, Map<string, Promise<SandboxRuntime>>>();

export interface SandboxRuntimeOptions {
  /** Whose simulated world: each workspace has its own simulated people, tokens and faults. */
  workspaceId: string;
  now: () => Date;
  publicUrl: string;
  /**
   * The deployment's sleep for `slow` accounts, and where its simulators come from: they are most
   * of the sandbox's code and only test keys use them, so they are imported on the first use, never
   * with the app (issue 25).
   */
  networks: Pick<NetworkDeps, "sleep" | "loadSimulators">;
}

/**
 * The ten simulators over one workspace's sandbox world in the database, with a `fetch` that
 * answers the networks' real hosts. Built once per database handle and workspace (on Workers,
 * once per request) and only when a test key needs it. Concurrent callers share one runtime.
 */
export function sandboxRuntime(db: Database, options: SandboxRuntimeOptions): Promise<SandboxRuntime> {
  const byUrl = runtimes.get(db) ?? new Map<string, Promise<SandboxRuntime>>();
  runtimes.set(db, byUrl);
  const cacheKey = `${options.workspaceId} ${options.publicUrl}`;
  const existing = byUrl.get(cacheKey);
  if (existing) return existing;
  const deps: SimulatorDeps = { store: createDbSandboxStore(db, options.workspaceId), now: options.now, publicUrl: options.publicUrl, sleep: options.networks.sleep };
  const runtime = options.networks.loadSimulators().then(async (module): Promise<SandboxRuntime> => {
    const simulatorFactories = await module.loadSimulatorFactories(platformIds);
    const simulators = Object.fromEntries(Object.entries(simulatorFactories).map(([id, factory]) => [id, factory(deps)])) as Record<PlatformId, Simulator>;
    return { fetch: createSandboxFetch(Object.values(simulators)), simulator: (platform) => simulators[platform] };
  });
  byUrl.set(cacheKey, runtime);
  // A failed import (a deployment missing the module) is not cached: the next call tries again.
  runtime.catch(() => byUrl.delete(cacheKey));
  return runtime;
}
