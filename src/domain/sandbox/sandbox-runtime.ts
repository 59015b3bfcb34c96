import type { Database } from "../../db/types.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import { createSandboxFetch } from "../../sandbox/sandbox-fetch.js";
import type { Simulator, SimulatorDeps } from "../../sandbox/types.js";
import { createDbSandboxStore } from "./db-sandbox-store.js";

export interface SandboxRuntime {
  fetch: typeof fetch;
  simulator(platform: PlatformId): Simulator;
}

const runtimes = new WeakMap<Database, Map<string, Promise<SandboxRuntime>>>();

/**
 * The ten simulators are most of the sandbox's code and only test keys use them, so they are
 * imported on first use rather than with the app: a Worker isolate or a Node server that only ever
 * sees live keys never evaluates them (issue 25).
 */
let simulatorsModule: Promise<typeof import("../../sandbox/registry.js")> | null = null;
function loadSimulators() {
  simulatorsModule ??= import("../../sandbox/registry.js").catch((error: unknown) => {
    // A failed import (a deployment missing the module) is retried by the next caller, not cached.
    simulatorsModule = null;
    throw error;
  });
  return simulatorsModule;
}

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
 * once per request) and only when a test key needs it. Concurrent callers share one runtime.
 */
export function sandboxRuntime(db: Database, options: SandboxRuntimeOptions): Promise<SandboxRuntime> {
  const byUrl = runtimes.get(db) ?? new Map<string, Promise<SandboxRuntime>>();
  runtimes.set(db, byUrl);
  const cacheKey = `${options.workspaceId} ${options.publicUrl}`;
  const existing = byUrl.get(cacheKey);
  if (existing) return existing;
  const deps: SimulatorDeps = { store: createDbSandboxStore(db, options.workspaceId), now: options.now, publicUrl: options.publicUrl, sleep: options.sleep };
  const runtime = loadSimulators().then(({ simulatorFactories }): SandboxRuntime => {
    const simulators = Object.fromEntries(Object.entries(simulatorFactories).map(([id, factory]) => [id, factory(deps)])) as Record<PlatformId, Simulator>;
    return { fetch: createSandboxFetch(Object.values(simulators)), simulator: (platform) => simulators[platform] };
  });
  byUrl.set(cacheKey, runtime);
  // Not cached when the simulators failed to load, so the next call tries again.
  runtime.catch(() => byUrl.delete(cacheKey));
  return runtime;
}
