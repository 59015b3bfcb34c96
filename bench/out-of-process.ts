import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PlatformId } from "../src/types/platform-ids.js";

export interface SandboxServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * Starts bench/sandbox-server.ts in a process of its own on the API's PostgreSQL database and
 * waits for its `listening <port>` line.
 */
export function startSandboxServer(databaseUrl: string, apiPublicUrl: string, workspaceId: string): Promise<SandboxServer> {
  const script = join(dirname(fileURLToPath(import.meta.url)), "sandbox-server.ts");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CHORUS_SANDBOX_PUBLIC_URL: apiPublicUrl, CHORUS_SANDBOX_WORKSPACE_ID: workspaceId },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let errors = "";
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the sandbox server did not start within 30 s: ${errors.slice(0, 500)}`));
    }, 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString("utf8"));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), close });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox server exited (${code}): ${errors.slice(0, 500)}`));
    });
  });
}

/**
 * `count` sandbox servers, started together, the networks shared out among them in turn (their
 * state is in the database, so any server can answer any call; one network always goes to the same).
 */
export async function startSandboxServers(
  databaseUrl: string,
  apiPublicUrl: string,
  workspaceId: string,
  platforms: readonly PlatformId[],
  count: number,
): Promise<{ ports: Map<PlatformId, number>; close: () => Promise<void> }> {
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, count) }, () => startSandboxServer(databaseUrl, apiPublicUrl, workspaceId)));
  const servers = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
  const failed = started.find((r) => r.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { ports: new Map(platforms.map((p, i) => [p, servers[i % servers.length]?.port ?? 0])), close };
}
