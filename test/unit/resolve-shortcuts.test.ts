import { execFile } from "node:child_process";
import * as nodeModule from "node:module";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { bareResolutionKey, declaredPackageType, resolutionAnchor, resolveRelativeJs } from "../../src/node/resolve-shortcuts.js";
import { buildBeforeTests } from "../support/server-process.js";

const exec = promisify(execFile);
buildBeforeTests();

/**
 * A folder tree with every case the shortcut must tell apart: an ESM package, a CommonJS folder
 * inside it, a package that declares no type (Node detects the syntax), a linked file, a file
 * that does not exist.
 */
function fixtureTree() {
  const root = mkdtempSync(join(tmpdir(), "chorus-resolve-"));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("esm/package.json", JSON.stringify({ name: "esm", type: "module" }));
  write(
    "esm/index.js",
    'import { a } from "./lib/a.js"; import cjs from "./legacy/b.js"; import { c } from "../untyped/c.js"; import { d } from "./linked.js"; export default [a, cjs.b, c, d].join(",");',
  );
  write("esm/lib/a.js", 'export const a = "a";');
  write("esm/legacy/package.json", JSON.stringify({ type: "commonjs" }));
  write("esm/legacy/b.js", 'exports.b = "b";');
  write("untyped/package.json", JSON.stringify({ name: "untyped" }));
  write("untyped/c.js", 'export const c = "c";');
  write("real/d.js", 'export const d = "d";');
  symlinkSync(join(root, "real/d.js"), join(root, "esm/linked.js"));
  // A bare specifier: "dep" is the app's own copy everywhere in it except below nested/, which
  // has a node_modules folder of its own with another copy.
  write("app/package.json", JSON.stringify({ name: "app", type: "module" }));
  write("app/node_modules/dep/package.json", JSON.stringify({ name: "dep", type: "module", exports: "./index.js" }));
  write("app/node_modules/dep/index.js", 'export const which = "outer";');
  write("app/src/a.js", 'export { which } from "dep";');
  write("app/src/deep/b.js", 'export { which } from "dep";');
  write("app/nested/node_modules/dep/package.json", JSON.stringify({ name: "dep", type: "module", exports: "./index.js" }));
  write("app/nested/node_modules/dep/index.js", 'export const which = "inner";');
  write("app/nested/c.js", 'export { which } from "dep";');
  write("app/index.js", 'import { which as a } from "./src/a.js"; import { which as b } from "./src/deep/b.js"; import { which as c } from "./nested/c.js"; export default [a, b, c].join(",");');
  return root;
}

