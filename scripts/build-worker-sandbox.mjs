/**
 * Builds the sandbox's network simulators (src/sandbox/registry.ts and what it imports) into one
 * module of their own, src/sandbox/worker-module/simulators.mjs, for the Worker. Wrangler bundles
 * everything the entry imports into the entry, a dynamic import() included; a file that already
 * exists and matches a module rule (`find_additional_modules`, wrangler.toml) is uploaded beside the
 * entry instead and imported at run time. So the simulators, which only test keys use, are not in
 * the module an isolate loads when it starts (issue 25), and src/worker.ts imports this file on the
 * first test-key use.
 *
 * Run by wrangler before every build (wrangler.toml `[build] command`: deploy, dev and its rebuilds,
 * --dry-run) and by the workers tests' globalSetup. The module holds its own copy of Hono and of the few network
 * helpers the simulators use; they share no state with the app beyond the objects it hands them.
 * esbuild is the one wrangler bundles with (its dependency, the same version).
 */
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const SANDBOX_MODULE = "src/sandbox/worker-module/simulators.mjs";

/**
 * src/sandbox/registry.ts imports each network's simulator as `./${id}/simulator.js`, which Node
 * and vitest map to the .ts file at run time. esbuild turns that template into a glob over the
 * files on disk and does not map .js to .ts inside a glob, so the build reads the registry with
 * the pattern naming the sources: every `src/sandbox/<id>/simulator.ts` lands in the module.
 */
const simulatorGlob = {
  name: "simulator-glob",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]sandbox[\\/]registry\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      const contents = source.replaceAll("/simulator.js`", "/simulator.ts`");
      if (contents === source) throw new Error(`${path}: no \`./\${id}/simulator.js\` import to bundle the simulators by`);
      return { contents, loader: "ts" };
    });
  },
};

export async function buildWorkerSandbox() {
  const { outputFiles } = await build({
    entryPoints: ["src/sandbox/registry.ts"],
    outfile: SANDBOX_MODULE,
    bundle: true,
    format: "esm",
    platform: "neutral",
    // What wrangler resolves packages with for workerd.
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    minify: true,
    keepNames: true,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    write: false,
    plugins: [simulatorGlob],
  });
  // Written only when changed: `wrangler dev` reruns this build on every change under watch_dir
  // (src/, where this file is), so rewriting the same bytes would start it again, forever.
  for (const output of outputFiles) {
    if (existsSync(output.path) && Buffer.compare(readFileSync(output.path), output.contents) === 0) continue;
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, output.contents);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildWorkerSandbox();
