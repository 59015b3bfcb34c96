import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../src/deps.js";
import { workspaces } from "../src/db/schema/index.js";
import type { Database } from "../src/db/types.js";
import { createWorkspace } from "../src/domain/workspaces/create-workspace.js";
import { systemClock } from "../src/infra/clock.js";
import { silentLogger } from "../src/infra/logger.js";
import { createMemoryRateLimiter } from "../src/infra/rate-limit/memory-limiter.js";
import { parseNodeEnv } from "../src/node/node-config.js";
import type { JobWakeups } from "../src/node/job-wakeups.js";
import { buildNodeRuntime } from "../src/node/node-deps.js";

export interface BenchRuntime {
  db: Database;
  /** The PGlite client under `db`, for counting round trips. */
  client: PGlite;
  /** The Node server's dependencies, with a silent logger and the in-process limiter. */
  deps: AppDeps;
  workspaceId: string;
  /** The workspace's API key, whose limits are raised so the limiter never refuses the bench. */
  key: string;
  /** The job poller's enqueue wake-ups, as src/server.ts passes them (PGlite in process, or LISTEN). */
  jobWakeups: JobWakeups | undefined;
  close: () => Promise<void>;
}

/** The same on a PostgreSQL server (`DATABASE_URL`): no PGlite client to count at. */
export type ServerBenchRuntime = Omit<BenchRuntime, "client">;

/**
 * The Node server's runtime exactly as src/node/node-deps.ts builds it, in a fresh temporary data
 * folder (secrets, media), with one workspace and key. The database is embedded PGlite, migrated
 * on open, or with `databaseUrl` that PostgreSQL database. The limiter stays in the path
 * (in-process, as without Upstash); only the workspace's per-minute ceilings are raised.
 */
async function openRuntime(databaseUrl?: string) {
  const dataDir = await mkdtemp(join(tmpdir(), "chorus-bench-"));
  try {
    // A controlled environment: never DATABASE_URL or Upstash from the shell running the bench.
    // The webhook sections deliver to receivers on loopback: opted in, not left to the HOST default.
    const env = parseNodeEnv({ CHORUS_DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", CHORUS_ALLOW_LOOPBACK_WEBHOOKS: "true", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    const runtime = await buildNodeRuntime(env);
    const close = async () => {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    };
    try {
      const created = await createWorkspace(runtime.db, {
        name: "Bench workspace",
        email: "bench@example.com",
        plan: "free",
        keyMode: "test",
        actor: "bench",
        at: systemClock.now(),
      });
      await runtime.db.update(workspaces).set({ apiPerMinute: 100_000_000, profileApiPerMinute: 100_000_000 }).where(eq(workspaces.id, created.workspaceId));
      const deps: AppDeps = { ...runtime.deps, logger: silentLogger, rateLimiter: createMemoryRateLimiter(systemClock) };
      return { db: runtime.db, deps, workspaceId: created.workspaceId, key: created.apiKey.key, jobWakeups: runtime.jobWakeups, close };
    } catch (error) {
      await close();
      throw error;
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function openBenchRuntime(): Promise<BenchRuntime> {
  const runtime = await openRuntime();
  const client = (runtime.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    await runtime.close();
    throw new Error("the bench needs the embedded PGlite database");
  }
  return { ...runtime, client };
}

/** On a PostgreSQL server whose database is already migrated (buildNodeRuntime checks it again). */
export function openServerBenchRuntime(databaseUrl: string): Promise<ServerBenchRuntime> {
  return openRuntime(databaseUrl);
}
