import { openServerDatabase } from "../src/db/node-postgres.js";
import { realSleep } from "../src/domain/core/network-deps.js";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/postgres.js";
import { measureCold, seedAnalyticsFixture } from "./analytics-fixture.js";
import { notCounting } from "./counting-client.js";
import { attachNetworkProbe } from "./network-probe.js";
import type { PlatformId } from "../src/types/platform-ids.js";
import { adapters, platformIds } from "../src/networks/registry.js";
import { startSandboxServers } from "./out-of-process.js";
import { sandboxForward } from "./sandbox-server.js";
import { openServerBenchRuntime } from "./setup.js";

/**
 * The cold analytics read with the simulators in processes of their own, as real networks are:
 * the API on a throwaway PostgreSQL database, one sandbox server (bench/sandbox-server.ts) per
 * network of the fixture on the same database, every adapter call forwarded to its network's
 * server by host (one server for all of them answered thirty concurrent calls one after another
 * and measured itself). In process, the ten simulators' own store
 * queries (about a hundred per cold read) queue on the API's single PGlite connection, so the
 * in-process ratio measures the simulators as much as Chorus. Null (with the reason printed) when
 * no PostgreSQL answers.
 */
export async function runAnalyticsColdOutOfProcess(delayMs: number, runs: number): Promise<{ oneAccountColdMs: number; tenAccountsColdMs: number; problems: string[] } | null> {
  const available = await postgresAvailable();
  if (!available.ok) {
    console.log(`  cold, simulators out of process: skipped (${available.reason})`);
    return null;
  }
  const database = await createThrowawayDatabase();
  const cleanups: (() => Promise<unknown>)[] = [database.close];
  try {
    const migrated = await openServerDatabase(database.url);
    await migrated.close();
    const runtime = await openServerBenchRuntime(database.url);
    cleanups.unshift(runtime.close);
    if (runtime.deps.networks.sleep !== realSleep) throw new Error("the bench's runtime must use realSleep");
    // Connecting runs on the in-process simulators; their state is in the database the server reads.
    const fixture = await seedAnalyticsFixture(runtime, delayMs);
    const publicUrl = runtime.deps.publicUrl ?? "http://127.0.0.1";
    const networks = [...new Set(fixture.accounts.map((a) => a.platform as PlatformId))];
    const sandbox = await startSandboxServers(database.url, publicUrl, runtime.workspaceId, networks, networks.length);
    cleanups.unshift(sandbox.close);
    // Reads carry no publish scope naming their network: the host does (Bluesky's PDS is its entryway's).
    const byHost = new Map(platformIds.flatMap((p) => adapters[p].hosts.map((host) => [host, p] as const)));
    const forward = sandboxForward(sandbox.ports, sandbox.ports.get("bluesky") ?? [...sandbox.ports.values()][0] ?? 0, runtime.deps.networks.liveFetch);
    const probe = await attachNetworkProbe({
      db: runtime.db,
      counter: notCounting(),
      publicUrl,
      workspaceId: runtime.workspaceId,
      sleep: realSleep,
      forward: (call, platform) => forward(call, platform ?? byHost.get(call.url.host)),
    });
    cleanups.unshift(async () => probe.restore());
    // A fresh sandbox process is cold: warm it (and refresh the tokens) before measuring.
    await fixture.time("/v1/analytics?period=30d");
    await fixture.emptyCache();
    await fixture.time("/v1/analytics?period=30d");
    return await measureCold(fixture, runs);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}
