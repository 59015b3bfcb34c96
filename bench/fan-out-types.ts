import type { PlatformId } from "../src/types/platform-ids.js";

/** The fan-out bench's results (bench/fan-out.ts). */

export interface ModeResult {
  description: string;
  /** Medians in ms. */
  tenTargetsMs: number;
  oneTargetMs: number;
  /** Median 1-target publish per network. */
  oneTargetByNetworkMs: Record<PlatformId, number>;
  slowestOneTarget: { platform: PlatformId; ms: number };
  /** The figure of the issue: tenTargets / oneTarget (on SINGLE_NETWORK). */
  ratio: number;
  /** tenTargets / the slowest network's own 1-target publish: the fan-out's overhead alone. */
  ratioVsSlowestOne: number;
  /** Network calls one publish makes, per network (median over the 10-target runs). */
  callsPerPublish: Record<PlatformId, number>;
  /** Of those, calls that waited the delay (took at least delayMs). */
  delayedCallsPerPublish: Record<PlatformId, number>;
  /**
   * In the 10-target publish, when each network's first call left, in ms after the request was
   * sent (median over the runs): all at about the same time means the targets really run at once.
   */
  firstCallAtMs: { earliest: number; latest: number; byNetwork: Record<PlatformId, number>; oneTarget: number };
  /**
   * CPU time of the bench's process per publish, medians: the API (with the bench's HTTP client and
   * probe), and with the simulators in this process their work too. With them in a process of
   * their own, what grows from 1 to 10 targets here is Chorus's own work per target.
   */
  apiProcessCpuMs: { oneTarget: number; tenTargets: number };
  tenTargetsSamplesMs: number[];
  oneTargetSamplesMs: number[];
  /** Targets that did not publish (should be none; a failure makes the timings meaningless). */
  failures: string[];
}

export interface RoundTripResult {
  what: string;
  /** Chorus's round trips from request start to the first network call, median over the runs. */
  beforeFirstCall: { oneTarget: number; tenTargets: number; oneTargetRange: [number, number]; tenTargetsRange: [number, number] };
  /**
   * From request start to the first target's claim (the first statement of the fan-out,
   * publishPrepared's UPDATE pending → publishing): the preparation and the post's transaction.
   * Null if the claim's SQL is not recognized any more.
   */
  beforeFanOut: { oneTarget: number; tenTargets: number } | null;
  /** POST /v1/posts/validate (resolve targets, load media, checks; no network): round trips per request. */
  validateOnly: { oneTarget: number; tenTargets: number };
  /** The whole POST /v1/posts request, Chorus's side and the simulators' (same database in the sandbox). */
  wholeRequest: { oneTarget: number; tenTargets: number; simulatorOneTarget: number; simulatorTenTargets: number };
  /** Statements sent before the first network call more often with 10 targets than with 1, from one run each. */
  growing: { sql: string; source: string | null; oneTarget: number; tenTargets: number }[];
  /** The statements before the first network call of a 1-target publish, in order (one run). */
  oneTargetStatements: string[];
}

export interface FanOutResult {
  delayMs: number;
  runs: number;
  /** Control: no delay at all. What 10 targets cost over 1 here is work that cannot overlap a wait. */
  noDelay: ModeResult;
  /** One wait per network per publish, before the simulator's work. */
  perPublishDelay: ModeResult;
  /** The same wait with the simulator's work inside it, as a real network's is inside its latency. */
  perPublishLatency: ModeResult;
  slowFault: ModeResult;
  roundTrips: RoundTripResult;
  /**
   * Where the main thread's time goes in a publish without delay (async_hooks attribution, own
   * runs since the hooks slow everything down): the simulators' code and queries, which on the
   * real networks run elsewhere, and the rest (Chorus, its queries, HTTP). Medians, in ms.
   */
  cpu: { oneTarget: CpuSplit; tenTargets: CpuSplit };
}

/** The fan-out's ratio alone, for the set-ups other than the main one (bench/server-database.ts). */
export interface FanOutRatios {
  noDelay: ModeResult;
  perPublishDelay: ModeResult;
  perPublishLatency: ModeResult;
}

export interface CpuSplit {
  wallMs: number;
  simulatorMs: number;
  restMs: number;
}
