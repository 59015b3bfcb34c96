import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirBusyError, acquireDataDirLock, lockFile } from "../../src/node/data-dir-lock.js";

describe("embedded data folder lock", () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), "chorus-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("is taken with this pid and removed on release", () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir, "server");
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: process.pid, role: "server" });
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("refuses while another live process holds it, naming that process", async () => {
    const dir = fresh();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(lockFile(dir), JSON.stringify({ pid: holder.pid, role: "server", startedAt: "2026-11-24T09:00:00.000Z" }));
      let caught: unknown = null;
      try {
        acquireDataDirLock(dir, "operator command");
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataDirBusyError);
      expect((caught as DataDirBusyError).holder).toMatchObject({ pid: holder.pid, role: "server" });
      expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: holder.pid });
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = fresh();
    const dead = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((r) => dead.once("exit", r));
    writeFileSync(lockFile(dir), JSON.stringify({ pid: dead.pid, role: "server", startedAt: "2026-11-24T09:00:00.000Z" }));
    const lock = acquireDataDirLock(dir, "operator command");
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ pid: process.pid, role: "operator command" });
    lock.release();
  });
});
