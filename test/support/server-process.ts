import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createServer } from "node:net";
import { beforeAll } from "vitest";
import { ensureProductionBuild } from "./production-build.js";

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Builds dist/ (when the sources changed) before the calling file's tests, under a time limit of
 * its own: on a loaded machine tsc takes minutes, more than a test or a set-up hook is given.
 */
export function buildBeforeTests(): void {
  beforeAll(() => ensureProductionBuild(), 600_000);
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  output: () => string;
  /** Ends the process with `signal` (SIGKILL: a crash, no shutdown code runs) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts a real Chorus server process (by default the compiled `dist/server.js`, as `npm start`
 * runs it, built once per change of the sources) and waits for its listening line. `env` is
 * added to this process's environment.
 */
export async function startServerProcess(options: { port: number; env: Record<string, string>; args?: string[] }): Promise<ServerProcess> {
  if (!options.args) await ensureProductionBuild();
  const child = spawn(process.execPath, options.args ?? ["dist/server.js"], {
    env: { ...process.env, PORT: String(options.port), HOST: "127.0.0.1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes("listening on")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  };
  return { child, pid: child.pid ?? -1, base: `http://127.0.0.1:${options.port}`, output: () => output, stop };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The last stdout line as JSON (every command prints one object), or null. */
  json: Record<string, unknown> | null;
}

/** Runs the compiled operator command line (`npm run chorus:prod -- …`) as its own process. */
/** The operator command line as `npm run chorus:prod` runs it (node --liftoff-only dist/cli/main.js). */
export const CLI_ARGS = ["--liftoff-only", "dist/cli/main.js"];

export async function runCli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  await ensureProductionBuild();
  return new Promise((resolve) => {
    execFile(process.execPath, [...CLI_ARGS, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Record<string, unknown>;
      } catch {
        json = null;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}
