import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allCapabilities } from "../../src/networks/derived-capabilities.js";
import { adapters } from "../../src/networks/registry.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import { loadSimulatorFactories, simulatorExport } from "../../src/sandbox/registry.js";
import { platformIds } from "../../src/types/platform-ids.js";

/**
 * Adding a network is its folders plus its id in platform-ids.ts and one line in
 * networks/registry.ts (docs/architecture.md "Adding a network"); everything else finds the network
 * from those. The type checker sees the adapter line; this test sees the rest: a folder nobody
 * registered, a registered network without rules, capabilities or a simulator. The files each
 * network folder holds are test/unit/network-folders.test.ts's.
 */

const src = path.resolve(import.meta.dirname, "../../src");
/** Folders of src/networks and src/sandbox that are not one network's: shared family code. */
const families = new Set(["meta", "google", "facets", "worker-module"]);

const networkFolders = (layer: "networks" | "sandbox") =>
  readdirSync(path.join(src, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !families.has(entry.name))
    .map((entry) => entry.name)
    .sort();

describe("the network registry", () => {
  it("registers every network folder, and every registered network has one", () => {
    const registered = [...platformIds].sort();
    expect(Object.keys(adapters).sort()).toEqual(registered);
    expect(networkFolders("networks")).toEqual(registered);
    expect(networkFolders("sandbox")).toEqual(registered);
  });

  it("gives every network an adapter that names it, its rules and its capabilities row", () => {
    const rows = allCapabilities();
    expect(rows.map((row) => row.platform)).toEqual([...platformIds]);
    for (const id of platformIds) {
      const adapter = adapters[id];
      expect(adapter.platform, id).toBe(id);
      expect(adapter.capabilities.platform, id).toBe(id);
      expect(adapter.rules.tokens, `${id} rules.tokens`).toBeDefined();
      expect(adapter.rules.validation, `${id} rules.validation`).toBeDefined();
      expect(adapter.hosts.length, `${id} hosts`).toBeGreaterThan(0);
    }
  });

  it("finds every network's simulator from its id, answering the adapter's hosts", async () => {
    for (const id of platformIds) expect(existsSync(path.join(src, "sandbox", id, "simulator.ts")), `sandbox/${id}/simulator.ts`).toBe(true);
    const factories = await loadSimulatorFactories();
    expect(Object.keys(factories)).toEqual([...platformIds]);
    const deps = { store: createMemorySandboxStore(), now: () => new Date(0), publicUrl: "http://chorus.test", sleep: async () => {} };
    for (const id of platformIds) {
      const simulator = factories[id](deps);
      expect(simulator.platform, `${simulatorExport(id)} builds ${id}'s simulator`).toBe(id);
      // The sandbox fetch routes by host: an adapter host no simulator answers would reach the real network.
      for (const host of adapters[id].hosts) expect(simulator.hosts, `${id} simulator answers ${host}`).toContain(host);
    }
  });
});
