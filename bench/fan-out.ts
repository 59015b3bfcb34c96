import type { PlatformId } from "../src/types/platform-ids.js";
import { platformIds } from "../src/networks/registry.js";
import type { TimedResponse } from "./http-client.js";
import type { NetworkProbe, ProbeWindow } from "./network-probe.js";
import { type AccountSet, type HttpClient, type PostView, type PublishFixture, expectStatus } from "./publish-fixture.js";
import { percentile, round } from "./stats.js";
import type { CpuSplit, FanOutRatios, FanOutResult, ModeResult } from "./fan-out-types.js";

export type { CpuSplit, FanOutRatios, FanOutResult, ModeResult, RoundTripResult } from "./fan-out-types.js";

/** Target of the issue: a 10-target publish takes at most this many times a 1-target one. */
export const FAN_OUT_RATIO_TARGET = 1.2;
/** The network the 1-target publish goes to (the simplest publish: no destination, no override). */
export const SINGLE_NETWORK: PlatformId = "bluesky";

type Mode = "noDelay" | "perPublishDelay" | "perPublishLatency" | "slowFault";
type Shape = "all" | PlatformId;

interface Sample {
  ms: number;
  /** CPU this process spent during the request (the API, with the bench's client and probe), in ms. */
  cpuMs: number;
  window: ProbeWindow;
  failed: string[];
}

