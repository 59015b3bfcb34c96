import { AsyncLocalStorage, createHook } from "node:async_hooks";
import type { Database } from "../src/db/types.js";
import { realSleep } from "../src/domain/core/network-deps.js";
import { sandboxRuntime } from "../src/domain/accounts/sandbox/sandbox-runtime.js";
import type { PlatformId } from "../src/types/platform-ids.js";
import { adapters, platformIds } from "../src/networks/registry.js";
import type { NetworkAdapter } from "../src/networks/types.js";
import type { RoundTrip, RoundTripCounter } from "./counting-client.js";

/** A fetch as an adapter made it, with its URL and method read. */
export interface AdapterCall {
  input: RequestInfo | URL;
  init: RequestInit | undefined;
  url: URL;
  method: string;
}

const callUrl = (input: RequestInfo | URL) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

/** One call a publish made to a (simulated) network, as the adapter sent it. */
export interface NetworkCall {
  platform: PlatformId | "unattributed";
  method: string;
  /** host + path, ids left in. */
  url: string;
  /** When the adapter sent it, in ms from the window's start (the request being sent). */
  startMs: number;
  /** From the adapter's fetch to the simulator's answer, bench-added delay included. */
  ms: number;
}

/** A database round trip of Chorus itself (the simulators' own queries are left out). */
export interface ChorusTrip {
  sql: string;
  /** Sent before the request's first network call. */
  beforeFirstCall: boolean;
}

export interface ProbeWindow {
  calls: NetworkCall[];
  /** Chorus's round trips in the window, in the order sent. */
  trips: ChorusTrip[];
  /** Chorus's round trips from the window's start until the first network call; null when none was made. */
  tripsBeforeFirstCall: number | null;
  /** Round trips the simulators sent (their store is the same database in the sandbox). */
  simulatorTrips: number;
  /**
   * With `attributeCpu`: main-thread time spent running callbacks, split between the simulators'
   * code (including their PGlite queries) and everything else (Chorus, its queries, HTTP).
   */
  cpu: { simulatorMs: number; restMs: number } | null;
}

export interface NetworkProbe {
  /**
   * Starts a window (one request; the bench sends requests one at a time). `perPublishDelayMs`: the
   * first call of each network in the window answers that much later, the other calls at once.
   * By default the wait comes before the simulator sees the call, so its work is added after the
   * delay; with `workInsideDelay` the call goes at once and is answered no sooner than the delay
   * after it was sent, the simulator's work inside that time, as a real network's work is inside
   * the latency its callers see.
   */
  begin(options?: { perPublishDelayMs?: number; workInsideDelay?: boolean; attributeCpu?: boolean }): void;
  end(): ProbeWindow;
  /** Puts back the adapters' publish and the sandbox fetch. */
  restore(): void;
}

interface Scope {
  platform?: PlatformId;
  simulator?: boolean;
}

/**
 * Watches the network side of publishing in the server process, without changing what it does:
 *
 * - wraps the sandbox `fetch` the server's test-key requests use (src/domain/accounts/sandbox/sandbox-runtime.ts
 *   builds it once per database, workspace and public URL, and network-context.ts reads it for every call),
 *   to time each call and mark the request's first one;
 * - wraps every adapter's `publish` to run in an AsyncLocalStorage scope naming its network, so a
 *   call is attributed to the network whose publish sent it (hosts alone are ambiguous: Facebook
 *   and Instagram share graph.facebook.com);
 * - listens to the counted database client and drops the simulators' own queries (run inside the
 *   sandbox fetch's scope), so the counts are Chorus's round trips only.
 *
 * `sleep` must be the server's own NetworkDeps.sleep: whoever builds the sandbox runtime first fixes
 * the sleep its simulators use (the Node runtime's is realSleep).
 */
