import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * A real local AT Protocol network for adapter tests: PLC (in memory) and a PDS (SQLite) from
 * @atproto/dev-env 0.3.215, the last line that runs on Node 20. No AppView, so `app.bsky.*`
 * reads answer 502; records are read with com.atproto.repo.getRecord instead.
 *
 * Gotchas handled here (LOCAL-STACK.md, "Local Bluesky network"):
 * - the PDS and PLC create data and blob directories in `os.tmpdir()` and never delete them, so
 *   TMPDIR points at a throwaway folder under the project's .tmp/ while the network runs;
 * - never pass `pds: { port: undefined }`: it overrides the free port and the PDS falls back to
 *   2583 while `pds.url` names another port.
 */

type DevEnv = typeof import("@atproto/dev-env");

export type DevEnvLoad = { ok: true; devEnv: DevEnv } | { ok: false; reason: string };

/**
 * Imports dev-env (about 3 s); a failure becomes a reason to skip, not a crash. The PDS keeps its
 * data in better-sqlite3, a native module built for the Node that installed it: on another Node
 * major (CI's run on the current LTS) it cannot load, which is a reason to skip too.
 */
export async function loadDevEnv(): Promise<DevEnvLoad> {
  try {
    // A transitive dependency of dev-env, without types of its own: required for this one probe.
    const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => { close(): void };
    new Database(":memory:").close();
    return { ok: true, devEnv: await import("@atproto/dev-env") };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface LocalPds {
  /** `http://localhost:<port>`, the PDS's public URL (its DID documents point here). */
  url: string;
  close(): Promise<void>;
}

export async function startLocalPds(devEnv: DevEnv, options: { rateLimitsEnabled?: boolean } = {}): Promise<LocalPds> {
  const dir = path.resolve(process.cwd(), ".tmp", `pds-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  const previousTmp = process.env.TMPDIR;
  const restore = async () => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await rm(dir, { recursive: true, force: true });
  };
  // os.tmpdir() reads TMPDIR on every call; the blobstore keeps using it while the PDS runs.
  process.env.TMPDIR = dir;
  let network: InstanceType<DevEnv["TestNetworkNoAppView"]>;
  try {
    network = await devEnv.TestNetworkNoAppView.create(options.rateLimitsEnabled ? { pds: { rateLimitsEnabled: true } } : {});
  } catch (error) {
    await restore();
    throw error;
  }
  return {
    url: network.pds.url,
    async close() {
      try {
        await network.close();
      } finally {
        await restore();
      }
    },
  };
}