/** publishPrepared's claim of the targets (pending → publishing): the first statement of the fan-out. */
const CLAIM_SQL = /^update "post_targets" set "state" = \$\d*, "attempt_started_at"/;
/** Where the statements that can repeat per target come from, to name them in the report. */
const knownSources: [RegExp, string][] = [
  [CLAIM_SQL, "the targets' claim (pending → publishing), publishPrepared in src/domain/publishing/posts/publish-targets.ts"],
  [/from "app_credentials"/, "the workspace's own app credentials, workspaceCredentials in src/domain/accounts/networks/network-context.ts (networkContextFor, via withAccountSession)"],
  [/from "media"/, "media load, src/domain/publishing/media/load-media-for-publish.ts"],
  [/from "social_accounts"/, "account lookup"],
];

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** A statement's shape for grouping: whitespace collapsed, long ones cut. */
export function sqlShape(sql: string, max = 110): string {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function countBy(items: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * Publishing's fan-out over the real HTTP server and the sandbox simulators, in two set-ups and
 * a control without any delay (what 10 targets cost over 1 there is work that cannot overlap a wait:
 * in the sandbox the simulators run on the server's thread and store in its database):
 *
 * - perPublishDelay: no fault; the bench's probe makes the first call of each network in a publish
 *   answer 300 ms late, the rest at once. Every network then costs one 300 ms wait per publish,
 *   so 10 targets against 1 measures the fan-out itself. The wait comes before the simulator sees
 *   the call, so the ten simulators' work on their first calls all lands after it, at once, on
 *   this machine's cores: work the real networks do on theirs.
 * - perPublishLatency: the same wait, with the simulator's work inside it: the first call goes at
 *   once and is answered no sooner than 300 ms after it was sent, as a network 300 ms away
 *   answers (its own work is part of the latency its callers see).
 * - slowFault: the issue's literal set-up, `PUT /v1/sandbox/social-accounts/{id}/fault`
 *   `{fault: "slow", delayMs: 300}` on all ten accounts. Simulators sleep before every call of a
 *   slow account (src/sandbox/tokens.ts applyLatencyFaults), so a network's publish costs 300 ms
 *   per call it makes; the figures per network say how many.
 *
 * Each round connects a fresh account per network, then sends the 10-target publish and a 1-target
 * publish to every network, in an order rotated per round, one request at a time. Figures are
 * medians over the rounds.
 */
export function fanOutMeasurer(input: { http: HttpClient; probe: NetworkProbe; fixture: PublishFixture; runs: number; delayMs: number }) {
  const { http, probe, fixture, runs, delayMs } = input;
  let serial = 0;

  /** One request inside a probe window: the bench sends one request at a time, so the window is the request's. */
  async function watched(send: () => Promise<TimedResponse>, perPublishDelayMs: number, attributeCpu = false, workInsideDelay = false): Promise<{ response: TimedResponse; seen: ProbeWindow }> {
    probe.begin({ perPublishDelayMs, attributeCpu, workInsideDelay });
    let response: TimedResponse;
    try {
      response = await send();
    } catch (error) {
      probe.end();
      throw error;
    }
    return { response, seen: probe.end() };
  }

  async function publish(set: AccountSet, shape: Shape, perPublishDelayMs: number, attributeCpu = false, workInsideDelay = false): Promise<Sample> {
    const platforms = shape === "all" ? platformIds : [shape];
    // X and LinkedIn refuse duplicate text: every post says something new.
    const body = fixture.body(set, platforms, `Launch day #chorus (bench ${++serial})`);
    const cpu = process.cpuUsage();
    const { response, seen } = await watched(() => http.json("POST", "/v1/posts", body, fixture.auth), perPublishDelayMs, attributeCpu, workInsideDelay);
    const used = process.cpuUsage(cpu);
    const post = expectStatus(response, 201, "POST /v1/posts") as PostView;
    const failed = post.targets.filter((t) => t.state !== "published" && t.state !== "processing").map((t) => `${t.platform}: ${t.state} ${JSON.stringify(t.error)}`);
    if (post.targets.length !== platforms.length) failed.push(`${post.targets.length} targets stored for ${platforms.length} accounts`);
    return { ms: response.ms, cpuMs: (used.user + used.system) / 1000, window: seen, failed };
  }

  async function validate(set: AccountSet, shape: Shape): Promise<number> {
    const platforms = shape === "all" ? platformIds : [shape];
    const { response, seen } = await watched(() => http.json("POST", "/v1/posts/validate", fixture.body(set, platforms, "Launch day #chorus (validate)"), fixture.auth), 0);
    const report = expectStatus(response, 200, "POST /v1/posts/validate") as { valid: boolean };
    if (!report.valid) throw new Error(`the bench's post does not validate: ${response.body.slice(0, 500)}`);
    return seen.trips.length;
  }

  const shapes: Shape[] = ["all", ...platformIds];

  async function measure(mode: Mode): Promise<Record<Shape, Sample[]>> {
    const samples = Object.fromEntries(shapes.map((s) => [s, [] as Sample[]])) as Record<Shape, Sample[]>;
    const perPublishDelayMs = mode === "perPublishDelay" || mode === "perPublishLatency" ? delayMs : 0;
    for (let run = 0; run < runs; run++) {
      // A fresh account per network and round keeps every publish under the simulated posting caps.
      const set = await fixture.newAccountSet();
      if (mode === "slowFault") await fixture.setSlow(set, delayMs);
      for (let k = 0; k < shapes.length; k++) {
        const shape = shapes[(k + run) % shapes.length] as Shape;
        samples[shape].push(await publish(set, shape, perPublishDelayMs, false, mode === "perPublishLatency"));
      }
    }
    return samples;
  }

  function summarizeMode(mode: Mode, samples: Record<Shape, Sample[]>): ModeResult {
    const ms = (shape: Shape) => round(median(samples[shape].map((s) => s.ms)), 1);
    const byNetwork = Object.fromEntries(platformIds.map((p) => [p, ms(p)])) as Record<PlatformId, number>;
    const slowest = platformIds.reduce((a, b) => (byNetwork[b] > byNetwork[a] ? b : a));
    const perNetwork = (pick: (calls: ProbeWindow["calls"]) => number) =>
      Object.fromEntries(platformIds.map((p) => [p, median(samples.all.map((s) => pick(s.window.calls.filter((c) => c.platform === p))))])) as Record<PlatformId, number>;
    const tenTargetsMs = ms("all");
    const oneTargetMs = ms(SINGLE_NETWORK);
    const firstCallAt = (p: PlatformId) => round(median(samples.all.map((s) => Math.min(...s.window.calls.filter((c) => c.platform === p).map((c) => c.startMs)))), 1);
    const firstCallByNetwork = Object.fromEntries(platformIds.map((p) => [p, firstCallAt(p)])) as Record<PlatformId, number>;
    const descriptions: Record<Mode, string> = {
      noDelay: "control: no fault, no delay",
      perPublishDelay: `no fault; the first call of each network in a publish answers ${delayMs} ms late (bench probe), the others at once`,
      perPublishLatency: `no fault; the first call of each network in a publish is answered ${delayMs} ms after it was sent, the simulator's work inside that time (bench probe), the others at once`,
      slowFault: `\`slow\` fault with delayMs ${delayMs} on all ten sandbox accounts (simulators sleep before every call)`,
    };
    return {
      description: descriptions[mode],
      tenTargetsMs,
      oneTargetMs,
      oneTargetByNetworkMs: byNetwork,
      slowestOneTarget: { platform: slowest, ms: byNetwork[slowest] },
      ratio: round(tenTargetsMs / oneTargetMs, 2),
      ratioVsSlowestOne: round(tenTargetsMs / byNetwork[slowest], 2),
      callsPerPublish: perNetwork((calls) => calls.length),
      delayedCallsPerPublish: perNetwork((calls) => calls.filter((c) => c.ms >= delayMs).length),
      firstCallAtMs: {
        earliest: Math.min(...Object.values(firstCallByNetwork)),
        latest: Math.max(...Object.values(firstCallByNetwork)),
        byNetwork: firstCallByNetwork,
        oneTarget: round(median(samples[SINGLE_NETWORK].map((s) => Math.min(...s.window.calls.map((c) => c.startMs)))), 1),
      },
      apiProcessCpuMs: { oneTarget: round(median(samples[SINGLE_NETWORK].map((s) => s.cpuMs)), 1), tenTargets: round(median(samples.all.map((s) => s.cpuMs)), 1) },
      tenTargetsSamplesMs: samples.all.map((s) => round(s.ms, 1)),
      oneTargetSamplesMs: samples[SINGLE_NETWORK].map((s) => round(s.ms, 1)),
      failures: shapes.flatMap((s) => samples[s].flatMap((x) => x.failed)),
    };
  }

  /** Warm-up: JIT, the database's caches; also proves the body publishes everywhere before anything is timed. */
  async function warmUp(): Promise<AccountSet> {
    const warmSet = await fixture.newAccountSet();
    for (const shape of shapes) {
      const warm = await publish(warmSet, shape, 0);
      if (warm.failed.length > 0) throw new Error(`warm-up publish to ${shape} did not publish: ${warm.failed.join("; ")}`);
    }
    return warmSet;
  }

  return { publish, validate, measure, summarizeMode, warmUp };
}

/** The fan-out's ratio only (no fault runs, no attribution, no counting): for other set-ups. */
export async function runFanOutRatio(input: Parameters<typeof fanOutMeasurer>[0], warmUpRounds = 1): Promise<FanOutRatios> {
  const m = fanOutMeasurer(input);
  for (let i = 0; i < warmUpRounds; i++) await m.warmUp();
  const noDelay = m.summarizeMode("noDelay", await m.measure("noDelay"));
  const perPublishDelay = m.summarizeMode("perPublishDelay", await m.measure("perPublishDelay"));
  const perPublishLatency = m.summarizeMode("perPublishLatency", await m.measure("perPublishLatency"));
  return { noDelay, perPublishDelay, perPublishLatency };
}

export async function runFanOutBench(input: Parameters<typeof fanOutMeasurer>[0]): Promise<FanOutResult> {
  const { fixture, runs, delayMs } = input;
  const { publish, validate, measure, summarizeMode, warmUp } = fanOutMeasurer(input);
  const warmSet = await warmUp();

  const noDelay = await measure("noDelay");
  const perPublish = await measure("perPublishDelay");
  const perPublishLatency = await measure("perPublishLatency");
  const slow = await measure("slowFault");

  // Round trips: from the per-publish-delay runs (the fault does not change what Chorus queries).
  const beforeFirst = (shape: Shape) => perPublish[shape].map((s) => s.window.tripsBeforeFirstCall ?? Number.NaN);
  const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  const one = perPublish[SINGLE_NETWORK][0]?.window;
  const ten = perPublish.all[0]?.window;
  if (!one || !ten) throw new Error("no publish was measured");
  // One statement whatever the number of ids or rows it carries: `in ($1, $2)` and multi-row
  // `values (…), (…)` are counted once, as sent.
  const normalized = (sql: string) =>
    sql
      .replace(/\s+/g, " ")
      .trim()
      .replace(/\$\d+/g, "$")
      .replace(/ in \(\$(?:, \$)*\)/g, " in (…)")
      .replace(/ values \(.*$/, " values …");
  const statementsBeforeFirst = (w: ProbeWindow) => w.trips.filter((t) => t.beforeFirstCall).map((t) => normalized(t.sql));
  const oneCounts = countBy(statementsBeforeFirst(one));
  const tenCounts = countBy(statementsBeforeFirst(ten));
  const growing = [...tenCounts]
    .filter(([sql, n]) => n > (oneCounts.get(sql) ?? 0))
    .map(([sql, n]) => ({ sql: sqlShape(sql), source: knownSources.find(([pattern]) => pattern.test(sql))?.[1] ?? null, oneTarget: oneCounts.get(sql) ?? 0, tenTargets: n }));

  const attributed: Record<"one" | "ten", Sample[]> = { one: [], ten: [] };
  const cpuSet = await fixture.newAccountSet();
  for (let i = 0; i < 3; i++) {
    attributed.ten.push(await publish(cpuSet, "all", 0, true));
    attributed.one.push(await publish(cpuSet, SINGLE_NETWORK, 0, true));
  }
  const split = (list: Sample[]): CpuSplit => ({
    wallMs: round(median(list.map((x) => x.ms)), 1),
    simulatorMs: round(median(list.map((x) => x.window.cpu?.simulatorMs ?? Number.NaN)), 1),
    restMs: round(median(list.map((x) => x.window.cpu?.restMs ?? Number.NaN)), 1),
  });

  const beforeClaim = (shape: Shape) =>
    perPublish[shape].map((x) => {
      const at = x.window.trips.findIndex((t) => CLAIM_SQL.test(t.sql));
      return at < 0 ? Number.NaN : at;
    });
  const fanOutStart = { oneTarget: median(beforeClaim(SINGLE_NETWORK)), tenTargets: median(beforeClaim("all")) };

  const validateOne: number[] = [];
  const validateTen: number[] = [];
  for (let i = 0; i < 3; i++) {
    validateOne.push(await validate(warmSet, SINGLE_NETWORK));
    validateTen.push(await validate(warmSet, "all"));
  }

  return {
    delayMs,
    runs,
    noDelay: summarizeMode("noDelay", noDelay),
    perPublishDelay: summarizeMode("perPublishDelay", perPublish),
    perPublishLatency: summarizeMode("perPublishLatency", perPublishLatency),
    slowFault: summarizeMode("slowFault", slow),
    cpu: { oneTarget: split(attributed.one), tenTargets: split(attributed.ten) },
    roundTrips: {
      what: "Chorus's own round trips (the simulators' queries to their store, the same PGlite in the sandbox, are left out), counted at the PGlite client from the moment the request is sent until the adapter's first call reaches the sandbox fetch (all targets run at once, so with 10 targets this includes whatever the other targets sent meanwhile)",
      beforeFirstCall: {
        oneTarget: median(beforeFirst(SINGLE_NETWORK)),
        tenTargets: median(beforeFirst("all")),
        oneTargetRange: range(beforeFirst(SINGLE_NETWORK)),
        tenTargetsRange: range(beforeFirst("all")),
      },
      beforeFanOut: Number.isNaN(fanOutStart.oneTarget) || Number.isNaN(fanOutStart.tenTargets) ? null : fanOutStart,
      validateOnly: { oneTarget: median(validateOne), tenTargets: median(validateTen) },
      wholeRequest: {
        oneTarget: median(perPublish[SINGLE_NETWORK].map((s) => s.window.trips.length)),
        tenTargets: median(perPublish.all.map((s) => s.window.trips.length)),
        simulatorOneTarget: median(perPublish[SINGLE_NETWORK].map((s) => s.window.simulatorTrips)),
        simulatorTenTargets: median(perPublish.all.map((s) => s.window.simulatorTrips)),
      },
      growing,
      oneTargetStatements: statementsBeforeFirst(one).map((sql) => sqlShape(sql)),
    },
  };
}
