import { cappedBody, readCapped } from "./guarded-body.js";
import { type RefusalReason, UrlUnreachableError } from "./url-unreachable.js";
import { isBlockedAddress, isLocalName, isLoopbackAddress, parseAddress } from "./address-ranges.js";

/**
 * The one way Chorus fetches a URL that a user chose (a profile image, a PDS named by a DID
 * document, a webhook endpoint): https only, every address the name resolves to checked against
 * private, loopback, link-local, CGNAT, unique-local, multicast, documentation and metadata ranges
 * before each request and at every redirect hop, redirects followed by hand (never from https to
 * http), and caps on bytes and time.
 *
 * Every refusal and every failure is the same error with the same message, whatever the cause:
 * an answer that differed between "private address", "connection refused" and "timed out" would
 * let a caller map the deployment's internal network through us.
 *
 * Runtimes: on Node `resolve` is `dns.lookup`, and the `fetch` the Node entry passes checks the
 * address again inside the connection's own lookup (node/pinned-fetch.ts), so a name re-pointed
 * between the two lookups (DNS rebinding) is still refused. Workers have no DNS API, so the Worker
 * entry passes a resolver that answers no addresses and the check rests on the literal-IP and
 * local-name rules here plus Cloudflare's egress, which does not reach the deployment's private
 * network.
 */

export interface GuardedFetchOptions {
  /** Every address a host name resolves to (Node: dns.lookup with `all`); `[]` where no resolver exists. */
  resolve: (hostname: string) => Promise<string[]>;
  fetch: typeof fetch;
  /**
   * Lets http and https reach loopback (localhost, 127/8, ::1). For tests and local development
   * against a local server (a PDS on localhost); never set in a deployment users reach.
   */
  allowLoopbackHttp?: boolean;
}

export interface GuardedInit extends RequestInit {
  /** Largest body accepted; a larger one is refused (or cut, with `truncate`). Default 10 MB. */
  maxBytes?: number;
  /** Keep the first `maxBytes` of a larger body instead of refusing it (an HTML page's head). */
  truncate?: boolean;
  /** Whole exchange, every hop and the body included. Default 10 s. */
  timeoutMs?: number;
  /** Redirects followed, each checked like the first URL. Default 3; 0 refuses any redirect. */
  maxRedirects?: number;
  /** The request field the URL came from, named in the error. */
  param?: string;
}

export interface GuardedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The URL that answered, after redirects. */
  url: string;
  /**
   * A hop went to a loopback address the guard admits only by `allowLoopbackHttp`: the answer
   * comes from this machine, so a caller must not show its body to the user who chose the URL.
   */
  local: boolean;
}

/** An answer whose body is read as it arrives, still under the byte and time caps. */
export interface GuardedStreamResponse extends Omit<GuardedResponse, "body"> {
  /**
   * Errors with `url_unreachable` (reason `too_large` or `timeout`) the moment the answer passes
   * `maxBytes` or the deadline, so a reader storing it stops there.
   */
  body: ReadableStream<Uint8Array>;
}

export interface GuardedFetch {
  (url: string, init?: GuardedInit): Promise<GuardedResponse>;
  /**
   * The same checks and caps, with the body as a stream instead of one array: for a file too large
   * to hold in memory (a video imported by URL). `truncate` does not apply.
   */
  stream(url: string, init?: GuardedInit): Promise<GuardedStreamResponse>;
  /** The checks alone (scheme, literal address, resolved addresses), for a URL stored to be used later. */
  check(url: string, param?: string): Promise<URL>;
}

export { type RefusalReason, URL_UNREACHABLE_MESSAGE, UrlUnreachableError } from "./url-unreachable.js";

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials never follow a redirect to another origin. */
const CROSS_ORIGIN_DROPPED = ["authorization", "cookie", "proxy-authorization"];

