import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run arch` (.dependency-cruiser.cjs) run over a small tree laid out like the target src/:
 * every import the layers and modules allow passes, and each rule fires on its own violation and
 * on nothing else. A rule that silently stopped matching (a path typo after a move) fails here.
 */
const repo = resolve(import.meta.dirname, "../..");
const exec = promisify(execFile);

/** Each file and what it imports; `import type` where the line says so. */
const tree: Record<string, string[]> = {
  // Allowed: every layer importing downwards, modules through index.ts, lower modules only.
  "src/app.ts": ['import { route } from "./routes/a.js";'],
  "src/routes/a.ts": ['import { publish } from "../domain/publishing/index.js";', 'import { run } from "../jobs/run.js";'],
  "src/jobs/run.ts": ['import { core } from "../domain/core/index.js";'],
  "src/domain/core/index.ts": ['import { table } from "../../db/schema.js";'],
  "src/domain/publishing/index.ts": ['export { post } from "./post.js";'],
  "src/domain/publishing/post.ts": ['import { core } from "../core/index.js";', 'import type { X } from "../../networks/x.js";', 'import { id } from "../../infra/ids.js";'],
  "src/domain/workspaces/index.ts": [],
  "src/networks/x.ts": ['import { id } from "../infra/ids.js";'],
  "src/sandbox/s.ts": ['import { x } from "../networks/x.js";'],
  "src/infra/ids.ts": [],
  "src/db/schema.ts": [],
  "src/server.ts": [],
  // Violations, one rule each.
  "src/http/mw.ts": ['import { server } from "../server.js";'],
  "src/jobs/bad.ts": ['import { b } from "../routes/b.js";'],
  "src/routes/b.ts": [],
  "src/domain/core/bad-up.ts": ['import { run } from "../../jobs/run.js";'],
  "src/networks/bad.ts": ['import { core } from "../domain/core/index.js";'],
  "src/infra/bad.ts": ['import { x } from "../networks/x.js";'],
  "src/db/bad-type.ts": ['import type { Core } from "../domain/core/index.js";'],
  "src/routes/c.ts": ['import { post } from "../domain/publishing/post.js";'],
  "src/domain/inbox/index.ts": ['export { feed } from "./feed.js";'],
  "src/domain/inbox/feed.ts": ['import { post } from "../publishing/post.js";'],
  "src/domain/core/bad-order.ts": ['import { w } from "../workspaces/index.js";'],
  "src/domain/legacy/old.ts": ['import { id } from "../../infra/ids.js";'],
  "src/stray/thing.ts": ['import { id } from "../infra/ids.js";'],
  "src/infra/cycle-a.ts": ['import { b } from "./cycle-b.js";'],
  "src/infra/cycle-b.ts": ['import type { A } from "./cycle-a.js";'],
};

const expected = [
  "layer-edges: src/http/mw.ts -> src/server.ts",
  "layer-jobs: src/jobs/bad.ts -> src/routes/b.ts",
  "layer-domain: src/domain/core/bad-up.ts -> src/jobs/run.ts",
  "layer-adapters: src/networks/bad.ts -> src/domain/core/index.ts",
  "layer-base: src/infra/bad.ts -> src/networks/x.ts",
  "layer-base: src/db/bad-type.ts -> src/domain/core/index.ts",
  "module-index-only: src/routes/c.ts -> src/domain/publishing/post.ts",
  "module-index-only-between-modules: src/domain/inbox/feed.ts -> src/domain/publishing/post.ts",
  "module-order-core: src/domain/core/bad-order.ts -> src/domain/workspaces/index.ts",
  "module-unknown: src/domain/legacy/old.ts -> src/infra/ids.ts",
  "layer-unknown: src/stray/thing.ts -> src/infra/ids.ts",
  // A cycle is reported once, from its first file; this one closes only through `import type`.
  "no-cycle: src/infra/cycle-a.ts -> src/infra/cycle-b.ts",
];

interface CruiseResult {
  summary: { violations: { from: string; to: string; rule: { name: string } }[]; totalCruised: number };
}

let dir = "";
let result: CruiseResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "chorus-arch-"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", verbatimModuleSyntax: true } }));
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${imports.join("\n")}\nexport const value = 1;\n`);
  }
  const cli = join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  // The CLI exits non-zero when it finds violations, which this tree has on purpose.
  const run = await exec(process.execPath, [cli, "src", "--config", join(repo, ".dependency-cruiser.cjs"), "--output-type", "json"], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  result = JSON.parse(run.stdout) as CruiseResult;
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the architecture check", () => {
  it("reads every file of the tree", () => {
    expect(result.summary.totalCruised).toBe(Object.keys(tree).length);
  });

  it("reports exactly the deliberate violations: one per rule, none on the allowed imports", () => {
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found.sort()).toEqual([...expected].sort());
  });
});
