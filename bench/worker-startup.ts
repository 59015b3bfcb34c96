import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { type WorkerBundleSizes, measureUpload, workerBundle } from "../test/support/worker-bundle.js";
import { percentile, round } from "./stats.js";

const exec = promisify(execFile);

/**
 * The Worker's size and start-up CPU (issue 25): the upload `wrangler deploy` would send, built
 * with `--dry-run` (test/support/worker-bundle.ts), and the CPU workerd spends loading its entry
 * module. Start-up is profiled by `wrangler check startup`, which imports the entry module inside
 * a local workerd under V8's sampling profiler: the figure is the sampled time not idle. Samples
 * are wall-clock apart, so a loaded machine inflates it; the least run is the least disturbed.
 * Local CPU, not Cloudflare's: compare runs of this bench, not the limit (1 s on Cloudflare's
 * limits page). Median of BENCH_WORKER_STARTUP_RUNS (default 5) fresh isolates.
 * `npx tsx bench/worker-startup.ts` runs it alone; BENCH_WORKER_UPLOAD=<file> measures an upload written
 * earlier by `wrangler deploy --dry-run --outfile <file>` (another commit's, to compare) instead of building.
 */
export interface WorkerStartupResult {
  startupKiB: { raw: number; gzip: number };
  totalKiB: { raw: number; gzip: number };
  startupModules: string[];
  /** Median start-up CPU in ms; the least of the runs (the least disturbed by other work); every run's figure. */
  startupCpuMs: number;
  minMs: number;
  runsMs: number[];
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Sampled time not spent idle, in ms: each sample lasts until the next one is taken. */
export function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
  let micros = 0;
  // timeDeltas[0] is the wait before the first sample (the profiler starting, the request on its way): not start-up.
  for (let i = 0; i + 1 < profile.samples.length; i++) {
    if (!idle.has(profile.samples[i] ?? -1)) micros += profile.timeDeltas[i + 1] ?? 0;
  }
  return micros / 1000;
}

async function profileStartup(bundleFile: string, dir: string, run: number): Promise<number> {
  const outfile = join(dir, `startup-${run}.cpuprofile`);
  await exec("npx", ["wrangler", "check", "startup", "--worker", bundleFile, "--outfile", outfile], { env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  return busyMs(JSON.parse(readFileSync(outfile, "utf8")) as CpuProfile);
}

const kib = (bytes: number) => round(bytes / 1024, 1);

export function sizesSummary(sizes: WorkerBundleSizes) {
  return {
    startupKiB: { raw: kib(sizes.startup.bytes), gzip: kib(sizes.startup.gzipBytes) },
    totalKiB: { raw: kib(sizes.total.bytes), gzip: kib(sizes.total.gzipBytes) },
    startupModules: sizes.startup.modules,
  };
}

export async function runWorkerStartupBench(runs: number, upload = process.env.BENCH_WORKER_UPLOAD): Promise<WorkerStartupResult> {
  const bundle = upload ? { file: upload, sizes: await measureUpload(upload) } : await workerBundle();
  const dir = mkdtempSync(join(tmpdir(), "chorus-worker-startup-"));
  try {
    const runsMs: number[] = [];
    for (let run = 0; run < runs; run++) runsMs.push(round(await profileStartup(bundle.file, dir, run), 1));
    const sorted = [...runsMs].sort((a, b) => a - b);
    return { ...sizesSummary(bundle.sizes), startupCpuMs: round(percentile(sorted, 50), 1), minMs: sorted[0] ?? Number.NaN, runsMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printWorkerStartup(result: WorkerStartupResult): void {
  console.log("Worker bundle (wrangler deploy --dry-run) and start-up in local workerd (target: start-up under 1024 KiB gzip):");
  console.log(`  start-up modules (${result.startupModules.join(", ")}): ${result.startupKiB.raw} KiB, ${result.startupKiB.gzip} KiB gzip`);
  console.log(`  whole upload: ${result.totalKiB.raw} KiB, ${result.totalKiB.gzip} KiB gzip`);
  console.log(`  start-up CPU: median ${result.startupCpuMs} ms, least ${result.minMs} ms over ${result.runsMs.length} isolates (${result.runsMs.join(", ")})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const raw = process.env.BENCH_WORKER_STARTUP_RUNS;
  const runs = raw ? Number.parseInt(raw, 10) : 5;
  if (!Number.isInteger(runs) || runs <= 0) throw new Error(`BENCH_WORKER_STARTUP_RUNS must be a positive integer, got "${raw}"`);
  printWorkerStartup(await runWorkerStartupBench(runs));
}
