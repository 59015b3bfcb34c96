import { createApp } from "../src/app.js";
import { openServerDatabase } from "../src/db/node-postgres.js";
import { realSleep } from "../src/domain/core/network-deps.js";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/postgres.js";
import { notCounting } from "./counting-client.js";
import { startDelayProxy } from "./delay-proxy.js";
import { PROXY_DELAY_MS, RATIO_TARGET, limitsAgainstBare } from "./pg-latency.js";

export { PROXY_DELAY_MS };
import { FAN_OUT_RATIO_TARGET, type FanOutRatios, SINGLE_NETWORK, runFanOutRatio } from "./fan-out.js";
import { createClient } from "./http-client.js";
import { closeServer, listen } from "./listen.js";
import { attachNetworkProbe } from "./network-probe.js";
import { startSandboxServers } from "./out-of-process.js";
import { platformIds } from "../src/networks/registry.js";
import { createPublishFixture, expectStatus } from "./publish-fixture.js";
import { openServerBenchRuntime } from "./setup.js";
import { type LatencySummary, round } from "./stats.js";
import { type ThroughputCase, type ThroughputResult, measureThroughput } from "./throughput.js";
import { sandboxForward } from "./sandbox-server.js";

export interface ServerDatabaseResult {
  latency: { database: string; bare: LatencySummary; limits: LatencySummary; ratioP50: number; ratioP99: number }[];
  throughput: ThroughputResult[];
  fanOut: { inProcess: FanOutRatios; outOfProcess: FanOutRatios } | null;
  durationSeconds: number;
}

/**
 * The bench's PostgreSQL figures, on a throwaway database of the local server:
 * - GET /v1/me/limits against a bare `select 1`, directly and through a TCP proxy adding
 *   PROXY_DELAY_MS each way (a serverless database's round trip);
 * - requests per second at concurrency 1 and 16 on three everyday endpoints;
 * - the 10-target fan-out with the simulators in the API's process and in a process of their own
 *   (bench/sandbox-server.ts), as real networks are, so their work is not counted as ours (on a
 *   machine of few cores it still competes for them: compare the no-delay figures).
 * Skipped, with the reason, when no PostgreSQL answers.
 */
