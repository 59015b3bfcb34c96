import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureFixture, fixtureInstalled } from "../support/pds-fixture.js";

/**
 * The install-on-first-use of fixtures/local-pds (test/support/pds-fixture.ts), on a small package
 * of the same shape: one dependency (a local folder, so no registry is needed) and a postinstall
 * script that counts how often `npm ci` really ran.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixturePackage(depVersion = "1.0.0"): string {
  const dir = path.resolve(process.cwd(), ".tmp", `fixture-${randomUUID()}`);
  dirs.push(dir);
  mkdirSync(path.join(dir, "dep"), { recursive: true });
  pinDep(dir, depVersion);
  const postinstall = `node -e "require('fs').appendFileSync('installs.txt', 'x')"`;
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture", version: "1.0.0", private: true, dependencies: { dep: "file:./dep" }, scripts: { postinstall } }));
  return dir;
}

function pinDep(dir: string, version: string): void {
  writeFileSync(path.join(dir, "dep", "package.json"), JSON.stringify({ name: "dep", version }));
  const root = { name: "fixture", version: "1.0.0", hasInstallScript: true, dependencies: { dep: "file:./dep" } };
  const packages = { "": root, dep: { version }, "node_modules/dep": { resolved: "dep", link: true } };
  writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify({ name: "fixture", version: "1.0.0", lockfileVersion: 3, requires: true, packages }));
}

const installs = (dir: string) => (existsSync(path.join(dir, "installs.txt")) ? readFileSync(path.join(dir, "installs.txt"), "utf8").length : 0);
const quiet = { log: () => undefined };

describe("installing the PDS fixture on first use", () => {
  it("installs once when several test files ask at the same time, and not again on a later run", async () => {
    const dir = fixturePackage();
    expect(await fixtureInstalled(dir)).toBe(false);
    const results = await Promise.all([ensureFixture(dir, quiet), ensureFixture(dir, quiet), ensureFixture(dir, quiet)]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(installs(dir)).toBe(1);
    expect(await fixtureInstalled(dir)).toBe(true);
    expect(existsSync(path.join(dir, ".install-lock"))).toBe(false);
    expect(await ensureFixture(dir, quiet)).toEqual({ ok: true });
    expect(installs(dir)).toBe(1);
  }, 60_000);

  it("installs again when the lockfile pins something else than node_modules holds", async () => {
    const dir = fixturePackage();
    expect(await ensureFixture(dir, quiet)).toEqual({ ok: true });
    pinDep(dir, "1.0.1");
    expect(await fixtureInstalled(dir)).toBe(false);
    expect(await ensureFixture(dir, quiet)).toEqual({ ok: true });
    expect(installs(dir)).toBe(2);
  }, 60_000);

  it("takes over a lock left by a process that is gone", async () => {
    const dir = fixturePackage();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    mkdirSync(path.join(dir, ".install-lock"));
    writeFileSync(path.join(dir, ".install-lock", "pid"), String(gone));
    expect(await ensureFixture(dir, { ...quiet, waitMs: 20_000 })).toEqual({ ok: true });
    expect(installs(dir)).toBe(1);
  }, 60_000);

  it("waits for a live installer and then gives up, naming the lock", async () => {
    const dir = fixturePackage();
    mkdirSync(path.join(dir, ".install-lock"));
    writeFileSync(path.join(dir, ".install-lock", "pid"), String(process.pid));
    const result = await ensureFixture(dir, { ...quiet, waitMs: 1_000 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(".install-lock");
    expect(installs(dir)).toBe(0);
  });

  it("reports a failed npm ci with the command and npm's own words, once for the test files that waited for it", async () => {
    const dir = fixturePackage();
    // package.json asks for a dependency the lockfile does not have: npm ci refuses.
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture", version: "1.0.0", private: true, dependencies: { dep: "file:./dep", other: "1.0.0" } }));
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const results = await Promise.all([ensureFixture(dir, { log }), ensureFixture(dir, { log }), ensureFixture(dir, { log })]);
    expect(lines.filter((line) => line.includes("installing"))).toHaveLength(1);
    for (const result of results) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/npm ci --prefix .*exited with \d+:[\s\S]*in sync/);
    }
    expect(existsSync(path.join(dir, ".install-lock"))).toBe(false);
    // A later run tries again: the network may be back, the lockfile fixed.
    expect((await ensureFixture(dir, { log })).ok).toBe(false);
    expect(lines.filter((line) => line.includes("installing"))).toHaveLength(2);
  }, 60_000);
});
