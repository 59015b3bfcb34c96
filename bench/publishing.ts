import { realSleep } from "../src/domain/core/network-deps.js";
import type { RoundTripCounter } from "./counting-client.js";
import { FAN_OUT_RATIO_TARGET, type FanOutResult, type ModeResult, SINGLE_NETWORK, runFanOutBench } from "./fan-out.js";
import { attachNetworkProbe } from "./network-probe.js";
import { type HttpClient, createPublishFixture } from "./publish-fixture.js";
import { LAG_TARGET_MS, type ScheduledLagResult, runScheduledLagBench } from "./scheduled-lag.js";
import { type LagFigures, type SlowNetworkLagResult, runSlowNetworkLagBench } from "./slow-network-lag.js";
import { pgliteWakeups } from "../src/node/job-wakeups.js";
import type { BenchRuntime } from "./setup.js";

export interface PublishingResult {
  fanOut: FanOutResult;
  scheduled: ScheduledLagResult;
  /** Twenty posts due at once with one slow network (issue 7 item 2). */
  dueTogether: SlowNetworkLagResult;
  targets: {
    fanOut: { max: number; on: string; value: number; met: boolean; withWorkInsideWait: { value: number; met: boolean } };
    roundTripsBeforeFanOut: { on: string; oneTarget: number; tenTargets: number; met: boolean; untilFirstNetworkCall: { oneTarget: number; tenTargets: number; met: boolean } };
    scheduledLag: { max: number; on: string; value: number; met: boolean };
  };
  durationSeconds: number;
}

const ok = (met: boolean) => (met ? "met" : "MISSED");
const ms = (v: number) => `${v.toFixed(0)} ms`;

function modeLines(m: ModeResult): string[] {
  return [
    `    1 target (${SINGLE_NETWORK}) ${ms(m.oneTargetMs).padStart(8)}   10 targets ${ms(m.tenTargetsMs).padStart(8)}   ratio ${m.ratio.toFixed(2)}`,
    `    slowest 1-target publish: ${m.slowestOneTarget.platform} ${ms(m.slowestOneTarget.ms)}; 10 targets / that ${m.ratioVsSlowestOne.toFixed(2)}`,
    `    1 target per network: ${Object.entries(m.oneTargetByNetworkMs)
      .map(([p, v]) => `${p} ${v.toFixed(0)}`)
      .join(", ")} ms`,
    `    first network call ${m.firstCallAtMs.oneTarget.toFixed(0)} ms after the request with 1 target; with 10, each network's first call ${m.firstCallAtMs.earliest.toFixed(0)}-${m.firstCallAtMs.latest.toFixed(0)} ms after`,
    `    calls per publish (delayed ≥ delay): ${Object.keys(m.callsPerPublish)
      .map((p) => `${p} ${m.callsPerPublish[p as keyof typeof m.callsPerPublish]} (${m.delayedCallsPerPublish[p as keyof typeof m.delayedCallsPerPublish]})`)
      .join(", ")}`,
    ...(m.failures.length > 0 ? [`    WARNING: ${m.failures.length} targets did not publish: ${m.failures.slice(0, 3).join("; ")}`] : []),
  ];
}

/**
 * The publishing figures of the bench, on the same Node runtime and HTTP server as the API core
 * figures (run after them): the fan-out of a 10-target publish, the database round trips before
 * it, and the lag of scheduled posts on the in-process job poller. Prints as it goes.
 */