export async function runServerDatabaseBench(input: {
  requests: number;
  warmup: number;
  throughputRequests: number;
  publishRuns: number;
  sandboxProcesses: number;
}): Promise<ServerDatabaseResult | null> {
  const available = await postgresAvailable();
  if (!available.ok) {
    console.log(`PostgreSQL server: skipped (${available.reason})`);
    return null;
  }
  const started = Date.now();
  const database = await createThrowawayDatabase();
  const cleanups: (() => Promise<void>)[] = [database.close];
  try {
    const migrated = await openServerDatabase(database.url);
    await migrated.close();
    const direct = new URL(database.url);
    const proxy = await startDelayProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, PROXY_DELAY_MS);
    cleanups.unshift(proxy.close);
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);

    console.log(`PostgreSQL server (throwaway database; ${input.requests} requests per endpoint after ${input.warmup} warm-up):`);
    const latency = [];
    for (const [label, url] of [
      ["PostgreSQL, direct", database.url],
      [`PostgreSQL through a ${PROXY_DELAY_MS} ms/way proxy`, proxied.toString()],
    ] as const) {
      const r = await limitsAgainstBare(url, label, input.requests, input.warmup);
      latency.push(r);
      console.log(
        `  ${label.padEnd(42)} bare p50 ${r.bare.p50.toFixed(3)} ms, GET /v1/me/limits p50 ${r.limits.p50.toFixed(3)} ms   ratio p50 ${r.ratioP50.toFixed(2)} p99 ${r.ratioP99.toFixed(2)}   target p50 <= ${RATIO_TARGET}: ${r.ratioP50 <= RATIO_TARGET ? "met" : "MISSED"}`,
      );
    }

    const runtime = await openServerBenchRuntime(database.url);
    cleanups.unshift(runtime.close);
    const api = await listen(createApp(runtime.deps).fetch);
    cleanups.unshift(() => closeServer(api.server));
    const http = createClient(api.port);
    cleanups.unshift(async () => http.close());
    const fixture = await createPublishFixture(runtime.db, http);
    const set = await fixture.newAccountSet();
    const platforms = Object.keys(set.accounts) as (keyof typeof set.accounts)[];
    for (let i = 0; i < 20; i++) {
      expectStatus(await http.json("POST", "/v1/posts", { ...fixture.body(set, platforms, `Draft ${i}`), draft: true }, fixture.auth), 201, "POST /v1/posts (draft)");
    }
    const cases: ThroughputCase[] = [
      { label: "GET /v1/social-accounts", method: "GET", path: "/v1/social-accounts", headers: fixture.auth },
      { label: "GET /v1/posts", method: "GET", path: "/v1/posts", headers: fixture.auth },
      { label: "POST /v1/posts/validate (10 targets)", method: "POST", path: "/v1/posts/validate", headers: fixture.auth, body: fixture.body(set, platforms, "Launch day #chorus") },
    ];
    const throughput: ThroughputResult[] = [];
    console.log(`  throughput, Node server on PostgreSQL over loopback HTTP (${input.throughputRequests} requests per cell after a warm-up):`);
    console.log(`    ${"endpoint".padEnd(38)} ${"c=1 req/s".padStart(10)} ${"c=16 req/s".padStart(11)}`);
    for (const c of cases) {
      await measureThroughput(api.port, c, 16, Math.min(200, input.throughputRequests));
      const one = await measureThroughput(api.port, c, 1, input.throughputRequests);
      const sixteen = await measureThroughput(api.port, c, 16, input.throughputRequests);
      throughput.push(one, sixteen);
      const errors = one.errors + sixteen.errors;
      console.log(
        `    ${c.label.padEnd(38)} ${one.requestsPerSecond.toFixed(1).padStart(10)} ${sixteen.requestsPerSecond.toFixed(1).padStart(11)}${errors ? `   WARNING: ${errors} non-2xx answers` : ""}`,
      );
    }

    const fanOut = {
      inProcess: await fanOutOn(runtime, api.port, http, fixture, input.publishRuns, null),
      outOfProcess: await fanOutOn(runtime, api.port, http, fixture, input.publishRuns, { url: database.url, processes: input.sandboxProcesses }),
    };
    console.log(
      `  fan-out on PostgreSQL, one 300 ms wait per network per publish (medians of ${input.publishRuns} rounds), 1 target (${SINGLE_NETWORK}) → 10 targets; the simulators' work after the wait / inside it:`,
    );
    for (const [label, r] of [
      ["simulators in the API's process", fanOut.inProcess],
      [`simulators in ${input.sandboxProcesses === 1 ? "a process" : `${input.sandboxProcesses} processes`} of their own`, fanOut.outOfProcess],
    ] as const) {
      const a = r.perPublishDelay;
      const l = r.perPublishLatency;
      const failures = [...a.failures, ...l.failures];
      const met = (ratio: number) => (ratio <= FAN_OUT_RATIO_TARGET ? "met" : "MISSED");
      console.log(
        `    ${label.padEnd(37)} after: ${a.oneTargetMs.toFixed(0)} → ${a.tenTargetsMs.toFixed(0)} ms ratio ${a.ratio.toFixed(2)} (${met(a.ratio)})   inside: ${l.oneTargetMs.toFixed(0)} → ${l.tenTargetsMs.toFixed(0)} ms ratio ${l.ratio.toFixed(2)} (${met(l.ratio)}); target <= ${FAN_OUT_RATIO_TARGET}   no delay ${r.noDelay.oneTargetMs.toFixed(0)} → ${r.noDelay.tenTargetsMs.toFixed(0)} ms, API process CPU ${r.noDelay.apiProcessCpuMs.oneTarget} → ${r.noDelay.apiProcessCpuMs.tenTargets} ms${failures.length ? `   WARNING: ${failures.length} targets did not publish: ${failures.slice(0, 2).join("; ")}` : ""}`,
      );
    }
    return { latency, throughput, fanOut, durationSeconds: round((Date.now() - started) / 1000, 1) };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

async function fanOutOn(
  runtime: Awaited<ReturnType<typeof openServerBenchRuntime>>,
  port: number,
  http: ReturnType<typeof createClient>,
  fixture: Awaited<ReturnType<typeof createPublishFixture>>,
  runs: number,
  outOfProcess: { url: string; processes: number } | null,
) {
  const publicUrl = `http://127.0.0.1:${port}`;
  if (runtime.deps.networks.sleep !== realSleep) throw new Error("the bench's runtime must use realSleep");
  const sandbox = outOfProcess ? await startSandboxServers(outOfProcess.url, publicUrl, fixture.workspaceId, platformIds, outOfProcess.processes) : null;
  const fallback = sandbox?.ports.get(SINGLE_NETWORK) ?? 0;
  const probe = await attachNetworkProbe({
    db: runtime.db,
    counter: notCounting(),
    publicUrl,
    workspaceId: fixture.workspaceId,
    sleep: realSleep,
    ...(sandbox ? { forward: sandboxForward(sandbox.ports, fallback, runtime.deps.networks.liveFetch) } : {}),
  });
  try {
    // A fresh sandbox process is cold: one more warm-up round than the runtime that served everything before.
    return await runFanOutRatio({ http, probe, fixture, runs, delayMs: 300 }, sandbox ? 2 : 1);
  } finally {
    probe.restore();
    await sandbox?.close();
  }
}
