import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adapters, platformIds } from "../../src/networks/registry.js";

/**
 * The layout docs/architecture.md "Network folders" describes, checked on the source: a network
 * is one folder, shared code is in a family folder, and the layers point down only.
 */

const root = path.resolve(import.meta.dirname, "../../src");
const families = ["meta", "google"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under src/ ("networks/meta/graph.js"). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1] ?? "");
  return specifiers.map((spec) =>
    path
      .relative(root, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join("/"),
  );
}

const under = (folder: string) => sourceFiles(path.join(root, folder)).map((file) => ({ file: path.relative(root, file), imports: importsOf(file) }));

describe("network folders", () => {
  it("keep src/networks below the domain, and src/infra below src/networks", () => {
    const upward = under("networks").flatMap(({ file, imports }) => imports.filter((i) => /^(domain|jobs|routes|http|db|mcp|pages|node)\//.test(i)).map((i) => `${file} -> ${i}`));
    expect(upward).toEqual([]);
    const infraUp = under("infra").flatMap(({ file, imports }) => imports.filter((i) => /^(networks|sandbox)\//.test(i)).map((i) => `${file} -> ${i}`));
    expect(infraUp).toEqual([]);
  });

  it("never import another network's folder: shared code lives in its family's folder", () => {
    for (const layer of ["networks", "sandbox"]) {
      // The registries import every network; a file inside one network's folder imports none of the others.
      const inNetworkFolders = under(layer).filter(({ file }) => platformIds.some((id) => file.startsWith(`${layer}/${id}/`)));
      const crossing = inNetworkFolders.flatMap(({ file, imports }) => {
        const own = file.split("/")[1];
        return imports
          .filter((i) => {
            const [top, folder] = i.split("/");
            return top === layer && folder !== own && platformIds.some((id) => id === folder);
          })
          .map((i) => `${file} -> ${i}`);
      });
      expect(crossing, layer).toEqual([]);
    }
    for (const family of families) {
      const intoNetworks = under(`networks/${family}`).flatMap(({ file, imports }) => imports.filter((i) => platformIds.some((id) => i.startsWith(`networks/${id}/`))).map((i) => `${file} -> ${i}`));
      expect(intoNetworks, family).toEqual([]);
    }
  });

  it("give every network its adapter, capabilities and rules, and each facet it has the facet's file name", () => {
    const facetFiles = {
      inbox: "inbox.ts",
      analytics: "analytics.ts",
      engage: "engage.ts",
      accountReads: "account-reads.ts",
      discover: "discover.ts",
      live: "live.ts",
      reviews: "reviews.ts",
    } as const;
    for (const id of platformIds) {
      const folder = path.join(root, "networks", id);
      for (const file of ["adapter.ts", "capabilities.ts", "rules.ts", "publish.ts"]) expect(existsSync(path.join(folder, file)), `${id}/${file}`).toBe(true);
      for (const [facet, file] of Object.entries(facetFiles)) {
        const has = adapters[id][facet as keyof typeof facetFiles] !== undefined;
        expect(existsSync(path.join(folder, file)), `${id} ${has ? "has" : "lacks"} ${facet}: ${file}`).toBe(has);
      }
      expect(adapters[id].rules, id).toBeDefined();
    }
  });
});
