import type { Simulator } from "./types.js";

/** Header a simulator's not-found handler sets so the router can try the next simulator on a shared host. */
export const UNMATCHED_HEADER = "x-chorus-sandbox-unmatched";

/**
 * Calls the sandbox's simulated networks have answered in this isolate, for the scale bench, which
 * reads it (src/worker.ts, only under CHORUS_SIMULATED_CLOCK) to count network calls per account.
 */
export const sandboxCalls = { total: 0 };

/**
 * A `fetch` that answers requests to the networks' real hosts from the simulators, in process.
 * Adapters receive it instead of the global fetch when the caller uses a test key, so they send
 * exactly the requests they would send to the real network. Requests to hosts no simulator
 * serves are refused: a test key must never reach a real network.
 */
export function createSandboxFetch(simulators: readonly Simulator[]): typeof fetch {
  const byHost = new Map<string, Simulator[]>();
  for (const simulator of simulators) {
    for (const host of simulator.hosts) byHost.set(host, [...(byHost.get(host) ?? []), simulator]);
  }
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    sandboxCalls.total += 1;
    const request = new Request(input, init);
    const url = new URL(request.url);
    const candidates = byHost.get(url.host) ?? [];
    if (candidates.length === 0) {
      throw new TypeError(`sandbox: no simulator serves ${url.host}; test keys never reach real networks`);
    }
    const signal = request.signal;
    // One simulator for the host: it reads the request as sent. Only a shared host (graph.facebook.com)
    // needs the body kept, to offer it to the next simulator when the first does not claim it.
    if (candidates.length === 1 && candidates[0]) return untilAborted(Promise.resolve(candidates[0].app.fetch(request)), signal);
    const body = request.body ? await request.arrayBuffer() : null;
    let last: Response | null = null;
    for (const simulator of candidates) {
      // The simulator sees the caller's signal (a slow fault stops waiting when it aborts), and
      // the caller is answered with the abort at once, as a real fetch rejects when its signal fires.
      const attempt = new Request(request.url, { method: request.method, headers: request.headers, body, redirect: "manual", signal });
      const response = await untilAborted(Promise.resolve(simulator.app.fetch(attempt)), signal);
      if (!response.headers.has(UNMATCHED_HEADER)) return response;
      last = response;
    }
    return last ?? new Response("not found", { status: 404 });
  };
}

/** `work`, or the signal's reason as soon as it aborts; the listener is removed either way. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error as Error);
      },
    );
  });
}

/** The address a browser uses for a network page (OAuth consent) served by the sandbox. */
export function sandboxBrowserUrl(publicUrl: string, networkUrl: string): string {
  const url = new URL(networkUrl);
  return `${publicUrl}/sandbox/${url.host}${url.pathname}${url.search}`;
}
