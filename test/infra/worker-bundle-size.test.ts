import { describe, expect, it } from "vitest";
import { staticImports, workerBundle } from "../support/worker-bundle.js";

const MiB = 1024 * 1024;

/**
 * Issue 25: what a Worker isolate loads when it starts stays under 1 MiB gzip. The Worker is
 * built as `wrangler deploy` builds it (`--dry-run`, once per change of the sources:
 * test/support/worker-bundle.ts); a size, not a timing, so it holds on a loaded machine.
 * `npx tsx bench/worker-startup.ts` prints the figures and the start-up CPU.
 */
describe("the Worker upload", () => {
  it("loads under 1 MiB gzip at start-up", { timeout: 180_000 }, async () => {
    const { sizes } = await workerBundle();
    expect(sizes.startup.modules[0]).toBe("worker.js");
    expect(sizes.startup.gzipBytes).toBeLessThan(MiB);
  });

  it("keeps the sandbox's simulators in a module of their own, imported on the first test-key use", { timeout: 180_000 }, async () => {
    const { sizes } = await workerBundle();
    const sandbox = sizes.modules.find((module) => module.name === "sandbox/worker-module/simulators.mjs");
    expect(sandbox?.type).toBe("application/javascript+module");
    expect(sizes.startup.modules).not.toContain(sandbox?.name);
  });

  it("imports the dashboard's htmx on first use, not at start-up, and uploads no Swagger UI", { timeout: 180_000 }, async () => {
    const { sizes } = await workerBundle();
    const text = sizes.modules.filter((module) => module.type.startsWith("text/")).map((module) => module.name);
    // Still uploaded (the dashboard serves it from the Worker), just not loaded with the entry.
    expect(text.some((name) => name.endsWith("htmx.min.js"))).toBe(true);
    // The reference is rendered by Chorus's own code; no renderer package is uploaded.
    expect(sizes.modules.some((module) => module.name.includes("swagger"))).toBe(false);
    for (const name of text) expect(sizes.startup.modules).not.toContain(name);
  });
});

describe("staticImports", () => {
  it("finds import and export-from statements, minified or not, and never import()", () => {
    const source = ['import a from "./a.js";', 'import{b as c}from"./b.js";import"./side.js";', 'export*from"./re.js";', 'const lazy = () => import("./lazy.js");'].join("\n");
    expect(staticImports(source).sort()).toEqual(["a.js", "b.js", "re.js", "side.js"]);
  });
});