export async function runPublishingBench(input: { runtime: BenchRuntime; counter: RoundTripCounter; port: number; http: HttpClient; runs: number; scheduledPosts: number }): Promise<PublishingResult> {
  const { runtime, counter, port, http, runs, scheduledPosts } = input;
  const started = Date.now();
  const delayMs = 300;
  // The issue's figures need the server to really wait: the Node runtime's NetworkDeps.sleep.
  if (runtime.deps.networks.sleep !== realSleep) throw new Error("the bench's runtime must use realSleep for the sandbox's slow accounts");
  const fixture = await createPublishFixture(runtime.db, http);

  // The HTTP server derives its public URL from the request (no CHORUS_PUBLIC_URL in the bench).
  const probe = await attachNetworkProbe({ db: runtime.db, counter, publicUrl: `http://127.0.0.1:${port}`, workspaceId: fixture.workspaceId, sleep: runtime.deps.networks.sleep });
  let fanOut: FanOutResult;
  try {
    fanOut = await runFanOutBench({ http, probe, fixture, runs, delayMs });
  } finally {
    probe.restore();
  }

  const a = fanOut.perPublishDelay;
  const b = fanOut.slowFault;
  const rt = fanOut.roundTrips;
  console.log(`Publishing (sandbox networks over the HTTP API, Node runtime with real sleeps; medians of ${runs} rounds, ${delayMs} ms network delay):`);
  const c = fanOut.noDelay;
  console.log(
    `  control, no delay: 1 target (${SINGLE_NETWORK}) ${ms(c.oneTargetMs)}, 10 targets ${ms(c.tenTargetsMs)}: ${ms(c.tenTargetsMs - c.oneTargetMs)} of work that no wait can hide (sandbox: simulators share the thread and the database); process CPU ${ms(c.apiProcessCpuMs.oneTarget)} → ${ms(c.apiProcessCpuMs.tenTargets)}`,
  );
  const cpu = fanOut.cpu;
  console.log(
    `    main thread, no delay (async_hooks, own runs): 1 target ${ms(cpu.oneTarget.wallMs)} wall = simulator ${ms(cpu.oneTarget.simulatorMs)} + rest ${ms(cpu.oneTarget.restMs)}; 10 targets ${ms(cpu.tenTargets.wallMs)} wall = simulators ${ms(cpu.tenTargets.simulatorMs)} + rest ${ms(cpu.tenTargets.restMs)}`,
  );
  console.log(`  fan-out A, one ${delayMs} ms wait per network per publish (bench probe on the sandbox fetch, no fault), the simulator's work after the wait:`);
  for (const line of modeLines(a)) console.log(line);
  console.log(`    target 10 targets <= ${FAN_OUT_RATIO_TARGET} x 1 target: ${ok(a.ratio <= FAN_OUT_RATIO_TARGET)}`);
  const l = fanOut.perPublishLatency;
  console.log(`  fan-out A', the same wait with the simulator's work inside it (each network's first call answered ${delayMs} ms after it was sent):`);
  for (const line of modeLines(l)) console.log(line);
  console.log(`    target 10 targets <= ${FAN_OUT_RATIO_TARGET} x 1 target: ${ok(l.ratio <= FAN_OUT_RATIO_TARGET)}`);
  console.log(`  fan-out B, \`slow\` fault delayMs ${delayMs} on all ten accounts (the delay applies to every call):`);
  for (const line of modeLines(b)) console.log(line);
  console.log(
    `    target 10 targets <= ${FAN_OUT_RATIO_TARGET} x 1 target: ${ok(b.ratio <= FAN_OUT_RATIO_TARGET)} (vs the slowest network's own publish: ${ok(b.ratioVsSlowestOne <= FAN_OUT_RATIO_TARGET)})`,
  );
  const beforeFanOut = rt.beforeFanOut;
  const fanOutFlat = beforeFanOut !== null && beforeFanOut.tenTargets <= beforeFanOut.oneTarget && rt.validateOnly.tenTargets <= rt.validateOnly.oneTarget;
  const untilCallFlat = rt.beforeFirstCall.tenTargets <= rt.beforeFirstCall.oneTarget;
  console.log(`  DB round trips of Chorus per POST /v1/posts (counted at the PGlite client; the simulators' own queries left out), 1 target → 10 targets:`);
  console.log(
    `    before the fan-out (request start → first target's claim) ${beforeFanOut ? `${beforeFanOut.oneTarget} → ${beforeFanOut.tenTargets}` : "n/a (claim SQL not recognized)"}   validate-only (same preparation) ${rt.validateOnly.oneTarget} → ${rt.validateOnly.tenTargets}   target not growing: ${ok(fanOutFlat)}`,
  );
  console.log(
    `    until the first network call ${rt.beforeFirstCall.oneTarget} → ${rt.beforeFirstCall.tenTargets} (runs ${rt.beforeFirstCall.oneTargetRange.join("-")} / ${rt.beforeFirstCall.tenTargetsRange.join("-")})   not growing: ${ok(untilCallFlat)}`,
  );
  console.log(`    whole request ${rt.wholeRequest.oneTarget} → ${rt.wholeRequest.tenTargets}   (the simulators' own: ${rt.wholeRequest.simulatorOneTarget} → ${rt.wholeRequest.simulatorTenTargets})`);
  for (const g of rt.growing) console.log(`    before the first network call, once per target (${g.oneTarget} → ${g.tenTargets}): ${g.source ?? g.sql}`);

  const wakeups = pgliteWakeups(runtime.client);
  const scheduled = await runScheduledLagBench({ db: runtime.db, deps: runtime.deps, port, http, fixture, count: scheduledPosts, wakeups });
  console.log(
    `  scheduled posts: ${scheduled.posts} on Bluesky, ${scheduled.leadMs} ms ahead, ${scheduled.staggerMs} ms apart, in-process poller sleeping until due, woken on enqueue (${scheduled.retiredJobs} leftover jobs of the fan-out runs retired first)`,
  );
  console.log(
    `    lag scheduledAt → publishedAt  p50 ${ms(scheduled.lagMs.p50)}  p95 ${ms(scheduled.lagMs.p95)}  max ${ms(scheduled.lagMs.max)}  (min ${ms(scheduled.lagMs.min)})   target max <= ${LAG_TARGET_MS} ms: ${ok(scheduled.lagMs.max <= LAG_TARGET_MS)}`,
  );
  if (scheduled.failures.length > 0) console.log(`    WARNING: ${scheduled.failures.length} scheduled posts did not publish: ${scheduled.failures.slice(0, 3).join("; ")}`);
  const dueTogether = await runSlowNetworkLagBench({ db: runtime.db, deps: runtime.deps, port, http, fixture, wakeups });
  const lag = (f: LagFigures) => `p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)} (${f.targets} targets)`;
  console.log(
    `  ${dueTogether.posts} posts due together, every fourth on ${dueTogether.slowNetwork} answering each call in ${dueTogether.slowMs} ms (one publish there alone: ${ms(dueTogether.slowAloneMs)}); jobs run ${dueTogether.concurrency} at once, ${dueTogether.perWorkspace} per workspace:`,
  );
  console.log(`    lag on the fast networks  ${lag(dueTogether.fast)}`);
  console.log(`    lag on the slow network   ${lag(dueTogether.slow)}`);
  if (dueTogether.failures.length > 0) console.log(`    WARNING: ${dueTogether.failures.length} posts did not publish: ${dueTogether.failures.slice(0, 3).join("; ")}`);

  return {
    fanOut,
    scheduled,
    dueTogether,
    targets: {
      fanOut: {
        max: FAN_OUT_RATIO_TARGET,
        on: `median 10-target publish / median 1-target (${SINGLE_NETWORK}) publish, one ${delayMs} ms wait per network per publish (value: the simulator's work after the wait; withWorkInsideWait: inside it)`,
        value: a.ratio,
        met: a.ratio <= FAN_OUT_RATIO_TARGET,
        withWorkInsideWait: { value: fanOut.perPublishLatency.ratio, met: fanOut.perPublishLatency.ratio <= FAN_OUT_RATIO_TARGET },
      },
      roundTripsBeforeFanOut: {
        on: "Chorus round trips from request start to the first target's claim (and for validate-only), 1 vs 10 targets",
        oneTarget: beforeFanOut?.oneTarget ?? Number.NaN,
        tenTargets: beforeFanOut?.tenTargets ?? Number.NaN,
        met: fanOutFlat,
        untilFirstNetworkCall: { oneTarget: rt.beforeFirstCall.oneTarget, tenTargets: rt.beforeFirstCall.tenTargets, met: untilCallFlat },
      },
      scheduledLag: { max: LAG_TARGET_MS, on: "max over the posts of publishedAt - scheduledAt", value: scheduled.lagMs.max, met: scheduled.lagMs.max <= LAG_TARGET_MS },
    },
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
