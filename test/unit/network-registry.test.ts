import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { allCapabilities } from "../../src/networks/derived-capabilities.js";
import { adapters, platformIds } from "../../src/networks/registry.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import { loadSimulatorFactories, simulatorExport } from "../../src/sandbox/registry.js";
import type { PlatformId } from "../../src/types/platform-ids.js";

/**
 * Adding a network is its folders plus one line in networks/registry.ts (docs/architecture.md
 * "Adding a network"); everything else finds the network from there. The first test shows no second
 * list is left to edit; the others see the rest: a folder nobody
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

/** Every source file under src/, as [path relative to src, text]. */
const sources = (dir = src): [string, string][] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [[path.relative(src, full).split(path.sep).join("/"), readFileSync(full, "utf8")]] : [];
  });

/**
 * Files that name every network on purpose and fall back for one they do not know: the dashboard
 * draws an unknown network's initial as its mark. Anything else naming them all is a second list.
 */
const optionalLists = new Set(["pages/dashboard/network-logo.tsx"]);

describe("the network registry", () => {
  it("is the one list of networks: the id type and the id list are derived from its keys", () => {
    expectTypeOf<PlatformId>().toEqualTypeOf<keyof typeof adapters>();
    expect(platformIds).toEqual(Object.keys(adapters));
    // A network is named by its id as a string or as an object key; the registry's own lines are the
    // only place all of them stand, outside each network's own folders.
    const named = (text: string, id: string) => new RegExp(`["'\`]${id}["'\`]|^\\s*${id}\\s*:`, "m").test(text);
    const lists = sources()
      .filter(([file]) => !/^(networks|sandbox)\/[^/]+\//.test(file) || /^(networks|sandbox)\/(meta|google|facets|worker-module)\//.test(file))
      .filter(([file, text]) => file !== "networks/registry.ts" && !optionalLists.has(file) && platformIds.filter((id) => named(text, id)).length >= platformIds.length - 1)
      .map(([file]) => file);
    expect(lists, "files listing (nearly) every network besides networks/registry.ts").toEqual([]);
    expect(readFileSync(path.join(src, "types/platform-ids.ts"), "utf8"), "types/platform-ids.ts lists no network").not.toMatch(new RegExp(platformIds.join("|")));
  });

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
    const factories = await loadSimulatorFactories(platformIds);
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
