import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Makes a new embedded data folder (from `template` when given, else initdb) with the migrations,
 * in a child process that then exits, so the memory a PGlite instance takes to make it (initdb's
 * second instance alone ~370 MB, never returned by an idle process) goes with it. The caller opens
 * the folder afterwards, which then only resumes it.
 */
export function initialiseInChild(dataDir: string, template?: string | null): Promise<void> {
  // Run from source (tsx, vitest) the child is TypeScript too and needs tsx's loader; from dist/ it is plain JS.
  const fromSource = import.meta.url.endsWith(".ts");
  const script = fileURLToPath(new URL(`./pglite-initialise-child.${fromSource ? "ts" : "js"}`, import.meta.url));
  const execArgv = fromSource ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : [];
  return new Promise((resolve, reject) => {
    let output = "";
    const child = fork(script, template ? [dataDir, template] : [dataDir], { execArgv, stdio: ["ignore", "pipe", "pipe", "ipc"] });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Initialising the embedded database in ${dataDir} failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}
