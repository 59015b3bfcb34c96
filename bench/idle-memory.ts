import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Idle memory of the two ways to run the Node server: `npm start` (npm, a shell, tsx and the
 * server it spawns with its TypeScript loader) and the production command `node dist/server.js`
 * (after `npm run build`). Each starts on a fresh embedded data folder, waits for its listening
 * line and a few idle seconds, then the whole process tree is summed: RSS, and PSS (shared pages
 * divided between the processes sharing them, so the sum is not inflated). Linux only (/proc).
 */
export interface TreeMemory {
  command: string;
  processes: number;
  rssMb: number;
  pssMb: number | null;
}

export interface IdleMemoryResult {
  npmStart: TreeMemory;
  nodeDist: TreeMemory;
  /** RSS `npm start` costs on top of `node dist/server.js`. */
  savedRssMb: number;
}

const SETTLE_MS = 5_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The pid and every descendant, from each process's parent in /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command (field 2) may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

function kilobytes(text: string, field: string): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

function treeMemory(command: string, root: number): TreeMemory {
  let rss = 0;
  let pss: number | null = 0;
  const pids = processTree(root);
  for (const pid of pids) {
    try {
      rss += kilobytes(readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS") ?? 0;
      const p = kilobytes(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
      pss = pss === null || p === null ? null : pss + p;
    } catch {
      pss = null;
    }
  }
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return { command, processes: pids.length, rssMb: mb(rss), pssMb: pss === null ? null : mb(pss) };
}

async function measure(label: string, file: string, args: string[]): Promise<TreeMemory> {
  const dataDir = mkdtempSync(join(tmpdir(), "chorus-bench-idle-"));
  const port = await freePort();
  // Its own process group, so the whole tree stops together.
  const child: ChildProcess = spawn(file, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", CHORUS_DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  try {
    const deadline = Date.now() + 120_000;
    while (!output.includes("listening on")) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${label} did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return treeMemory(label, child.pid ?? -1);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Builds dist/ first (BENCH_SKIP_BUILD=1 measures the dist/ already there). */
export async function runIdleMemoryBench(): Promise<IdleMemoryResult> {
  if (process.env.BENCH_SKIP_BUILD !== "1") execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  const nodeDist = await measure("node dist/server.js", process.execPath, ["dist/server.js"]);
  const npmStart = await measure("npm start", "npm", ["start"]);
  const result = { npmStart, nodeDist, savedRssMb: Math.round((npmStart.rssMb - nodeDist.rssMb) * 10) / 10 };
  const line = (m: TreeMemory) => `${m.command.padEnd(20)} RSS ${m.rssMb.toFixed(1).padStart(7)} MB  PSS ${m.pssMb === null ? "    n/a" : m.pssMb.toFixed(1).padStart(7)} MB  (${m.processes} processes)`;
  console.log("Idle memory of the Node server (whole process tree, fresh embedded data folder):");
  console.log(`  ${line(nodeDist)}`);
  console.log(`  ${line(npmStart)}`);
  console.log(`  npm start costs ${result.savedRssMb} MB RSS more than node dist/server.js`);
  return result;
}