export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const loopbackAllowed = options.allowLoopbackHttp === true;

  /** The URL checked, and whether it reaches loopback by the allowance (which only a local setup turns on). */
  async function inspect(raw: string | URL, param?: string): Promise<{ url: URL; local: boolean }> {
    const refuse = (reason: RefusalReason) => new UrlUnreachableError(reason, param);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refuse("url");
    }
    if (url.username || url.password) throw refuse("url");
    // The URL parser has already turned 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1.
    const host = url.hostname;
    const literal = parseAddress(host) !== null;
    const loopbackName = host.toLowerCase() === "localhost";
    const loopbackHost = loopbackName || (literal && isLoopbackAddress(host));
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackAllowed && loopbackHost)) throw refuse("url");
    if (literal) {
      if (isBlockedAddress(host) && !(loopbackAllowed && loopbackHost)) throw refuse("address");
      return { url, local: loopbackHost };
    }
    if (loopbackName && loopbackAllowed) return { url, local: true };
    if (isLocalName(host)) throw refuse("address");
    let addresses: string[];
    try {
      addresses = await options.resolve(host);
    } catch {
      throw refuse("transport");
    }
    if (addresses.some((address) => isBlockedAddress(address) && !(loopbackAllowed && isLoopbackAddress(address)))) throw refuse("address");
    return { url, local: addresses.some((address) => isLoopbackAddress(address)) };
  }

  async function check(raw: string | URL, param?: string): Promise<URL> {
    return (await inspect(raw, param)).url;
  }

  /** Sends the request and follows redirects, each hop checked; the final answer's body is unread. */
  async function exchange(raw: string, init: GuardedInit) {
    const { maxBytes = DEFAULT_MAX_BYTES, timeoutMs = DEFAULT_TIMEOUT_MS, maxRedirects = DEFAULT_MAX_REDIRECTS, truncate = false, param, ...request } = init;
    const refuse = (reason: RefusalReason) => new UrlUnreachableError(reason, param);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    let { url, local } = await inspect(raw, param);
    let method = (request.method ?? "GET").toUpperCase();
    let body = request.body ?? null;
    const headers = new Headers(request.headers);

    for (let hop = 0; ; hop += 1) {
      let response: Response;
      try {
        response = await options.fetch(url.toString(), { ...request, method, headers, body, redirect: "manual", signal });
      } catch {
        throw refuse(signal.aborted ? "timeout" : "transport");
      }
      const location = response.headers.get("location");
      if (!REDIRECT_STATUSES.has(response.status) || location === null || request.redirect === "manual") {
        return { response, url: url.toString(), local, signal, refuse, caps: { maxBytes, truncate } };
      }
      await response.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) throw refuse("redirect");
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw refuse("redirect");
      }
      if (url.protocol === "https:" && next.protocol !== "https:") throw refuse("redirect");
      const checked = await inspect(next, param);
      next = checked.url;
      local ||= checked.local;
      // 303, and 301/302 after a POST, become a GET without a body, as browsers do.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = null;
        headers.delete("content-type");
      } else if (body instanceof ReadableStream) {
        throw refuse("redirect");
      }
      if (next.origin !== url.origin) for (const name of CROSS_ORIGIN_DROPPED) headers.delete(name);
      url = next;
    }
  }

  async function guardedFetch(raw: string, init: GuardedInit = {}): Promise<GuardedResponse> {
    const { response, url, local, signal, refuse, caps } = await exchange(raw, init);
    return { status: response.status, headers: response.headers, body: await readCapped(response, caps, signal, refuse), url, local };
  }

  async function stream(raw: string, init: GuardedInit = {}): Promise<GuardedStreamResponse> {
    const { response, url, local, signal, refuse, caps } = await exchange(raw, { ...init, truncate: false });
    return { status: response.status, headers: response.headers, body: cappedBody(response, caps.maxBytes, signal, refuse), url, local };
  }

  return Object.assign(guardedFetch, { check, stream });
}

/**
 * The guard as a plain `fetch`, for an adapter whose network host is chosen by the user (Bluesky:
 * the PDS a DID document names), so every request it sends is checked the same way.
 */
export function guardedAsFetch(guarded: GuardedFetch, caps: { maxBytes: number; timeoutMs: number }): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const merged: RequestInit = request ? { method: request.method, headers: request.headers, body: request.body ? await request.arrayBuffer() : null, ...init } : { ...init };
    const answer = await guarded(url, { ...merged, ...caps });
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304 || (answer.status >= 100 && answer.status < 200);
    return new Response(empty ? null : answer.body.slice(), { status: answer.status, headers: answer.headers });
  };
}
