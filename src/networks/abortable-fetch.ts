/**
 * A `fetch` that gives up when `signal` aborts, on top of any signal the caller passes itself.
 * The caller of a network read (a spanning read's timeout) hands its signal to the context once,
 * and every request an adapter sends through `net.fetch` is cancelled with it: the connection is
 * closed instead of being left to run until the network answers, and adapters need no change.
 */
export function fetchWithSignal(base: typeof fetch, signal: AbortSignal): typeof fetch {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : null);
    return base(input, { ...init, signal: own ? AbortSignal.any([signal, own]) : signal });
  };
}
