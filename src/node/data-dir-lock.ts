import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite gives one process the data folder: a second process that opens it works on a copy the
 * first one overwrites, so its writes vanish (a CLI "key create" beside `npm start` printed a key
 * that never worked). Whoever opens the embedded database first takes this lock file, holding
 * its pid; the other one refuses while that pid is alive. A lock left by a crash (dead pid) is
 * taken over.
 */
export interface LockHolder {
  pid: number;
  role: string;
  startedAt: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`${dataDir} is held by the Chorus ${holder.role} (pid ${holder.pid})`);
  }
}

export function lockFile(dataDir: string): string {
  return join(dataDir, "chorus.lock");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live holder of the data folder, or null when it is free (no lock, or a dead holder's). */
export function readLockHolder(dataDir: string): LockHolder | null {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(lockFile(dataDir), "utf8")) as LockHolder;
  } catch {
    return null;
  }
  return Number.isInteger(holder.pid) && holder.pid !== process.pid && alive(holder.pid) ? holder : null;
}

/**
 * Takes the data folder for this process, or throws DataDirBusyError naming the live holder.
 * The file is written aside and hard-linked into place (which fails if it exists), so two
 * processes starting at once cannot both win and nobody reads a half-written lock.
 */
export function acquireDataDirLock(dataDir: string, role: string): { release: () => void } {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const me: LockHolder = { pid: process.pid, role, startedAt: new Date().toISOString() };
  const pending = `${file}.${process.pid}`;
  writeFileSync(pending, JSON.stringify(me), { mode: 0o600 });
  try {
    return takeLock(dataDir, file, pending);
  } finally {
    unlinkSync(pending);
  }
}

function takeLock(dataDir: string, file: string, pending: string): { release: () => void } {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      linkSync(pending, file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if ((JSON.parse(readFileSync(file, "utf8")) as LockHolder).pid === process.pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLockHolder(dataDir);
      if (holder) throw new DataDirBusyError(dataDir, holder);
      // A dead holder's lock (or one being written this instant): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
