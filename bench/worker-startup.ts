import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Miniflare } from "miniflare";
import { type WorkerBundleSizes, measureUpload, workerBundle } from "../test/support/worker-bundle.js";
import { type Upload, readUpload, workerdModules } from "../test/support/worker-upload.js";
import { percentile, round } from "./stats.js";

/**
 * The Worker's size and start-up CPU (issue 25): the upload `wrangler deploy` would send, built
 * with `--dry-run` (test/support/worker-bundle.ts), and the CPU a local workerd spends loading its
 * entry module (compiling it and running its top level), as `wrangler check startup` loads it: a
 * probe entry imports it on a request. The figure is CPU time, not wall time, so a loaded machine
 * slows it little: the workerd process's on-CPU nanoseconds (/proc/<pid>/task/<tid>/schedstat,
 * Linux only) over that request, less those of a request that imports nothing. A fresh workerd per
 * run; median of BENCH_WORKER_STARTUP_RUNS (default 5). Local CPU, not Cloudflare's: compare runs of
 * this bench, not the limit (1 s on Cloudflare's limits page); `npx wrangler check startup` draws
 * where the time goes. `npx tsx bench/worker-startup.ts` runs it alone; BENCH_WORKER_UPLOAD=<file>
 * measures an upload written earlier by `wrangler deploy --dry-run --outfile <file>` (another
 * commit's, to compare) instead of building this one.
 */
export interface WorkerStartupResult {
  startupKiB: { raw: number; gzip: number };
  totalKiB: { raw: number; gzip: number };
  startupModules: string[];
  /** Median start-up CPU in ms, and every run's figure. */
  startupCpuMs: number;
  runsMs: number[];
}

/** On-CPU time of every thread of a process, in ns (the first field of each thread's schedstat). */
function processCpuNs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended while we read.
    }
  }
  return ns;
}

/** The workerd Miniflare started for us: a child of this process. */
function workerdPid(): number {
  const pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry) && entry !== String(process.pid));
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && stat.includes("(workerd)")) return Number(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error("no workerd child process found");
}

async function startupCpuMs(upload: Upload): Promise<number> {
  const probe = `export default {
  async fetch(request) {
    if (new URL(request.url).pathname === "/start") await import("./${upload.mainModule}");
    return new Response("ok");
  },
};`;
  const mf = new Miniflare({
    compatibilityDate: upload.compatibilityDate,
    compatibilityFlags: upload.compatibilityFlags,
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/probe.js", contents: probe }, ...workerdModules(upload)],
  });
  try {
    await mf.ready;
    const pid = workerdPid();
    const request = async (path: string) => {
      const before = processCpuNs(pid);
      await (await mf.dispatchFetch(`http://example.com${path}`)).text();
      return processCpuNs(pid) - before;
    };
    await request("/warm");
    const overhead = await request("/noop");
    return ((await request("/start")) - overhead) / 1e6;
  } finally {
    await mf.dispose();
  }
}

const kib = (bytes: number) => round(bytes / 1024, 1);

export function sizesSummary(sizes: WorkerBundleSizes) {
  return {
    startupKiB: { raw: kib(sizes.startup.bytes), gzip: kib(sizes.startup.gzipBytes) },
    totalKiB: { raw: kib(sizes.total.bytes), gzip: kib(sizes.total.gzipBytes) },
    startupModules: sizes.startup.modules,
  };
}

export async function runWorkerStartupBench(runs: number, uploadFile = process.env.BENCH_WORKER_UPLOAD): Promise<WorkerStartupResult> {
  const file = uploadFile ?? (await workerBundle()).file;
  const upload = await readUpload(file);
  const runsMs: number[] = [];
  for (let run = 0; run < runs; run++) runsMs.push(round(await startupCpuMs(upload), 1));
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { ...sizesSummary(await measureUpload(file)), startupCpuMs: round(percentile(sorted, 50), 1), runsMs };
}

export function printWorkerStartup(result: WorkerStartupResult): void {
  console.log("Worker bundle (wrangler deploy --dry-run) and start-up in local workerd (target: start-up under 1024 KiB gzip):");
  console.log(`  start-up modules (${result.startupModules.join(", ")}): ${result.startupKiB.raw} KiB, ${result.startupKiB.gzip} KiB gzip`);
  console.log(`  whole upload: ${result.totalKiB.raw} KiB, ${result.totalKiB.gzip} KiB gzip`);
  console.log(`  start-up CPU: median ${result.startupCpuMs} ms over ${result.runsMs.length} fresh isolates (${result.runsMs.join(", ")})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const raw = process.env.BENCH_WORKER_STARTUP_RUNS;
  const runs = raw ? Number.parseInt(raw, 10) : 5;
  if (!Number.isInteger(runs) || runs <= 0) throw new Error(`BENCH_WORKER_STARTUP_RUNS must be a positive integer, got "${raw}"`);
  printWorkerStartup(await runWorkerStartupBench(runs));
}