export async function attachNetworkProbe(options: {
  db: Database;
  counter: RoundTripCounter;
  publicUrl: string;
  workspaceId: string;
  sleep: (ms: number) => Promise<void>;
  /**
   * Where calls go instead of the in-process simulators: the sandbox as servers of their own,
   * told which network's publish sent the call (undefined outside a publish).
   */
  forward?: (call: AdapterCall, platform: PlatformId | undefined) => Promise<Response>;
}): Promise<NetworkProbe> {
  const scope = new AsyncLocalStorage<Scope>();
  const sandbox = await sandboxRuntime(options.db, {
    workspaceId: options.workspaceId,
    now: () => new Date(),
    publicUrl: options.publicUrl,
    networks: { sleep: options.sleep, loadSimulators: () => import("../src/sandbox/registry.js") },
  });
  const originalFetch = sandbox.fetch;
  const forward = options.forward;
  const downstream = (call: AdapterCall, platform: PlatformId | undefined) => (forward ? forward(call, platform) : originalFetch(call.input, call.init));

  let window: (ProbeWindow & { began: number; delayMs: number; workInsideDelay: boolean; delayed: Set<PlatformId>; firstCallSeen: boolean }) | null = null;

  // Exclusive time of each callback the event loop runs, by whether it belongs to a simulator
  // (async_hooks before/after; nested callbacks pause their parent). Costly, so only on request.
  const cpu = { simulatorMs: 0, restMs: 0 };
  const running: { since: number; simulator: boolean }[] = [];
  const charge = (frame: { since: number; simulator: boolean }, now: number) => {
    if (frame.simulator) cpu.simulatorMs += now - frame.since;
    else cpu.restMs += now - frame.since;
  };
  const cpuHook = createHook({
    before() {
      const now = performance.now();
      const parent = running[running.length - 1];
      if (parent) charge(parent, now);
      running.push({ since: now, simulator: scope.getStore()?.simulator === true });
    },
    after() {
      const now = performance.now();
      const frame = running.pop();
      if (frame) charge(frame, now);
      const parent = running[running.length - 1];
      if (parent) parent.since = now;
    },
  });

  sandbox.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const current = window;
    const outer = scope.getStore();
    if (current && !current.firstCallSeen) {
      current.firstCallSeen = true;
      current.tripsBeforeFirstCall = current.trips.length;
    }
    // Read as sent, without building a Request: the call should cost what it costs an adapter on a live key.
    const call = { input, init, url: new URL(callUrl(input)), method: (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase() };
    const url = call.url;
    const platform = outer?.platform;
    const started = performance.now();
    const delayed = current !== null && platform !== undefined && current.delayMs > 0 && !current.delayed.has(platform);
    if (delayed && platform) current.delayed.add(platform);
    if (delayed && !current.workInsideDelay) await realSleep(current.delayMs);
    const response = await scope.run({ ...outer, simulator: true }, () => downstream(call, platform));
    if (delayed && current.workInsideDelay) {
      const left = current.delayMs - (performance.now() - started);
      if (left > 0) await realSleep(left);
    }
    current?.calls.push({
      platform: platform ?? "unattributed",
      method: call.method,
      url: `${url.host}${url.pathname}`,
      startMs: started - current.began,
      ms: performance.now() - started,
    });
    return response;
  }) as typeof fetch;

  const stopListening = options.counter.listen((trip: RoundTrip) => {
    if (!window) return;
    if (scope.getStore()?.simulator) {
      window.simulatorTrips++;
      return;
    }
    window.trips.push({ sql: trip.sql, beforeFirstCall: !window.firstCallSeen });
  });

  const originals = new Map<PlatformId, NetworkAdapter["publish"]>();
  for (const platform of platformIds) {
    const adapter: NetworkAdapter = adapters[platform];
    const publish = adapter.publish;
    if (!publish) continue;
    originals.set(platform, publish);
    adapter.publish = (tokens, request, net) => scope.run({ platform }, () => publish.call(adapter, tokens, request, net));
  }

  return {
    begin({ perPublishDelayMs = 0, workInsideDelay = false, attributeCpu = false } = {}) {
      window = {
        began: performance.now(),
        calls: [],
        trips: [],
        tripsBeforeFirstCall: null,
        simulatorTrips: 0,
        cpu: null,
        delayMs: perPublishDelayMs,
        workInsideDelay,
        delayed: new Set(),
        firstCallSeen: false,
      };
      if (attributeCpu) {
        cpu.simulatorMs = 0;
        cpu.restMs = 0;
        running.length = 0;
        cpuHook.enable();
        window.cpu = cpu;
      }
    },
    end() {
      if (!window) throw new Error("probe: end() without begin()");
      const { calls, trips, tripsBeforeFirstCall, simulatorTrips } = window;
      const attributed = window.cpu ? { ...window.cpu } : null;
      if (window.cpu) cpuHook.disable();
      window = null;
      return { calls, trips, tripsBeforeFirstCall, simulatorTrips, cpu: attributed };
    },
    restore() {
      cpuHook.disable();
      window = null;
      sandbox.fetch = originalFetch;
      stopListening();
      for (const [platform, publish] of originals) adapters[platform].publish = publish;
    },
  };
}
