import { spawn } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { lockIsStale } from "./directory-lock.js";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The local Bluesky network (@atproto/dev-env and better-sqlite3, a native module compiled at
 * install when no prebuilt binary can be downloaded) is a package of its own, fixtures/local-pds, so
 * that `npm install` at the root compiles nothing only the PDS tests need. The first PDS test that
 * runs installs it from its lockfile (`npm ci`, minutes, once); later runs find it installed.
 * .ci/run installs it before the tests, so CI never waits for it inside a test file.
 */
export const pdsFixtureDir = fileURLToPath(new URL("../../fixtures/local-pds/", import.meta.url));

export type FixtureInstall = { ok: true } | { ok: false; reason: string };

interface LockEntry {
  version?: string;
  optional?: boolean;
}

const lockPackages = async (file: string): Promise<Record<string, LockEntry> | null> => {
  try {
    return (JSON.parse(await readFile(file, "utf8")) as { packages?: Record<string, LockEntry> }).packages ?? null;
  } catch {
    return null;
  }
};

/**
 * True when node_modules holds what the lockfile pins. npm ci writes node_modules/.package-lock.json
 * (its record of what it installed) only once the install has succeeded, without the optional
 * packages of other platforms; so a manual `npm ci --prefix fixtures/local-pds` counts too, and a
 * changed lockfile means installing again.
 */
export async function fixtureInstalled(dir: string): Promise<boolean> {
  const wanted = await lockPackages(path.join(dir, "package-lock.json"));
  const installed = await lockPackages(path.join(dir, "node_modules", ".package-lock.json"));
  if (!wanted || !installed) return false;
  for (const [key, entry] of Object.entries(installed)) if (wanted[key]?.version !== entry.version) return false;
  for (const [key, entry] of Object.entries(wanted)) if (key !== "" && !installed[key] && !entry.optional) return false;
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** npm's error lines up to its usage text (printed after a usage error), and where its full log is. */
function npmErrors(output: string): string {
  const errors = output.split("\n").filter((line) => /^npm (error|ERR!) \S/.test(line));
  const usage = errors.findIndex((line) => / Usage:$/.test(line));
  const shown = (usage === -1 ? errors : errors.slice(0, usage)).slice(0, 15);
  const log = errors.find((line) => line.includes("complete log"));
  if (log && !shown.includes(log)) shown.push(log);
  return shown.length > 0 ? shown.join("\n") : output.trim().split("\n").slice(-15).join("\n");
}

function npmCi(dir: string): Promise<FixtureInstall> {
  return new Promise((resolve) => {
    // --prefix as well as cwd: under `npm test` the environment carries the root's npm_config_* values.
    const child = spawn("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      if (output.length < 200_000) output += chunk.toString();
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => resolve({ ok: false, reason: `npm could not be started: ${error.message}` }));
    child.on("close", (code) => {
      if (code === 0) resolve({ ok: true });
      else {
        resolve({ ok: false, reason: `\`npm ci --prefix ${path.relative(process.cwd(), dir) || "."}\` exited with ${code}:\n${npmErrors(output)}` });
      }
    });
  });
}

/**
 * Installs the package in `dir` from its lockfile unless it is installed. Test files run in parallel
 * processes: the first takes a lock (a directory, since mkdir either creates it or fails) and
 * installs; the others wait for the lock to go and then find the package installed, or the reason
 * its install failed (left in .install-error), rather than trying again in every test file.
 */
export async function ensureFixture(dir: string, options: { waitMs?: number; log?: (line: string) => void } = {}): Promise<FixtureInstall> {
  const lock = path.join(dir, ".install-lock");
  const errorFile = path.join(dir, ".install-error");
  const waitMs = options.waitMs ?? 15 * 60_000;
  const deadline = Date.now() + waitMs;
  const log = options.log ?? ((line: string) => console.warn(line));
  const name = path.relative(process.cwd(), dir) || dir;
  let waited = false;
  for (;;) {
    if (await fixtureInstalled(dir)) return { ok: true };
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return { ok: false, reason: `cannot take ${lock}: ${String(error)}` };
      if (await lockIsStale(lock)) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) return { ok: false, reason: `${name} was still being installed by another process (${lock}) after ${waitMs} ms` };
      else {
        waited = true;
        await sleep(500);
      }
      continue;
    }
    try {
      await writeFile(path.join(lock, "pid"), String(process.pid));
      // Another process may have finished between the check above and taking the lock.
      if (await fixtureInstalled(dir)) return { ok: true };
      const failed = waited ? await readFile(errorFile, "utf8").catch(() => null) : null;
      if (failed !== null) return { ok: false, reason: failed };
      log(`[pds fixture] installing ${name} from its lockfile (npm ci; better-sqlite3 may compile): once, a few minutes`);
      const started = Date.now();
      const result = await npmCi(dir);
      if (result.ok) {
        await rm(errorFile, { force: true });
        log(`[pds fixture] installed ${name} in ${Math.round((Date.now() - started) / 1000)} s`);
      } else await writeFile(errorFile, result.reason);
      return result;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
