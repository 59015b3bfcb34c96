import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { readUpload } from "./worker-upload.js";

const exec = promisify(execFile);

/** What wrangler's bundle depends on: the sources, the Worker's settings and the installed packages (the lockfile). */
const INPUTS = ["wrangler.toml", "tsconfig.json", "package.json", "package-lock.json", "scripts/build-worker-sandbox.mjs"];
const CACHE_DIR = join(".tmp", "worker-bundle");

export interface ModuleSize {
  name: string;
  type: string;
  bytes: number;
}

export interface WorkerBundleSizes {
  /** The entry module and every module it imports statically: what the isolate loads when it starts. */
  startup: { modules: string[]; bytes: number; gzipBytes: number };
  /** Every module uploaded (the entry, text modules imported on first use): wrangler's "Total Upload". */
  total: { modules: number; bytes: number; gzipBytes: number };
  modules: ModuleSize[];
}

export interface WorkerBundle {
  /** The upload as `wrangler deploy --dry-run --outfile` writes it (multipart form data), for `wrangler check startup`. */
  file: string;
  sizes: WorkerBundleSizes;
  /** Whether this call ran wrangler or found the bundle of these exact sources already built. */
  reused: boolean;
}

function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const files = readdirSync("src", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    // Written by wrangler's build step itself (scripts/build-worker-sandbox.mjs), from the sources counted here.
    .filter((file) => !file.startsWith(join("src", "sandbox", "worker-module", "simulators.mjs")))
    .sort();
  for (const file of [...files, ...INPUTS]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * Specifiers of a module's static imports and re-exports (`import x from "./m"`, `export * from "./m"`),
 * never `import("./m")`. Read from the text: a match inside a string literal can only add a module
 * to the start-up set, so the figure errs large, never small.
 */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.add(match[1].replace(/^\.\//, ""));
  return [...found];
}

/** Start-up and total sizes of an upload; gzip as wrangler measures it (the modules concatenated, zlib's default level). */
export async function measureUpload(file: string): Promise<WorkerBundleSizes> {
  const { mainModule, parts } = await readUpload(file);
  const byName = new Map(parts.map((part) => [part.name, part]));
  const startup = [mainModule];
  for (let i = 0; i < startup.length; i++) {
    const part = byName.get(startup[i] ?? "");
    if (!part || !part.type.includes("javascript")) continue;
    for (const name of staticImports(new TextDecoder().decode(part.content))) {
      if (byName.has(name) && !startup.includes(name)) startup.push(name);
    }
  }
  const sum = (names: string[]) => {
    const contents = names.map((name) => byName.get(name)?.content ?? new Uint8Array());
    return { bytes: contents.reduce((n, c) => n + c.byteLength, 0), gzipBytes: gzipSync(Buffer.concat(contents)).byteLength };
  };
  return {
    startup: { modules: startup, ...sum(startup) },
    // Wrangler's order (the entry last), so the total is the figure its "Total Upload" line prints.
    total: { modules: parts.length, ...sum([...parts.filter((part) => part.name !== mainModule), ...parts.filter((part) => part.name === mainModule)].map((part) => part.name)) },
    modules: parts.map((part) => ({ name: part.name, type: part.type, bytes: part.content.byteLength })),
  };
}

let building: Promise<WorkerBundle> | null = null;

/**
 * Test files run in parallel processes, and wrangler's build step rewrites the simulators module
 * under src/ before bundling it: one build at a time, the others waiting and then reusing it.
 */
async function underBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(".tmp", "worker-bundle.lock");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A build takes seconds: a lock this old was left by a run that was killed.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The Worker as `wrangler deploy` would upload it (`--dry-run --outfile`), built once per change
 * of the sources, settings or lockfile: .tmp/worker-bundle/ keeps the upload of the last fingerprint.
 */
export function workerBundle(): Promise<WorkerBundle> {
  building ??= (async () => {
    const fingerprint = sourceFingerprint();
    mkdirSync(CACHE_DIR, { recursive: true });
    const file = join(CACHE_DIR, `${fingerprint.slice(0, 16)}.form`);
    const reused =
      existsSync(file) ||
      !(await underBuildLock(async () => {
        if (existsSync(file)) return false;
        const partial = join(".tmp", `worker-bundle-${randomUUID()}.form`);
        await exec("npx", ["wrangler", "deploy", "--dry-run", "--outfile", partial], { env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
        // One upload kept: the previous sources' bundle is never read again.
        for (const old of readdirSync(CACHE_DIR)) rmSync(join(CACHE_DIR, old));
        renameSync(partial, file);
        return true;
      }));
    return { file, sizes: await measureUpload(file), reused };
  })();
  return building;
}
