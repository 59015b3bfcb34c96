/**
 * The Worker entry (src/worker.ts) as wrangler builds it, run in workerd through Miniflare: the same
 * upload `wrangler deploy` makes (the entry, the sandbox's simulators module, the docs' text
 * modules), with every subrequest sent to the bench's outbound router.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { Miniflare } from "miniflare";

const OUT_DIR = join(".tmp", "scale-bench-worker");

/** `wrangler deploy --dry-run --outdir`: wrangler's own bundle, build step included. */
export function buildWorker(): string {
  execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", OUT_DIR], { stdio: ["ignore", "ignore", "inherit"] });
  return OUT_DIR;
}

function modulesOf(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".map") && entry.name !== "README.md")
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const name = relative(dir, path);
      const type = name.endsWith(".mjs") || name === "worker.js" ? ("ESModule" as const) : ("Text" as const);
      return { type, path, name };
    })
    .sort((a, b) => (a.name === "worker.js" ? -1 : b.name === "worker.js" ? 1 : 0));
}

export interface WorkerInput {
  dir: string;
  bindings: Record<string, string>;
  outbound: string;
}

export function workerOptions(input: WorkerInput) {
  return {
    modules: modulesOf(input.dir).map(({ type, path }) => ({ type, path })),
    modulesRoot: input.dir,
    compatibilityDate: "2026-04-01",
    compatibilityFlags: ["nodejs_compat"],
    bindings: input.bindings,
    r2Buckets: ["MEDIA"],
    outboundService: { external: { address: input.outbound, http: {} } },
  };
}

export async function startWorker(input: WorkerInput): Promise<Miniflare> {
  const mf = new Miniflare(workerOptions(input));
  await mf.ready;
  return mf;
}