describe("Node's resolver shortcuts, relative imports and bare specifiers (src/node/resolve-shortcuts.ts)", () => {
  const root = fixtureTree();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const parent = pathToFileURL(join(root, "esm/index.js")).href;

  it("answers an existing relative .js file with its URL and its package's declared type, and leaves every other case to Node", () => {
    expect(resolveRelativeJs("./lib/a.js", parent)).toEqual({ url: pathToFileURL(join(root, "esm/lib/a.js")).href, format: "module" });
    expect(resolveRelativeJs("./legacy/b.js", parent)).toEqual({ url: pathToFileURL(join(root, "esm/legacy/b.js")).href, format: "commonjs" });
    // No declared type: Node 22+ detects the syntax, so only Node decides.
    expect(declaredPackageType(join(root, "untyped"))).toBeNull();
    expect(resolveRelativeJs("../untyped/c.js", parent)).toBeNull();
    // Node answers a link's target path.
    expect(resolveRelativeJs("./linked.js", parent)).toBeNull();
    expect(resolveRelativeJs("./missing.js", parent)).toBeNull();
    expect(resolveRelativeJs("./lib/a.js?x=1", parent)).toBeNull();
    expect(resolveRelativeJs("drizzle-orm", parent)).toBeNull();
    expect(resolveRelativeJs("./lib/a.mjs", parent)).toBeNull();
    expect(resolveRelativeJs("./lib/a.js", "node:fs")).toBeNull();
  });

  /** Runs `body` in a fresh Node with (or without) the hook from dist/, as the server and CLI install it. */
  async function childRun(withHook: boolean, body: string) {
    const hook = pathToFileURL(resolve("dist/node/resolve-shortcuts.js")).href;
    // A second hook installed first runs after ours: it sees only what ours passed on.
    const script = `
      import * as m from "node:module";
      const seen = [];
      const seenBare = [];
      m.registerHooks?.({ resolve(s, c, next) { if (s.startsWith(".")) seen.push(s); else if (c.parentURL?.startsWith("file:")) seenBare.push(s); return next(s, c); } });
      const { registerResolveShortcuts } = await import(${JSON.stringify(hook)});
      const installed = ${withHook} ? registerResolveShortcuts() : false;
      ${body}
      console.log(JSON.stringify({ installed, seen, seenBare, result }));`;
    const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script]);
    return JSON.parse(stdout) as { installed: boolean; seen: string[]; seenBare: string[]; result: unknown };
  }

  const hasHooks = typeof (nodeModule as { registerHooks?: unknown }).registerHooks === "function";

  it("loads the same modules with the hook as without, and Node's own resolver no longer sees the relative imports it answered", async () => {
    const body = `const result = (await import(${JSON.stringify(pathToFileURL(join(root, "esm/index.js")).href)})).default;`;
    const without = await childRun(false, body);
    const withHook = await childRun(true, body);
    expect(without.result).toBe("a,b,c,d");
    expect(withHook.result).toBe("a,b,c,d");
    // Node 20 has no module.registerHooks (nor the slow package.json lookup this avoids): nothing is installed.
    expect(withHook.installed).toBe(hasHooks);
    if (hasHooks) {
      expect(without.seen).toEqual(expect.arrayContaining(["./lib/a.js", "./legacy/b.js", "../untyped/c.js", "./linked.js"]));
      expect(withHook.seen).toEqual(expect.arrayContaining(["../untyped/c.js", "./linked.js"]));
      expect(withHook.seen).not.toContain("./lib/a.js");
      expect(withHook.seen).not.toContain("./legacy/b.js");
    }
  });

  it("loads drizzle-orm (448 ESM files under a 179 KB package.json) to the same exports", async () => {
    const body = 'const result = Object.keys(await import("drizzle-orm/pg-core")).sort();';
    const without = await childRun(false, body);
    const withHook = await childRun(true, body);
    expect(withHook.result).toEqual(without.result);
    expect(withHook.result).toEqual(expect.arrayContaining(["pgTable", "text", "timestamp"]));
    if (hasHooks) expect(withHook.seen.length).toBeLessThan(without.seen.length / 10);
  });

  it("keys a bare specifier's answer by the nearest folder with a package.json or node_modules", () => {
    const from = (path: string) => ({ parentURL: pathToFileURL(join(root, path)).href, conditions: ["node", "import"] });
    expect(resolutionAnchor(join(root, "app/src/deep"))).toBe(join(root, "app"));
    expect(resolutionAnchor(join(root, "app/nested"))).toBe(join(root, "app/nested"));
    expect(bareResolutionKey("dep", from("app/src/a.js"))).toBe(bareResolutionKey("dep", from("app/src/deep/b.js")));
    expect(bareResolutionKey("dep", from("app/nested/c.js"))).not.toBe(bareResolutionKey("dep", from("app/src/a.js")));
    expect(bareResolutionKey("dep", { ...from("app/src/a.js"), conditions: ["node", "require"] })).not.toBe(bareResolutionKey("dep", from("app/src/a.js")));
    for (const other of ["./a.js", "../a.js", "/abs/a.js", "node:fs", "file:///x.js", "data:text/javascript,1"]) expect(bareResolutionKey(other, from("app/src/a.js")), other).toBeNull();
    expect(bareResolutionKey("dep", { parentURL: "data:text/javascript,1" })).toBeNull();
  });

  it("resolves a bare specifier once per anchor, and a nested node_modules still gets its own copy", async () => {
    const body = `const result = (await import(${JSON.stringify(pathToFileURL(join(root, "app/index.js")).href)})).default;`;
    const without = await childRun(false, body);
    const withHook = await childRun(true, body);
    expect(without.result).toBe("outer,outer,inner");
    expect(withHook.result).toBe("outer,outer,inner");
    // Node 20 has no module.registerHooks: nothing there counts, nor needs, the lookups.
    if (hasHooks) {
      expect(without.seenBare.filter((s) => s === "dep")).toHaveLength(3);
      expect(withHook.seenBare.filter((s) => s === "dep")).toHaveLength(2);
    }
  });
});
