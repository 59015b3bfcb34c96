import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/postgres.js";

/**
 * Time to answer and idle memory of the Node server, started as a child process three ways: a
 * first start on an empty embedded data folder (initdb and migrations), a restart on the same
 * folder, and on PostgreSQL (a throwaway database on the test server; skipped when none answers).
 * Targets (issue 25): an answer within 5 s, idle under 250 MB embedded and 120 MB on PostgreSQL.
 *
 * The server runs as `npm start` runs it, `node <its V8 options> dist/server.js` (built first unless BENCH_SKIP_BUILD=1),
 * or, with BENCH_IDLE_SERVER=tsx, from source through tsx (as `npm start` ran it before, without npm's
 * and tsx's launcher processes). Idle RSS is VmRSS summed over the server's process tree, read after the
 * initialising child has exited and BENCH_IDLE_SETTLE_SECONDS (default 10) have passed with
 * no request. Linux only (/proc). `npx tsx bench/idle-memory.ts` runs it alone.
 */
export interface IdleStart {
  label: string;
  answerMs: number;
  idleRssMb: number;
  processes: number;
}

export interface IdleMemoryResult {
  server: "tsx" | "dist";
  firstStart: IdleStart;
  restart: IdleStart;
  postgres: IdleStart | null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The pid and every descendant, from each process's parent in /proc. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command (field 2) may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
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

export function treeRssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return Math.round(kb / 102.4) / 10;
}

/** The child a new data folder is initialised in (src/db/pglite-initialise.ts), still running. */
function initialising(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("pglite-initialise-child");
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/v1/me`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

async function measure(label: string, command: string[], env: Record<string, string>): Promise<IdleStart> {
  const port = await freePort();
  const [file = "", ...args] = command;
  const started = Date.now();
  // Its own process group, so the whole tree stops together.
  const child: ChildProcess = spawn(file, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  try {
    const deadline = started + 180_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${label} did not answer:\n${output}`);
      await sleep(50);
    }
    const answerMs = Date.now() - started;
    const root = child.pid ?? -1;
    while (processTree(root).some(initialising) && Date.now() < deadline) await sleep(200);
    await sleep(Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 10) * 1000);
    const pids = processTree(root);
    return { label, answerMs, idleRssMb: treeRssMb(pids), processes: pids.length };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

export function printIdleMemory(result: IdleMemoryResult): void {
  console.log(
    `Idle memory of the Node server (${result.server === "dist" ? `node ${startNodeOptions().join(" ")} dist/server.js` : "tsx src/server.ts"}; targets: answer < 5 s, idle < 250 MB embedded, < 120 MB PostgreSQL):`,
  );
  for (const start of [result.firstStart, result.restart, result.postgres]) {
    if (!start) console.log("  PostgreSQL: skipped (no server on 127.0.0.1:5432)");
    else
      console.log(
        `  ${start.label.padEnd(30)} answer ${(start.answerMs / 1000).toFixed(1).padStart(5)} s  idle RSS ${start.idleRssMb.toFixed(1).padStart(6)} MB  (${start.processes} process${start.processes === 1 ? "" : "es"})`,
      );
  }
}

/** The V8 options `npm start` gives node (package.json), so the server measured is the one it starts. */
export function startNodeOptions(): string[] {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  return [...(scripts.start ?? "").matchAll(/\s(--[a-z-]+=\S+)/g)].map((m) => m[1] ?? "");
}

export async function runIdleMemoryBench(): Promise<IdleMemoryResult> {
  const server = process.env.BENCH_IDLE_SERVER === "tsx" ? "tsx" : "dist";
  if (server === "dist" && process.env.BENCH_SKIP_BUILD !== "1") execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  const options = startNodeOptions();
  const command = server === "dist" ? [process.execPath, ...options, "dist/server.js"] : [process.execPath, ...options, "--import", "tsx", "src/server.ts"];
  const dataDir = mkdtempSync(join(tmpdir(), "chorus-bench-idle-"));
  try {
    const embedded = { CHORUS_DATA_DIR: dataDir, DATABASE_URL: "" };
    const firstStart = await measure("first start (empty folder)", command, embedded);
    const restart = await measure("restart (same folder)", command, embedded);
    let postgres: IdleStart | null = null;
    if ((await postgresAvailable()).ok) {
      const database = await createThrowawayDatabase();
      try {
        postgres = await measure("PostgreSQL (DATABASE_URL)", command, { CHORUS_DATA_DIR: dataDir, DATABASE_URL: database.url });
      } finally {
        await database.close();
      }
    }
    return { server, firstStart, restart, postgres };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("idle-memory.ts")) printIdleMemory(await runIdleMemoryBench());
