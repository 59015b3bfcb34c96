import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureFixture, pdsFixtureDir } from "./pds-fixture.js";

/**
 * A real local AT Protocol network for adapter tests: PLC (in memory) and a PDS (SQLite) from
 * @atproto/dev-env 0.3.215 (the last line that runs on Node 20), installed in fixtures/local-pds.
 * No AppView, so `app.bsky.*` reads answer 502; records are read with com.atproto.repo.getRecord.
 *
 * Gotchas handled here (LOCAL-STACK.md, "Local Bluesky network"):
 * - the PDS and PLC create data and blob directories in `os.tmpdir()` and never delete them, so
 *   TMPDIR points at a throwaway folder under the project's .tmp/ while the network runs;
 * - never pass `pds: { port: undefined }`: it overrides the free port and the PDS falls back to
 *   2583 while `pds.url` names another port.
 */

/**
 * The part of @atproto/dev-env 0.3.215 the tests use, typed here: the package lives in
 * fixtures/local-pds (pds-fixture.ts), outside the root's node_modules where TypeScript looks.
 */
export interface DevEnv {
  TestNetworkNoAppView: {
    create(params: { pds?: { rateLimitsEnabled?: boolean } }): Promise<{ pds: { url: string }; close(): Promise<void> }>;
  };
  TestNetwork: {
    create(params: { dbPostgresUrl: string; dbPostgresSchema: string }): Promise<{ pds: { url: string }; processAll(): Promise<void>; close(): Promise<void> }>;
  };
}

export type DevEnvLoad = { ok: true; devEnv: DevEnv } | { ok: false; reason: string };

/**
 * Installs fixtures/local-pds on first use (pds-fixture.ts), then imports dev-env from it (about 3 s).
 * A failure becomes a reason to skip, not a crash. The PDS keeps its data in better-sqlite3, a
 * native module built for the Node that installed it: on another Node major (CI's run on the
 * current LTS) it cannot load, which is a reason to skip too.
 */
export async function loadDevEnv(): Promise<DevEnvLoad> {
  const installed = await ensureFixture(pdsFixtureDir);
  if (!installed.ok) return { ok: false, reason: `fixtures/local-pds (@atproto/dev-env) is not installed: ${installed.reason}` };
  const fixtureRequire = createRequire(path.join(pdsFixtureDir, "package.json"));
  try {
    const Database = fixtureRequire("better-sqlite3") as new (file: string) => { close(): void };
    new Database(":memory:").close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `better-sqlite3 in fixtures/local-pds does not load on Node ${process.versions.node} (to build it for this Node: npm ci --prefix fixtures/local-pds): ${message}` };
  }
  try {
    return { ok: true, devEnv: (await import(pathToFileURL(fixtureRequire.resolve("@atproto/dev-env")).href)) as DevEnv };
  } catch (error) {
    return { ok: false, reason: `@atproto/dev-env in fixtures/local-pds does not load: ${error instanceof Error ? error.message : String(error)}` };
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
  let network: Awaited<ReturnType<DevEnv["TestNetworkNoAppView"]["create"]>>;
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
