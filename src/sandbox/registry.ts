import type { PlatformId } from "../types/platform-ids.js";
import type { SimulatorFactory } from "./types.js";

/**
 * Where a network's simulator is found: `sandbox/<id>/simulator.ts`, exporting `create<Id>Simulator`
 * (`createGooglebusinessSimulator`). Found from the id alone, so a network added to
 * networks/registry.ts needs no line here; test/unit/network-registry.test.ts fails when a network's simulator is missing.
 */
export const simulatorExport = (id: PlatformId) => `create${id.charAt(0).toUpperCase()}${id.slice(1)}Simulator`;

async function loadFactory(id: PlatformId): Promise<[PlatformId, SimulatorFactory]> {
  // The template keeps the folder a variable: Node resolves it at run time, and so does vitest with
  // @vite-ignore (its own glob would look for .js files); the Worker's module
  // (scripts/build-worker-sandbox.mjs) bundles every `./*/simulator.ts` the pattern matches.
  const module: Record<string, unknown> = await import(/* @vite-ignore */ `./${id}/simulator.js`);
  const factory = module[simulatorExport(id)];
  if (typeof factory !== "function") throw new Error(`src/sandbox/${id}/simulator.ts exports no ${simulatorExport(id)}`);
  return [id, factory as SimulatorFactory];
}

/**
 * One simulator factory per network of `ids` (the registry's `platformIds`), imported on the first
 * test-key use. The caller passes the ids so this module, which the Worker loads as a module of its
 * own, does not bundle every adapter behind networks/registry.ts.
 */
export async function loadSimulatorFactories(ids: readonly PlatformId[]): Promise<Record<PlatformId, SimulatorFactory>> {
  return Object.fromEntries(await Promise.all(ids.map(loadFactory))) as Record<PlatformId, SimulatorFactory>;
}
