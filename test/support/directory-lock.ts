import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock left by a process that is gone (killed while holding it), or never finished taking. */
export async function lockIsStale(lock: string): Promise<boolean> {
  const pid = Number(await readFile(path.join(lock, "pid"), "utf8").catch(() => ""));
  if (!pid) {
    const taken = await stat(lock).then(
      (s) => s.mtimeMs,
      () => null,
    );
    return taken !== null && Date.now() - taken > 10_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Runs `work` holding a lock shared by the test processes: a directory, since mkdir either creates
 * it or fails. A lock whose holder is gone is taken over; past `waitMs` the wait fails, naming the lock.
 */
export async function withDirectoryLock<T>(lock: string, work: () => Promise<T>, waitMs = 5 * 60_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await lockIsStale(lock)) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} was still held by another process after ${waitMs} ms`);
      else await sleep(250);
    }
  }
  try {
    await writeFile(path.join(lock, "pid"), String(process.pid));
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
